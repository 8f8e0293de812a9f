import { MESSAGES, ORGANIZATION_MESSAGES, USER_MESSAGES } from "@signet/contract";
import { buildGroup, buildOrganization, buildRole, buildUser, grantRoles } from "@signet/core";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { expectToast, waitForMail } from "./support/access-helpers.ts";
import { DEMO_PASSWORD, startTestApp, type TestApp } from "./support/app.ts";
import { type BrowserSession, launchBrowser } from "./support/browser.ts";
import { signIn } from "./support/journeys.ts";
import { screenshot } from "./support/screenshots.ts";

// Access journey 4: a support user manages organizations (list, filter, add with features,
// deactivate → its users cannot sign in); an admin manages a user's profile and account.
describe("organizations and user profiles", () => {
  let app: TestApp;
  let browser: BrowserSession;
  const harborEmail = "hana@harbor.example";

  beforeAll(async () => {
    app = await startTestApp();
    const db = app.server.db;
    // Twelve more organizations: the list pages by ten.
    for (let i = 1; i <= 12; i += 1) {
      await buildOrganization(db, { name: `Bank ${String(i).padStart(2, "0")}`, enabled: i !== 12 });
    }
    const harbor = await buildOrganization(db, { name: "Harbor Credit Union" });
    const role = await buildRole(db, { organizationId: harbor.id, name: "Processor", permissions: 2 });
    const group = await buildGroup(db, { organizationId: harbor.id, name: "Processors" });
    const user = await buildUser(db, {
      email: harborEmail,
      givenName: "Hana",
      familyName: "Harbor",
      homeOrganizationId: harbor.id,
      password: DEMO_PASSWORD,
    });
    await grantRoles(db, { organizationId: harbor.id, groupId: group.id, userId: user.id, roleIds: [role.id] });
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

  it("a support user lists, adds and deactivates organizations", async () => {
    const db = app.server.db;
    const { page } = browser;
    await page.goto("/sign-in?returnUrl=%2Forganizations");
    await signIn(page, app.users.support, DEMO_PASSWORD);
    const table = page.getByRole("table", { name: "Organizations" });
    await table.getByRole("link", { name: /^Bank 01/ }).waitFor();
    expect(await page.getByRole("tab").allInnerTexts()).toEqual([
      "Organizations",
      "Users",
      "Groups",
      "Roles",
      "API clients",
    ]);
    // 12 banks + Demo Lending + Harbor + Signet Support = 15: two pages.
    await page.getByText("Showing 1–10 of 15").waitFor();
    await screenshot(page, "access-organizations-list");
    await page.getByRole("button", { name: "Next page" }).click();
    await page.getByText("Showing 11–15 of 15").waitFor();
    await table.getByRole("link", { name: /^Signet Support/ }).waitFor();

    // Name descending (back on page 1), then ascending again; then the type filter.
    await page.getByRole("button", { name: "Name" }).click();
    await page.getByText("Showing 1–10 of 15").waitFor();
    await expect.poll(() => table.getByRole("row").nth(1).textContent()).toMatch(/^Signet Support/);
    expect(await page.getByRole("columnheader", { name: "Name" }).getAttribute("aria-sort")).toBe("descending");
    await page.getByRole("button", { name: "Name" }).click();
    await expect.poll(() => table.getByRole("row").nth(1).textContent()).toMatch(/^Bank 01/);
    const typeFilter = (name: string) => page.locator("label").filter({ hasText: new RegExp(`^${name}$`) });
    await typeFilter("Inactive").click();
    await page.getByText("Showing 1–1 of 1").waitFor();
    await table.getByRole("link", { name: /^Bank 12/ }).waitFor();
    await typeFilter("All").click();
    await page.getByText("Showing 1–10 of 15").waitFor();

    // Add an organization with two features: the authorized-features text follows the switches.
    await page.getByRole("link", { name: "Add organization" }).click();
    await page.getByRole("heading", { name: "Add organization", level: 1 }).waitFor();
    await page.getByLabel(/^Name/).fill("Lakeside Mortgage");
    await page.getByLabel("Customer ID").fill("LK-204");
    await page.getByRole("switch", { name: "TRID" }).check();
    await page.getByRole("switch", { name: "A/V eSign" }).check();
    expect(await page.getByRole("switch", { name: "TRID" }).isChecked()).toBe(true);
    expect(await page.getByTestId("authorized-features").textContent()).toBe("eSign Creator, A/V eSign, TRID");
    await screenshot(page, "access-organization-form");
    await page.getByRole("button", { name: "Add organization" }).click();
    await expectToast(page, ORGANIZATION_MESSAGES.added);
    const lakeside = await db.organization.findFirstOrThrow({ where: { name: "Lakeside Mortgage" } });
    expect(lakeside).toMatchObject({
      customerId: "LK-204",
      enabledTrid: true,
      enabledAV: true,
      enabledSmartDoc: false,
    });

    // A duplicate name is refused under the field.
    await page.goto("/organizations/new");
    await page.getByLabel(/^Name/).fill("lakeside mortgage");
    await page.getByRole("button", { name: "Add organization" }).click();
    await page.getByText(ORGANIZATION_MESSAGES.alreadyExists).waitFor();

    // Deactivate Harbor: its user can no longer sign in.
    await page.goto("/organizations");
    await page.getByRole("textbox", { name: "Search organizations" }).fill("harbor");
    await page.getByText("Showing 1–1 of 1").waitFor();
    await table.getByRole("button", { name: "More actions for Harbor Credit Union" }).click();
    await page.getByRole("menuitem", { name: "Deactivate" }).click();
    const confirm = page.getByRole("dialog", { name: "Deactivate Harbor Credit Union" });
    await confirm.getByText("Warning").waitFor();
    await confirm.getByRole("button", { name: "Deactivate" }).click();
    await expectToast(page, "Harbor Credit Union deactivated");
    await table.getByRole("row").filter({ hasText: "Harbor Credit Union" }).getByText("Inactive").waitFor();
    const harbor = await db.organization.findFirstOrThrow({ where: { name: "Harbor Credit Union" } });
    expect(harbor.enabled).toBe(false);
    expect(harbor.disabledAt).not.toBeNull();

    const other = await launchBrowser({ baseURL: app.url });
    try {
      await other.page.goto("/sign-in");
      await signIn(other.page, harborEmail, DEMO_PASSWORD);
      await other.page.getByRole("alert").filter({ hasText: MESSAGES.userNotEnabledForOrg }).waitFor();
    } finally {
      await other.close();
    }

    // The support user opens Demo Lending's users from its row.
    await page.getByRole("textbox", { name: "Search organizations" }).fill("demo");
    await table.getByRole("link", { name: /^Demo Lending/ }).click();
    await page.getByRole("table", { name: "Users" }).getByRole("link", { name: "Alex Admin" }).waitFor();
    await page.getByText("Support access").waitFor();
    expect(browser.errors.filter((e) => e.startsWith("pageerror"))).toEqual([]);
  });

  it("an admin edits a profile with an MFA phone, deactivates, reactivates and resets the password", async () => {
    const db = app.server.db;
    const orgId = app.demo.organizations.customer;
    const member = await db.user.findUniqueOrThrow({ where: { email: app.users.member } });
    await db.credential.update({
      where: { userId: member.id },
      data: { failedAttempts: 5, lockedUntil: new Date(Date.now() + 3_600_000) },
    });
    const { page } = browser;
    await page.goto(`/sign-in?returnUrl=${encodeURIComponent(`/organizations/${orgId}/users`)}`);
    await signIn(page, app.users.admin, DEMO_PASSWORD);
    const users = page.getByRole("table", { name: "Users" });
    await page.getByRole("textbox", { name: "Search users" }).fill("morg");
    await page.getByText("Showing 1–1 of 1").waitFor();
    await users.getByRole("link", { name: "Morgan Member" }).click();
    await page.getByRole("heading", { name: "User profile", level: 1 }).waitFor();
    await page.getByText("Locked").first().waitFor();

    // MFA phone: anything but ten digits is refused; ten digits are stored and shown 123-456-7890.
    await page.getByLabel("MFA phone number").fill("555-0100");
    await page.getByRole("button", { name: "Save changes" }).click();
    await page.getByText(USER_MESSAGES.phoneTenDigits).waitFor();
    await page.getByLabel("MFA phone number").fill("(212) 555 0100");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expectToast(page, USER_MESSAGES.userUpdated);
    expect((await db.user.findUniqueOrThrow({ where: { id: member.id } })).mfaPhoneNumber).toBe("2125550100");
    await expect.poll(() => page.getByLabel("MFA phone number").inputValue()).toBe("212-555-0100");
    await page.getByText("212-555-0100", { exact: true }).waitFor();
    await screenshot(page, "access-user-profile");

    // Unlock.
    await page.getByRole("button", { name: "Unlock" }).click();
    await expectToast(page, USER_MESSAGES.userUnlocked);
    expect((await db.credential.findUniqueOrThrow({ where: { userId: member.id } })).lockedUntil).toBeNull();

    // Deactivate and reactivate the membership.
    await page.getByRole("button", { name: "Deactivate" }).click();
    await page
      .getByRole("dialog", { name: "Deactivate Morgan Member" })
      .getByRole("button", { name: "Deactivate" })
      .click();
    await expectToast(page, USER_MESSAGES.userDeactivated);
    await page.getByRole("button", { name: "Reactivate" }).waitFor();
    expect(
      (await db.membership.findFirstOrThrow({ where: { userId: member.id, organizationId: orgId } })).enabled,
    ).toBe(false);
    await page.getByRole("button", { name: "Reactivate" }).click();
    await page
      .getByRole("dialog", { name: "Reactivate Morgan Member" })
      .getByRole("button", { name: "Reactivate" })
      .click();
    await expectToast(page, USER_MESSAGES.userReactivated);
    expect(
      (await db.membership.findFirstOrThrow({ where: { userId: member.id, organizationId: orgId } })).enabled,
    ).toBe(true);

    // Password reset by the admin: the user gets the link by email.
    await page.getByRole("button", { name: "Send password reset" }).click();
    await page.getByRole("dialog", { name: "Send password reset" }).getByRole("button", { name: "Send link" }).click();
    await expectToast(page, USER_MESSAGES.passwordResetSent);
    const mail = await waitForMail(app, { to: app.users.member, subject: /Reset your Signet password/ });
    expect(mail.text).toContain("/create-password?request=");

    // An admin cannot deactivate themselves.
    const me = await db.user.findUniqueOrThrow({ where: { email: app.users.admin } });
    await page.goto(`/organizations/${orgId}/users/${me.id}/profile`);
    await page.getByRole("heading", { name: "User profile", level: 1 }).waitFor();
    expect(await page.getByRole("button", { name: "Deactivate" }).isDisabled()).toBe(true);
    expect(browser.errors.filter((e) => e.startsWith("pageerror"))).toEqual([]);
  });
});
