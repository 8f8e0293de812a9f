import { IDENTITY_MESSAGES } from "@signet/contract";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { expectToast, linkIn, waitForMail } from "./support/access-helpers.ts";
import { DEMO_PASSWORD, startTestApp, type TestApp } from "./support/app.ts";
import { axeViolations, describeViolations } from "./support/axe.ts";
import { type BrowserSession, launchBrowser } from "./support/browser.ts";
import { signIn, signInAs } from "./support/journeys.ts";

// Issue 30 §1: inviting someone who already has an account asks them to join. The admin sees them
// as invited; the person accepts from the emailed link without signing in, or from the notice after
// signing in; only then are they a member.
describe("a request to join, answered by the person", () => {
  let app: TestApp;
  let admin: BrowserSession;
  let person: BrowserSession;

  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });
  beforeEach(async () => {
    admin = await launchBrowser({ baseURL: app.url });
    person = await launchBrowser({ baseURL: app.url, bypassCSP: true });
  });
  afterEach(async () => {
    await admin?.close();
    await person?.close();
  });

  const memberOf = async (email: string, organizationId: string) =>
    (await app.server.db.membership.count({ where: { user: { email }, organizationId } })) === 1;

  it("the admin asks the support user to join; they accept from the emailed link", async () => {
    const orgId = app.demo.organizations.customer;
    const invitee = app.users.support;
    const { page } = admin;
    await signInAs(page, app.users.admin);
    await page.goto(`/organizations/${orgId}/users/new`);
    await page.getByLabel("Email address").fill(invitee);
    await page.getByLabel("First name").fill("Sam");
    await page.getByLabel("Last name").fill("Support");
    await page.getByRole("button", { name: "Add user" }).click();
    await expectToast(page, `${invitee} already has an account: we asked them to join.`);
    await page.waitForURL((url) => url.pathname === `/organizations/${orgId}/users`);
    const row = page.getByRole("table", { name: "Pending invitations" }).getByRole("row").filter({ hasText: invitee });
    await row.getByText("Invited: has an account, not accepted yet").waitFor();
    expect(await memberOf(invitee, orgId)).toBe(false);

    const mail = await waitForMail(app, { to: invitee, subject: /asks you to join Demo Lending/ });
    const link = linkIn(mail.text, "/join");
    await person.page.goto(link);
    await person.page.getByRole("heading", { name: "Request to join" }).waitFor();
    await person.page.getByText(/asks you to join Demo Lending/).waitFor();
    const violations = await axeViolations(person.page);
    expect(violations, describeViolations(violations)).toEqual([]);
    await person.page.getByRole("button", { name: "Accept" }).click();
    await person.page.getByText("You are now a member of Demo Lending. Sign in and choose it.").waitFor();
    expect(await memberOf(invitee, orgId)).toBe(true);

    // the link is spent
    await person.page.goto(link);
    await person.page.getByRole("alert").filter({ hasText: IDENTITY_MESSAGES.membershipRequestNotFound }).waitFor();
  });

  it("the person sees the request after signing in and accepts it there", async () => {
    const supportOrg = app.demo.organizations.support;
    const member = app.users.member;
    // the support user asks the demo member to join Signet Support (through the API); the support
    // user may belong to Demo Lending too by now, so the sign-in picks the organization
    const signedIn = await fetch(`${app.url}/cas/oauth/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "password",
        client_id: "signet-web",
        username: app.users.support,
        password: DEMO_PASSWORD,
      }),
    }).then((response) => response.json() as Promise<{ access_token: string }>);
    const token = await fetch(`${app.url}/cas/multi-org-login`, {
      method: "POST",
      headers: { authorization: `Bearer ${signedIn.access_token}`, "content-type": "application/json" },
      body: JSON.stringify({ organizationId: supportOrg }),
    }).then((response) => response.json() as Promise<{ access_token: string }>);
    const invited = await fetch(`${app.url}/api/v1/organizations/${supportOrg}/user-invitations`, {
      method: "POST",
      headers: { authorization: `Bearer ${token.access_token}`, "content-type": "application/json" },
      body: JSON.stringify({ email: member, givenName: "Mia", familyName: "Member" }),
    });
    expect(invited.status).toBe(201);

    const { page } = person;
    await page.goto("/sign-in");
    await signIn(page, member, DEMO_PASSWORD);
    await page.getByRole("heading", { name: "Workspace", level: 1 }).waitFor();
    const notice = page.getByRole("region", { name: "Requests to join" });
    await notice.getByText(/asks you to join Signet Support/).waitFor();
    expect(await memberOf(member, supportOrg)).toBe(false);
    await notice.getByRole("button", { name: "Accept" }).click();
    await expectToast(page, "You are now a member of Signet Support.");
    await notice.waitFor({ state: "detached" });
    expect(await memberOf(member, supportOrg)).toBe(true);
  });
});
