import { ALL_PERMISSIONS } from "@signet/contract";
import { buildGroup, buildOrganization, buildRole, buildUser, grantRoles } from "@signet/core";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD, startTestApp, type TestApp } from "./support/app.ts";
import { expectNoAxeViolations } from "./support/axe.ts";
import { type BrowserSession, launchBrowser } from "./support/browser.ts";
import { expectNoHorizontalOverflow, signInAs } from "./support/journeys.ts";

// Issue 33 §5: the administrator of a new, empty organization finds a short checklist on the
// workspace; each step opens its page, and a step done there is ticked from the organization's data.

describe("a new organization's checklist", () => {
  let app: TestApp;
  let browser: BrowserSession;
  let adminEmail: string;

  beforeAll(async () => {
    app = await startTestApp();
    const db = app.server.db;
    const organization = await buildOrganization(db, { name: "Harbor Credit Union" });
    const role = await buildRole(db, { organizationId: organization.id, name: "Admin", permissions: ALL_PERMISSIONS });
    const group = await buildGroup(db, { organizationId: organization.id, name: "Everyone" });
    const admin = await buildUser(db, {
      email: "hana.admin@harbor.example.com",
      givenName: "Hana",
      familyName: "Admin",
      homeOrganizationId: organization.id,
      password: DEMO_PASSWORD,
    });
    await grantRoles(db, { organizationId: organization.id, groupId: group.id, userId: admin.id, roleIds: [role.id] });
    adminEmail = admin.email;
    browser = await launchBrowser({ baseURL: app.url, bypassCSP: true });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  const checklist = (page: Page) => page.getByRole("region", { name: "Get Harbor Credit Union ready" });
  const step = (page: Page, id: string) => checklist(page).locator(`[data-step="${id}"]`);

  it("shows the admin its first steps, leads to a step's page and ticks it once done", async () => {
    const { page } = browser;
    await signInAs(page, adminEmail);
    await page.getByRole("heading", { name: "Workspace", level: 1 }).waitFor();
    await checklist(page).getByText("0 of 5 done.", { exact: false }).waitFor();
    await expectNoAxeViolations(page);

    // each step leads to its page
    await checklist(page).getByRole("link", { name: "Add your branding" }).click();
    await page.waitForURL((url) => url.pathname === "/settings" && url.searchParams.get("page") === "branding");
    await page.goBack();
    await checklist(page).getByRole("link", { name: "Create a first template" }).click();
    const form = page.getByRole("dialog", { name: "New package template" });
    await form.getByRole("textbox", { name: "Name" }).fill("Refinance");
    await form.getByRole("button", { name: "Create template" }).click();
    await page.waitForURL(/\/settings\/package-templates\/[0-9a-f-]+/);

    await page.goto("/workspace");
    await checklist(page).getByText("1 of 5 done.", { exact: false }).waitFor();
    expect(await step(page, "template").getAttribute("data-done")).toBe("true");
    await step(page, "template").getByText("(done)").waitFor();
    expect(await step(page, "branding").getAttribute("data-done")).toBe("false");

    // the test package step starts a package in the builder
    await checklist(page).getByRole("button", { name: "Send a test package to yourself" }).click();
    await page.waitForURL(/\/packages\/[0-9a-f-]+\/build/);
  });

  it("fits a phone, and stays hidden once dismissed", async () => {
    const phone = await launchBrowser({ baseURL: app.url, bypassCSP: true, viewport: { width: 390, height: 844 } });
    try {
      const { page } = phone;
      await signInAs(page, adminEmail);
      await checklist(page).waitFor();
      await expectNoHorizontalOverflow(page);
      await expectNoAxeViolations(page);
      await checklist(page).getByRole("button", { name: "Hide this checklist" }).click();
      await checklist(page).waitFor({ state: "detached" });
      await page.reload();
      await page.getByRole("heading", { name: "Workspace", level: 1 }).waitFor();
      await page.getByRole("table", { name: "Packages" }).waitFor();
      expect(await checklist(page).count()).toBe(0);
    } finally {
      await phone.close();
    }
  });

  it("is not offered to the loan officer", async () => {
    const { page } = browser;
    await browser.context.clearCookies();
    await signInAs(page, app.users.member);
    await page.getByRole("heading", { name: "Workspace", level: 1 }).waitFor();
    await page.getByRole("table", { name: "Packages" }).waitFor();
    expect(await page.getByRole("region", { name: /ready$/ }).count()).toBe(0);
  });
});
