import { INVITATION_MESSAGES } from "@signet/contract";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { codeIn, expectToast, linkIn, pickOption, waitForMail } from "./support/access-helpers.ts";
import { DEMO_PASSWORD, startTestApp, type TestApp } from "./support/app.ts";
import { type BrowserSession, launchBrowser } from "./support/browser.ts";
import { currentPath, signIn } from "./support/journeys.ts";
import { screenshot } from "./support/screenshots.ts";

// Access journey 1: an admin invites a user; the user registers from the emailed link, verifies the
// emailed code and is signed in.
describe("invite a user, who signs up from the emailed link", () => {
  let app: TestApp;
  let admin: BrowserSession;
  let invitee: BrowserSession;
  const email = "nora.newcomer@demo.example";
  const password = "Newcomer-Password-2026";

  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });
  beforeEach(async () => {
    admin = await launchBrowser({ baseURL: app.url });
    invitee = await launchBrowser({ baseURL: app.url });
  });
  afterEach(async () => {
    await admin?.close();
    await invitee?.close();
  });

  it("invites from Access control, registers, verifies and signs in", async () => {
    const db = app.server.db;
    const orgId = app.demo.organizations.customer;
    const { page } = admin;

    // The admin opens Access control from the menu: without the organizations permission it is the Users tab.
    await page.goto("/sign-in");
    await signIn(page, app.users.admin, DEMO_PASSWORD);
    await page.getByRole("heading", { name: "Workspace", level: 1 }).waitFor();
    await page.getByRole("button", { name: "Administration" }).click();
    await page.getByRole("menuitem", { name: "Access control" }).click();
    await page.waitForURL((url) => url.pathname === `/organizations/${orgId}/users`);
    const users = page.getByRole("table", { name: "Users" });
    await users.getByRole("link", { name: "Alex Admin" }).waitFor();
    expect(await page.getByRole("tab").allInnerTexts()).toEqual(["Users", "Groups", "Roles", "API clients"]);
    await screenshot(page, "access-users-list");

    // Add user = the invitation form, straight into Loan Officers as a Loan Officer.
    await page.getByRole("link", { name: "Add user" }).click();
    await page.getByRole("heading", { name: "Add user", level: 1 }).waitFor();
    await page.getByRole("button", { name: "Add user" }).click();
    await page.getByText("Invalid email address").waitFor();
    await page.getByLabel("Email address").fill(email);
    await page.getByLabel("First name").fill("Nora");
    await page.getByLabel("Last name").fill("Newcomer");
    await pickOption(page, "Group", "Org Admin / Loan Officers");
    await pickOption(page, "Roles", "Loan Officer");
    await screenshot(page, "access-invite-form");
    await page.getByRole("button", { name: "Add user" }).click();
    // The toast says what was done: an invitation, into the chosen group with the chosen role.
    await expectToast(page, `Invitation sent to ${email}. They will join Loan Officers as Loan Officer.`);
    await page.waitForURL((url) => url.pathname === `/organizations/${orgId}/users`);
    // Until the account is verified the invitation is not a user of the organization yet: it is pending.
    await users.getByRole("link", { name: "Alex Admin" }).waitFor();
    expect(await users.getByRole("link", { name: "Nora Newcomer" }).count()).toBe(0);
    const pending = page.getByRole("table", { name: "Pending invitations" });
    const noraPending = pending.getByRole("row").filter({ hasText: email });
    await noraPending.getByText("Invitation sent").waitFor();
    await noraPending.getByText("Loan Officers as Loan Officer").waitFor();
    await screenshot(page, "access-pending-invitations");

    // Resend: a second email with a new link arrives; the first link stops working.
    const firstMail = await waitForMail(app, { to: email, subject: /invited to join Demo Lending/ });
    await noraPending.getByRole("button", { name: `Actions for the invitation of ${email}` }).click();
    await page.getByRole("menuitem", { name: "Resend invitation" }).click();
    await expectToast(page, `Invitation sent again to ${email}.`);
    const resentMail = await waitForMail(app, { to: email, subject: /invited to join Demo Lending/, nth: 2 });
    expect(linkIn(resentMail.text, "/sign-up")).not.toBe(linkIn(firstMail.text, "/sign-up"));
    await invitee.page.goto(linkIn(firstMail.text, "/sign-up"));
    await invitee.page.getByRole("alert").filter({ hasText: INVITATION_MESSAGES.invitationNotFound }).waitFor();

    // Revoke: another invitation (no group: the toast says what comes next) is revoked and its link is dead.
    const revokedEmail = "rex.revoked@demo.example";
    await page.getByRole("link", { name: "Add user" }).click();
    await page.getByLabel("Email address").fill(revokedEmail);
    await page.getByLabel("First name").fill("Rex");
    await page.getByLabel("Last name").fill("Revoked");
    await page.getByRole("button", { name: "Add user" }).click();
    await expectToast(page, `Invitation sent to ${revokedEmail}. Next, add this user to groups.`);
    await page.waitForURL((url) => url.pathname === `/organizations/${orgId}/users`);
    const rexPending = pending.getByRole("row").filter({ hasText: revokedEmail });
    await rexPending.getByText("No group").waitFor();
    await rexPending.getByRole("button", { name: `Actions for the invitation of ${revokedEmail}` }).click();
    await page.getByRole("menuitem", { name: "Revoke invitation" }).click();
    const revokeDialog = page.getByRole("dialog", { name: INVITATION_MESSAGES.revokeInvitationTitle });
    await revokeDialog.getByRole("button", { name: "Revoke invitation" }).click();
    await expectToast(page, INVITATION_MESSAGES.invitationRevoked);
    await expect.poll(() => rexPending.count()).toBe(0);
    await noraPending.waitFor();
    expect((await db.userInvitation.findFirstOrThrow({ where: { email: revokedEmail } })).status).toBe("REVOKED");
    const revokedMail = await waitForMail(app, { to: revokedEmail, subject: /invited to join Demo Lending/ });
    await invitee.page.goto(linkIn(revokedMail.text, "/sign-up"));
    await invitee.page.getByRole("alert").filter({ hasText: INVITATION_MESSAGES.invitationNotFound }).waitFor();

    const invitation = await db.userInvitation.findFirstOrThrow({ where: { email } });
    expect(invitation).toMatchObject({ organizationId: orgId, status: "PENDING", givenName: "Nora" });
    expect(invitation.groupId).not.toBeNull();
    expect(invitation.roleIds).toHaveLength(1);

    // Someone who is already a member is refused inline, under the email field.
    await page.getByRole("link", { name: "Add user" }).click();
    await page.getByLabel("Email address").fill(app.users.member.toUpperCase());
    await page.getByLabel("First name").fill("Morgan");
    await page.getByLabel("Last name").fill("Again");
    await page.getByRole("button", { name: "Add user" }).click();
    await page.getByText(INVITATION_MESSAGES.userAlreadyExists).waitFor();
    expect(await db.userInvitation.count({ where: { email: app.users.member } })).toBe(0);
    await page.getByRole("button", { name: "Cancel" }).click();
    await page.getByRole("dialog", { name: "Unsaved changes" }).getByRole("button", { name: "Confirm" }).click();
    await page.waitForURL((url) => url.pathname === `/organizations/${orgId}/users`);

    // The invitee opens the emailed link in their own browser.
    const inviteMail = resentMail;
    const link = linkIn(inviteMail.text, "/sign-up");
    expect(link).toMatch(/^\/sign-up\?invitation=[0-9a-f-]{36}&token=/);
    const signUp = invitee.page;
    await signUp.goto(link);
    await signUp.getByRole("heading", { name: "Create your account" }).waitFor();
    const emailField = signUp.getByLabel("Email address");
    expect(await emailField.inputValue()).toBe(email);
    expect(await emailField.getAttribute("readonly")).not.toBeNull();
    expect(await signUp.getByLabel("First name").inputValue()).toBe("Nora");
    expect(await signUp.getByLabel("Last name").inputValue()).toBe("Newcomer");
    await signUp.getByLabel(/^Password/).fill(password);
    await signUp.getByLabel("Confirm password").fill("Something-Else-2026");
    await signUp.getByRole("button", { name: "Verify account" }).click();
    await signUp.getByText("Passwords do not match.").waitFor();
    await signUp.getByLabel("Confirm password").fill(password);
    await screenshot(signUp, "access-sign-up");
    await signUp.getByRole("button", { name: "Verify account" }).click();

    // The code step: a wrong code is refused, the emailed one signs in.
    await signUp.getByRole("heading", { name: "Verify account" }).waitFor();
    const codeMail = await waitForMail(app, { to: email, subject: /verification code/ });
    const code = codeIn(codeMail.text);
    await signUp.getByLabel("Verification code").fill(code === "000000" ? "111111" : "000000");
    await signUp.getByRole("button", { name: "Verify and sign in" }).click();
    await signUp.getByRole("alert").filter({ hasText: INVITATION_MESSAGES.wrongCode }).waitFor();
    await screenshot(signUp, "access-sign-up-code");
    await signUp.getByLabel("Verification code").fill(code);
    await signUp.getByRole("button", { name: "Verify and sign in" }).click();
    await signUp.getByRole("heading", { name: "Workspace", level: 1 }).waitFor();
    expect(currentPath(signUp)).toBe("/workspace");
    const account = signUp.getByRole("button", { name: /^My account: Nora Newcomer/ });
    await expect.poll(() => account.textContent()).toContain("Demo Lending");

    // The account exists, active, a member of Loan Officers with the Loan Officer role.
    const user = await db.user.findUniqueOrThrow({ where: { email } });
    expect(user.status).toBe("ACTIVE");
    expect(await db.userInvitation.findUniqueOrThrow({ where: { id: invitation.id } })).toMatchObject({
      status: "ACCEPTED",
      userId: user.id,
    });
    const roles = await db.memberRole.findMany({ where: { userId: user.id, organizationId: orgId } });
    expect(roles.map((r) => [r.groupId, r.roleId])).toEqual([[invitation.groupId, invitation.roleIds[0]]]);

    // The link is spent; a tampered one is unknown.
    await signUp.goto(link);
    await signUp.getByRole("alert").filter({ hasText: INVITATION_MESSAGES.accountAlreadyCreated }).waitFor();
    await signUp.goto(link.replace(/token=[^&]+/, "token=not-the-right-secret-at-all"));
    await signUp.getByRole("alert").filter({ hasText: INVITATION_MESSAGES.invitationNotFound }).waitFor();

    // Back with the admin: Nora is active in the list and her profile shows her group and role.
    await page.goto(`/organizations/${orgId}/users`);
    const noraRow = users.getByRole("row").filter({ hasText: email });
    await noraRow.getByText("Active").waitFor();
    expect(await noraPending.count()).toBe(0);
    await users.getByRole("link", { name: "Nora Newcomer" }).click();
    await page.getByRole("heading", { name: "User profile", level: 1 }).waitFor();
    const groupsAndRoles = page.getByRole("table", { name: "Groups and roles" });
    await groupsAndRoles
      .getByRole("row")
      .filter({ hasText: "Loan Officers" })
      .getByText("Loan Officer")
      .last()
      .waitFor();
    expect(admin.errors.filter((e) => e.startsWith("pageerror"))).toEqual([]);
    expect(invitee.errors.filter((e) => e.startsWith("pageerror"))).toEqual([]);
  });
});
