import { permissionBits } from "@signet/contract";
import { buildGroup, buildOrganization, buildRole, buildUser, grantRoles } from "@signet/core";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEMO_PASSWORD, startTestApp, type TestApp } from "./support/app.ts";
import { type BrowserSession, launchBrowser } from "./support/browser.ts";
import { currentPath, signIn } from "./support/journeys.ts";
import { screenshot } from "./support/screenshots.ts";

// Journey 1: sign in → the menus match the user's permissions → sign out.
describe("sign in, menus by permission, sign out", () => {
  let app: TestApp;
  let browser: BrowserSession;

  const packageOnlyEmail = "pat@packages.example";
  const expiredEmail = "eve@expired.example";

  beforeAll(async () => {
    app = await startTestApp();
    // A member with package permissions only, in an organization without the demo features.
    const db = app.server.db;
    const organization = await buildOrganization(db, { name: "Plain Savings Bank" });
    const role = await buildRole(db, {
      organizationId: organization.id,
      name: "Processor",
      permissions: permissionBits(["VIEW_DOCUMENTS_PACKAGES", "MANAGE_DOCUMENTS_PACKAGES"]),
    });
    const group = await buildGroup(db, { organizationId: organization.id, name: "Processors" });
    const user = await buildUser(db, {
      email: packageOnlyEmail,
      givenName: "Pat",
      familyName: "Packages",
      homeOrganizationId: organization.id,
      password: DEMO_PASSWORD,
    });
    await grantRoles(db, { organizationId: organization.id, groupId: group.id, userId: user.id, roleIds: [role.id] });
    const expired = await buildUser(db, {
      email: expiredEmail,
      givenName: "Eve",
      familyName: "Expired",
      homeOrganizationId: organization.id,
      password: DEMO_PASSWORD,
      passwordExpiresAt: new Date(Date.now() - 60_000),
    });
    await grantRoles(db, {
      organizationId: organization.id,
      groupId: group.id,
      userId: expired.id,
      roleIds: [role.id],
    });
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

  it("an admin sees Administration with Access control, then signs out", async () => {
    const { page, context } = browser;
    await page.goto("/workspace");
    await page.waitForURL((url) => url.pathname === "/sign-in");
    expect(currentPath(page)).toBe("/sign-in?returnUrl=%2Fworkspace");

    await signIn(page, app.users.admin, DEMO_PASSWORD);
    await page.getByRole("heading", { name: "Workspace", level: 1 }).waitFor();
    expect(currentPath(page)).toBe("/workspace");
    await page.getByRole("button", { name: "Administration" }).click();
    await page.getByRole("menuitem").first().waitFor();
    expect(await page.getByRole("menuitem").allInnerTexts()).toEqual([
      "Access control",
      "Settings",
      "Reports",
      "Embedded signing demo",
      "Package collaboration demo",
      "Organization import/export",
    ]);
    await page.keyboard.press("Escape");
    await page.getByRole("menu").waitFor({ state: "hidden" });
    await screenshot(page, "workspace-admin");

    await page.getByRole("button", { name: "Support", exact: true }).click();
    // the menu opens after the click resolves: read its items only once it is shown
    await page.getByRole("menuitem", { name: "Documentation" }).waitFor();
    const support = await page.getByRole("menuitem").allInnerTexts();
    expect(support).toContain("Documentation");
    expect(support).not.toContain("Build info");
    await page.keyboard.press("Escape");

    const account = page.getByRole("button", { name: /^My account: Alex Admin/ });
    await expect.poll(() => account.textContent()).toContain("Demo Lending");
    await account.click();
    await page.getByRole("menuitem", { name: "Sign out" }).click();
    await page.waitForURL((url) => url.pathname === "/sign-in");
    expect(currentPath(page)).toBe("/sign-in?returnUrl=%2Fworkspace");
    const cookies = await context.cookies();
    expect(cookies.map((c) => c.name)).not.toContain("signet_payload");

    // Signed out, a guarded page goes back to sign-in.
    await page.goto("/settings");
    await page.waitForURL((url) => url.pathname === "/sign-in");
    expect(currentPath(page)).toBe("/sign-in?returnUrl=%2Fsettings");
    expect(browser.errors.filter((e) => e.startsWith("pageerror"))).toEqual([]);
  });

  it("a member with only package permissions has no Administration menu", async () => {
    const { page } = browser;
    await page.goto("/sign-in");
    await signIn(page, packageOnlyEmail, DEMO_PASSWORD);
    await page.getByRole("heading", { name: "Workspace", level: 1 }).waitFor();
    await page.getByRole("button", { name: /^My account: Pat Packages/ }).waitFor();
    await page.getByRole("link", { name: "Workspace" }).waitFor();
    expect(await page.getByRole("button", { name: "Administration" }).count()).toBe(0);
  });

  it("the demo member sees only the demos their organization has switched on (spec §6)", async () => {
    const { page } = browser;
    await page.goto("/sign-in");
    await signIn(page, app.users.member, DEMO_PASSWORD);
    await page.getByRole("heading", { name: "Workspace", level: 1 }).waitFor();
    await page.getByRole("button", { name: "Administration" }).click();
    await page.getByRole("menuitem").first().waitFor();
    expect(await page.getByRole("menuitem").allInnerTexts()).toEqual([
      "Embedded signing demo",
      "Package collaboration demo",
    ]);
  });

  it("a support user also sees SAML providers, Notifications and Build info", async () => {
    const { page } = browser;
    await page.goto("/sign-in?returnUrl=%2Fsaml-providers");
    await signIn(page, app.users.support, DEMO_PASSWORD);
    await page.getByRole("heading", { name: "SAML providers", level: 1 }).waitFor();

    await page.getByRole("button", { name: "Administration" }).click();
    const administration = await page.getByRole("menuitem").allInnerTexts();
    expect(administration).toEqual(expect.arrayContaining(["Access control", "SAML providers", "Notifications"]));
    await page.keyboard.press("Escape");

    await page.getByRole("button", { name: "Support", exact: true }).click();
    await page.getByRole("menuitem", { name: "Build info" }).click();
    await page.getByRole("heading", { name: "Build info", level: 1 }).waitFor();
    await page.getByRole("rowheader", { name: "Version" }).waitFor();
  });

  it("expired credentials must be changed before going on", async () => {
    const { page } = browser;
    await page.goto("/workspace");
    await page.waitForURL((url) => url.pathname === "/sign-in");
    await signIn(page, expiredEmail, DEMO_PASSWORD);
    await page.getByRole("heading", { name: "Change password" }).waitFor();
    expect(currentPath(page)).toBe("/change-password?returnUrl=%2Fworkspace");
    // Only the logo in the header, and no way around the page.
    expect(await page.getByRole("button", { name: /^My account:/ }).count()).toBe(0);
    await page.goto("/settings");
    await page.waitForURL((url) => url.pathname === "/change-password");

    await page.getByLabel(/^Current password/).fill(DEMO_PASSWORD);
    await page.getByLabel(/^New password/).fill(DEMO_PASSWORD);
    await page.getByLabel(/^Confirm new password/).fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Change password" }).click();
    await page.getByRole("alert").filter({ hasText: "Password previously used" }).waitFor();

    await page.getByLabel(/^New password/).fill("Fresh-Password-2027");
    await page.getByLabel(/^Confirm new password/).fill("Fresh-Password-2027");
    await page.getByRole("button", { name: "Change password" }).click();
    await page.getByRole("heading", { name: "Settings", level: 1 }).waitFor();
    expect(currentPath(page)).toBe("/settings");
  });
});
