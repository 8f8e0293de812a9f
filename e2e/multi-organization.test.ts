import { ALL_PERMISSIONS } from "@signet/contract";
import { addMembership, buildGroup, buildOrganization, buildRole, buildUser, grantRoles } from "@signet/core";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEMO_PASSWORD, startTestApp, type TestApp } from "./support/app.ts";
import { type BrowserSession, launchBrowser } from "./support/browser.ts";
import { currentPath, signIn } from "./support/journeys.ts";

// Journey 2: a user of several organizations signs in partially and picks one.
describe("multi-organization sign-in", () => {
  let app: TestApp;
  let browser: BrowserSession;
  const email = "morgan@multi.example";

  beforeAll(async () => {
    app = await startTestApp();
    const db = app.server.db;
    const home = await buildOrganization(db, { name: "Northwind Bank" });
    const other = await buildOrganization(db, { name: "Harbor Credit Union" });
    const disabled = await buildOrganization(db, { name: "Old Mutual Savings" });
    const user = await buildUser(db, {
      email,
      givenName: "Morgan",
      familyName: "Multi",
      homeOrganizationId: home.id,
      password: DEMO_PASSWORD,
    });
    for (const organization of [home, other]) {
      const role = await buildRole(db, {
        organizationId: organization.id,
        name: "Admin",
        permissions: ALL_PERMISSIONS,
      });
      const group = await buildGroup(db, { organizationId: organization.id, name: "Org Admin" });
      if (organization.id !== home.id) await addMembership(db, { userId: user.id, organizationId: organization.id });
      await grantRoles(db, { organizationId: organization.id, groupId: group.id, userId: user.id, roleIds: [role.id] });
    }
    await addMembership(db, { userId: user.id, organizationId: disabled.id, enabled: false });
  });
  afterAll(async () => {
    await app?.close();
  });
  beforeEach(async () => {
    browser = await launchBrowser({ baseURL: app.url });
  });
  afterEach(async () => {
    await browser?.close();
  });

  it("picks an organization and goes on to the returnUrl", async () => {
    const { page } = browser;
    await page.goto("/settings");
    await page.waitForURL((url) => url.pathname === "/sign-in");
    await signIn(page, email, DEMO_PASSWORD);

    await page.getByRole("heading", { name: "Select an organization" }).waitFor();
    expect(currentPath(page)).toBe("/select-organization?returnUrl=%2Fsettings");
    const list = page.getByRole("list", { name: "Organizations" });
    await list.getByRole("listitem").nth(2).waitFor();
    expect(await list.getByRole("listitem").allInnerTexts()).toEqual([
      expect.stringMatching(/^Northwind Bank\s+Home$/i),
      "Harbor Credit Union",
      expect.stringMatching(/^Old Mutual Savings\s+Disabled$/i),
    ]);
    expect(await page.getByRole("button", { name: "Old Mutual Savings" }).isDisabled()).toBe(true);
    // Only the logo while the sign-in is partial.
    expect(await page.getByRole("button", { name: /^My account:/ }).count()).toBe(0);

    await page.getByRole("button", { name: "Harbor Credit Union" }).click();
    await page.getByRole("heading", { name: "Settings", level: 1 }).waitFor();
    expect(currentPath(page)).toBe("/settings");
    const account = page.getByRole("button", { name: /^My account: Morgan Multi/ });
    await expect.poll(() => account.textContent()).toContain("Harbor Credit Union");

    // A full sign-in has no business on select-organization.
    await page.goto("/select-organization");
    await page.waitForURL((url) => url.pathname === "/workspace");
  });

  it("a partial sign-in cannot skip the choice", async () => {
    const { page } = browser;
    await page.goto("/sign-in");
    await signIn(page, email, DEMO_PASSWORD);
    await page.getByRole("heading", { name: "Select an organization" }).waitFor();
    await page.goto("/workspace");
    await page.waitForURL((url) => url.pathname === "/select-organization");
    expect(currentPath(page)).toBe("/select-organization?returnUrl=%2Fworkspace");
  });
});
