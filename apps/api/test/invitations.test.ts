import { createHash, randomUUID } from "node:crypto";
import {
  type CreateUserInvitationResult,
  HEADERS,
  INVITATION_MESSAGES,
  MESSAGES,
  type MembershipRequestList,
  type PendingUserInvitation,
  type PendingUserInvitationList,
  type PermissionsResponse,
  permissionBits,
  type User,
} from "@signet/contract";
import { buildGroup, buildRole, buildUser, grantRoles, verifyAuditChain } from "@signet/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { organizationWithUser, PASSWORD } from "./support/factories.ts";
import { HttpClient } from "./support/http-client.ts";
import { poll } from "./support/poll.ts";
import { signedIn } from "./support/signed-in.ts";
import { type SmtpCapture, startSmtpCapture } from "./support/smtp-capture.ts";
import { startTestApp, type TestApp } from "./support/test-app.ts";

const PUBLIC_URL = "http://signet.test";
const NEW_PASSWORD = "Invited-Passphrase-2024";
const JOIN_LINK = /\/join\?invitation=([0-9a-f-]{36})&token=([A-Za-z0-9_-]{20,})/;
const LINK = /(https?:\/\/[^\s"<>]+)\/sign-up\?invitation=([0-9a-f-]{36})&token=([A-Za-z0-9_-]{20,})/;
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

let smtp: SmtpCapture;
let app: TestApp;
beforeAll(async () => {
  smtp = await startSmtpCapture();
  // no Redis: the email job runs in-process, and goes out through the real SMTP capture server
  app = await startTestApp({ SMTP_URL: smtp.url, PUBLIC_URL, LOGIN_RATE_LIMIT_MAX: "1000" });
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

const db = () => app.server.db;
const client = () => new HttpClient(app.url);
const invitationsUrl = (orgId: string) => `/api/v1/organizations/${orgId}/user-invitations`;
const lookupUrl = (id: string, token: string) => `/api/v1/user-invitations/${id}?token=${encodeURIComponent(token)}`;
const newEmail = (label = "invitee") => `${label}-${randomUUID().slice(0, 8)}@example.com`;

/** The n-th (1-based) captured email to an address with a subject, waiting for it to arrive. */
async function nthMail(to: string, subject: RegExp, n = 1) {
  return poll(`email #${n} to ${to} (${subject})`, async () => {
    const found = smtp.messages.filter((m) => m.envelopeTo.includes(to) && subject.test(m.parsed.subject ?? ""));
    return found.length >= n ? found[n - 1]! : null;
  });
}

async function invitationLink(to: string, n = 1) {
  const mail = await nthMail(to, /invited to join/, n);
  const match = LINK.exec(mail.parsed.text ?? "");
  if (!match) throw new Error(`no invitation link in: ${mail.parsed.text}`);
  return { origin: match[1]!, id: match[2]!, token: match[3]!, mail };
}

async function verificationCode(to: string, n = 1) {
  const mail = await nthMail(to, /verification code/, n);
  const match = /\b(\d{6})\b/.exec(mail.parsed.text ?? "");
  if (!match) throw new Error(`no code in: ${mail.parsed.text}`);
  return match[1]!;
}

/** An organization admin, a sub-group of theirs offering a 'Viewer' role, signed in. */
async function adminWithGroup() {
  const admin = await organizationWithUser(db());
  const viewer = await buildRole(db(), {
    organizationId: admin.organization.id,
    name: `Viewer-${randomUUID().slice(0, 8)}`,
    permissions: permissionBits(["VIEW_DOCUMENTS_PACKAGES", "VIEW_USERS_GROUPS_ROLES"]),
  });
  const team = await buildGroup(db(), {
    organizationId: admin.organization.id,
    name: `Team-${randomUUID().slice(0, 8)}`,
    // under the admin's group: the admin's (non-system) role applies in its sub-groups only
    parentId: admin.group.id,
    roleIds: [viewer.id],
  });
  return { ...admin, viewer, team, client: await signedIn(app.url, admin.user.email) };
}

async function invite(admin: HttpClient, orgId: string, body: Record<string, unknown>) {
  return admin.request<CreateUserInvitationResult>("POST", invitationsUrl(orgId), { json: body });
}

const register = (id: string, body: Record<string, unknown>) =>
  client().request("POST", `/api/v1/user-invitations/${id}/registrations`, { json: body });

describe("inviting a new person", () => {
  it("email link → lookup → register → code email → verify → signed in with the invitation's group and roles", async () => {
    const admin = await adminWithGroup();
    const email = newEmail();
    const created = await invite(admin.client, admin.organization.id, {
      email: email.toUpperCase(),
      givenName: "Ivy",
      familyName: "Invitee",
      groupId: admin.team.id,
      roleIds: [admin.viewer.id],
    });
    expect(created.status).toBe(201);
    expect(created.body.outcome).toBe("INVITED");
    if (created.body.outcome !== "INVITED") throw new Error("unreachable");
    const invitation = created.body.invitation;
    expect(invitation).toMatchObject({
      organizationId: admin.organization.id,
      email,
      givenName: "Ivy",
      familyName: "Invitee",
      status: "PENDING",
      invitedBy: admin.user.id,
      groupId: admin.team.id,
      roleIds: [admin.viewer.id],
    });
    expect(created.headers.get("location")).toBe(`${invitationsUrl(admin.organization.id)}/${invitation.id}`);
    const days = (Date.parse(invitation.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);

    // the email: sign-up link with the organization and the inviter; only the secret's hash is stored
    const link = await invitationLink(email);
    expect(link.mail.parsed.subject).toBe(`You are invited to join ${admin.organization.name} on Signet`);
    expect(link.mail.parsed.text).toContain("Test User invited you");
    expect(link.origin).toBe(PUBLIC_URL);
    expect(link.id).toBe(invitation.id);
    const row = await db().userInvitation.findUniqueOrThrow({ where: { id: link.id } });
    expect(row.tokenHash).toBe(sha256(link.token));
    expect(JSON.stringify(row)).not.toContain(link.token);

    const lookup = await client().get(lookupUrl(link.id, link.token));
    expect(lookup.status).toBe(200);
    expect(lookup.body).toEqual({
      email,
      givenName: "Ivy",
      familyName: "Invitee",
      organizationName: admin.organization.name,
      status: "PENDING",
    });

    const weak = await register(link.id, {
      token: link.token,
      givenName: "Ivy",
      familyName: "Invitee",
      password: "short",
    });
    expect(weak.status).toBe(400);
    expect(weak.body).toMatchObject({ details: [{ path: "password", message: MESSAGES.passwordPolicy }] });

    const registered = await register(link.id, {
      token: link.token,
      givenName: "Ivy",
      familyName: "Newname",
      password: NEW_PASSWORD,
    });
    expect(registered.status).toBe(202);
    expect(registered.body).toMatchObject({ email });
    const code = await verificationCode(email);
    const pending = await db().user.findUniqueOrThrow({ where: { email }, include: { memberships: true } });
    expect(pending).toMatchObject({ status: "INVITED", familyName: "Newname", memberships: [] });
    expect((await client().get(lookupUrl(link.id, link.token))).body).toMatchObject({ status: "REGISTERED" });
    // registered but not verified: no sign-in yet
    expect((await client().signIn(email, NEW_PASSWORD)).body).toMatchObject({ code: "USER_NOT_ENABLED_FOR_ORG" });

    const wrongCode = code === "000000" ? "111111" : "000000";
    const wrong = await client().request("POST", `/api/v1/user-invitations/${link.id}/verify`, {
      json: { token: link.token, code: wrongCode },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: "BAD_REQUEST", message: INVITATION_MESSAGES.wrongCode });

    const browser = client();
    const verified = await browser.request("POST", `/api/v1/user-invitations/${link.id}/verify`, {
      json: { token: link.token, code },
      headers: { [HEADERS.responseFormat]: "cookie" },
    });
    expect(verified.status).toBe(200);
    expect(verified.body).toEqual({ token_type: "cookie", expires_in: 86400, partial: false });
    expect(verified.cookies.get("signet_signature")?.attributes).toMatch(/HttpOnly/);
    expect(browser.jar.has("XSRF-TOKEN")).toBe(true);

    const permissions = await browser.get<PermissionsResponse>(
      `/api/v1/organizations/${admin.organization.id}/users/me/permissions`,
    );
    expect(permissions.status).toBe(200);
    expect(permissions.body.names).toEqual(["VIEW_USERS_GROUPS_ROLES", "VIEW_DOCUMENTS_PACKAGES"]);
    expect(permissions.body.groups).toEqual([
      { groupId: admin.team.id, name: admin.team.name, permissions: admin.viewer.permissions, inherited: false },
    ]);

    const account = await db().user.findUniqueOrThrow({ where: { email }, include: { memberships: true } });
    expect(account).toMatchObject({
      status: "ACTIVE",
      homeOrganizationId: admin.organization.id,
      givenName: "Ivy",
      familyName: "Newname",
    });
    expect(account.lastSignInAt).not.toBeNull();
    expect(account.memberships.map((m) => [m.organizationId, m.enabled])).toEqual([[admin.organization.id, true]]);
    expect(await db().userInvitation.findUniqueOrThrow({ where: { id: link.id } })).toMatchObject({
      status: "ACCEPTED",
      userId: account.id,
      verificationCodeHash: null,
    });
    const profile = await admin.client.get<User>(`/api/v2/organizations/${admin.organization.id}/users/${account.id}`);
    expect(profile.body).toMatchObject({ status: "ACTIVE", enabled: true, isMember: true });
    expect(profile.body.roles).toEqual([
      { id: admin.viewer.id, name: admin.viewer.name, groupId: admin.team.id, inherited: false },
    ]);
    expect((await client().signIn(email, NEW_PASSWORD)).status).toBe(200);

    // the link is spent: 'Account already created.'
    for (const reuse of [
      client().get(lookupUrl(link.id, link.token)),
      register(link.id, { token: link.token, givenName: "I", familyName: "I", password: NEW_PASSWORD }),
      client().request("POST", `/api/v1/user-invitations/${link.id}/verify`, { json: { token: link.token, code } }),
    ]) {
      const reply = await reuse;
      expect(reply.status).toBe(409);
      expect(reply.body).toMatchObject({ message: INVITATION_MESSAGES.accountAlreadyCreated });
    }
    expect(INVITATION_MESSAGES.accountAlreadyCreated).toBe("Account already created.");

    const types = (
      await db().auditEvent.findMany({
        where: { streamType: "user", streamId: account.id },
        orderBy: { sequence: "asc" },
      })
    ).map((e) => e.type);
    expect(types).toEqual(
      expect.arrayContaining(["invitation.registered", "invitation.verification-failed", "invitation.accepted"]),
    );
    expect(await verifyAuditChain(db(), "user", account.id)).toMatchObject({ valid: true });
    const invited = await db().auditEvent.findFirst({
      where: { streamType: "organization", streamId: admin.organization.id, type: "user.invited" },
    });
    expect(invited).toMatchObject({ actorId: admin.user.id });
  });

  it("answers 'Invitation not found.' for a wrong token, an unknown id, an expired or a replaced invitation", async () => {
    const admin = await adminWithGroup();
    const email = newEmail();
    await invite(admin.client, admin.organization.id, { email, givenName: "A", familyName: "B" });
    const first = await invitationLink(email);
    const wrongToken = `${first.token.slice(0, -4)}AAAA`;
    const notFound = async (path: string) => {
      const reply = await client().get(path);
      expect(reply.status).toBe(404);
      expect(reply.body).toMatchObject({ code: "NOT_FOUND", message: INVITATION_MESSAGES.invitationNotFound });
    };
    await notFound(lookupUrl(first.id, wrongToken));
    await notFound(lookupUrl(randomUUID(), first.token));
    const wrongRegistration = await register(first.id, {
      token: wrongToken,
      givenName: "A",
      familyName: "B",
      password: NEW_PASSWORD,
    });
    expect(wrongRegistration.status).toBe(404);
    expect(wrongRegistration.body).toMatchObject({ message: "Invitation not found." });
    expect(await db().user.count({ where: { email } })).toBe(0);

    // inviting again replaces the open invitation: the first link stops working
    await invite(admin.client, admin.organization.id, { email, givenName: "A", familyName: "B" });
    const second = await invitationLink(email, 2);
    expect(second.id).not.toBe(first.id);
    await notFound(lookupUrl(first.id, first.token));
    expect((await db().userInvitation.findUniqueOrThrow({ where: { id: first.id } })).status).toBe("REVOKED");
    expect((await client().get(lookupUrl(second.id, second.token))).status).toBe(200);

    await db().userInvitation.update({ where: { id: second.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    await notFound(lookupUrl(second.id, second.token));
  });

  it("voids the code after five wrong ones: the person registers again for a new code", async () => {
    const admin = await adminWithGroup();
    const email = newEmail();
    await invite(admin.client, admin.organization.id, { email, givenName: "A", familyName: "B" });
    const link = await invitationLink(email);
    const form = { token: link.token, givenName: "A", familyName: "B", password: NEW_PASSWORD };
    expect((await register(link.id, form)).status).toBe(202);
    const code = await verificationCode(email);
    const wrongCode = code === "000000" ? "111111" : "000000";
    const verify = (c: string) =>
      client().request("POST", `/api/v1/user-invitations/${link.id}/verify`, { json: { token: link.token, code: c } });
    for (let attempt = 1; attempt <= 4; attempt++) {
      expect((await verify(wrongCode)).body).toMatchObject({ message: INVITATION_MESSAGES.wrongCode });
    }
    const fifth = await verify(wrongCode);
    expect(fifth.status).toBe(400);
    expect(fifth.body).toMatchObject({ message: INVITATION_MESSAGES.tooManyWrongCodes });
    const voided = await verify(code);
    expect(voided.status).toBe(400);
    expect(voided.body).toMatchObject({ message: INVITATION_MESSAGES.notRegistered });
    expect(await db().userInvitation.findUniqueOrThrow({ where: { id: link.id } })).toMatchObject({
      status: "PENDING",
      verificationCodeHash: null,
    });

    expect((await register(link.id, form)).status).toBe(202);
    const newCode = await verificationCode(email, 2);
    const ok = await verify(newCode);
    expect(ok.status).toBe(200);
    expect(String(ok.body.access_token).split(".")).toHaveLength(3);
    expect((await db().user.findUniqueOrThrow({ where: { email } })).status).toBe("ACTIVE");
  });

  it("refuses an expired code", async () => {
    const admin = await adminWithGroup();
    const email = newEmail();
    await invite(admin.client, admin.organization.id, { email, givenName: "A", familyName: "B" });
    const link = await invitationLink(email);
    await register(link.id, { token: link.token, givenName: "A", familyName: "B", password: NEW_PASSWORD });
    const code = await verificationCode(email);
    await db().userInvitation.update({
      where: { id: link.id },
      data: { verificationExpiresAt: new Date(Date.now() - 1000) },
    });
    const reply = await client().request("POST", `/api/v1/user-invitations/${link.id}/verify`, {
      json: { token: link.token, code },
    });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ message: INVITATION_MESSAGES.wrongCode });
    expect((await db().user.findUniqueOrThrow({ where: { email } })).status).toBe("INVITED");
  });
});

describe("two organizations inviting the same new person", () => {
  it("treats a registration awaiting its code as no account yet; the first verified invitation wins", async () => {
    const first = await adminWithGroup();
    const second = await adminWithGroup();
    const email = newEmail();
    await invite(first.client, first.organization.id, { email, givenName: "A", familyName: "B" });
    const firstLink = await invitationLink(email);
    const form = { givenName: "A", familyName: "B", password: NEW_PASSWORD };
    expect((await register(firstLink.id, { ...form, token: firstLink.token })).status).toBe(202);
    const firstCode = await verificationCode(email);

    const secondInvite = await invite(second.client, second.organization.id, {
      email,
      givenName: "A",
      familyName: "B",
    });
    expect(secondInvite.body.outcome).toBe("INVITED");
    const secondLink = await invitationLink(email, 2);
    expect((await register(secondLink.id, { ...form, token: secondLink.token })).status).toBe(202);
    const secondCode = await verificationCode(email, 2);
    expect(await db().user.count({ where: { email } })).toBe(1);

    const verified = await client().request("POST", `/api/v1/user-invitations/${secondLink.id}/verify`, {
      json: { token: secondLink.token, code: secondCode },
    });
    expect(verified.status).toBe(200);
    const account = await db().user.findUniqueOrThrow({ where: { email }, include: { memberships: true } });
    expect(account).toMatchObject({ status: "ACTIVE", homeOrganizationId: second.organization.id });
    expect(account.memberships.map((m) => m.organizationId)).toEqual([second.organization.id]);

    const late = await client().request("POST", `/api/v1/user-invitations/${firstLink.id}/verify`, {
      json: { token: firstLink.token, code: firstCode },
    });
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ message: INVITATION_MESSAGES.accountAlreadyCreated });
  });
});

describe("inviting someone who already has an account", () => {
  // issue 30 §1: an organization asks; the person answers. Nothing changes for them until they accept.
  async function requestToJoin() {
    const other = await organizationWithUser(db());
    const admin = await adminWithGroup();
    const reply = await invite(admin.client, admin.organization.id, {
      email: other.user.email,
      givenName: "Olive",
      familyName: "Other",
      groupId: admin.team.id,
      roleIds: [admin.viewer.id],
    });
    expect(reply.status).toBe(201);
    expect(reply.body.outcome).toBe("MEMBERSHIP_REQUESTED");
    const mail = await nthMail(other.user.email, /asks you to join/);
    const match = JOIN_LINK.exec(mail.parsed.text ?? "");
    if (!match) throw new Error(`no join link in: ${mail.parsed.text}`);
    return { other, admin, invitation: reply.body.invitation, mail, link: { id: match[1]!, token: match[2]! } };
  }
  const membershipsOf = async (userId: string) =>
    (await db().membership.findMany({ where: { userId } })).map((m) => m.organizationId).sort();

  it("asks a user of another organization to join: no membership until they accept, listed as invited, emailed a link", async () => {
    const { other, admin, invitation, mail, link } = await requestToJoin();
    expect(invitation).toMatchObject({ kind: "MEMBERSHIP", status: "PENDING", email: other.user.email });
    expect(await membershipsOf(other.user.id)).toEqual([other.organization.id]);
    expect(mail.parsed.subject).toBe(`Test User asks you to join ${admin.organization.name} on Signet`);
    expect(link.id).toBe(invitation.id);
    const listed = await admin.client.get<PendingUserInvitationList>(invitationsUrl(admin.organization.id));
    expect(listed.body.records).toMatchObject([
      { id: invitation.id, kind: "MEMBERSHIP", status: "PENDING", groupName: admin.team.name },
    ]);
    // the inviting organization cannot see or act on the person meanwhile
    const user = await admin.client.get(`/api/v2/organizations/${admin.organization.id}/users/${other.user.id}`);
    expect(user.status).toBe(404);
    // their own sign-in is unchanged: one organization, not a choice
    const signIn = await client().signIn(other.user.email, PASSWORD);
    expect(signIn.body).toMatchObject({ partial: false });
  });

  it("the person accepts signed in: a member with the request's group and roles, home unchanged, audited", async () => {
    const { other, admin, invitation } = await requestToJoin();
    const person = await signedIn(app.url, other.user.email);
    const mine = await person.get<MembershipRequestList>("/api/v1/users/me/membership-requests");
    expect(mine.body.records).toMatchObject([
      {
        id: invitation.id,
        organizationId: admin.organization.id,
        organizationName: admin.organization.name,
        invitedByName: "Test User",
        groupName: admin.team.name,
        roleNames: [admin.viewer.name],
      },
    ]);
    // someone else (here: the inviting admin) cannot answer for them
    const intruder = await admin.client.request(
      "POST",
      `/api/v1/users/me/membership-requests/${invitation.id}/acceptance`,
    );
    expect(intruder.status).toBe(404);
    const accepted = await person.request("POST", `/api/v1/users/me/membership-requests/${invitation.id}/acceptance`);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body).toEqual({ organizationId: admin.organization.id, organizationName: admin.organization.name });
    expect(await membershipsOf(other.user.id)).toEqual([other.organization.id, admin.organization.id].sort());
    expect(
      await db().memberRole.count({
        where: { userId: other.user.id, groupId: admin.team.id, roleId: admin.viewer.id },
      }),
    ).toBe(1);
    expect((await db().user.findUniqueOrThrow({ where: { id: other.user.id } })).homeOrganizationId).toBe(
      other.organization.id,
    );
    const audit = await db().auditEvent.findFirst({ where: { streamId: other.user.id, type: "invitation.accepted" } });
    expect(audit?.data).toMatchObject({ invitationId: invitation.id, via: "signed-in" });
    // answered: it leaves both lists, and cannot be accepted again
    expect((await person.get<MembershipRequestList>("/api/v1/users/me/membership-requests")).body.records).toEqual([]);
    expect((await admin.client.get<PendingUserInvitationList>(invitationsUrl(admin.organization.id))).body.count).toBe(
      0,
    );
    const again = await person.request("POST", `/api/v1/users/me/membership-requests/${invitation.id}/acceptance`);
    expect(again.status).toBe(404);
    expect((await client().signIn(other.user.email, PASSWORD)).body).toMatchObject({ partial: true });
  });

  it("the person accepts by the emailed link without signing in; the link works once", async () => {
    const { other, admin, link } = await requestToJoin();
    const lookup = await client().get(`/api/v1/membership-requests/${link.id}?token=${link.token}`);
    expect(lookup.status).toBe(200);
    expect(lookup.body).toMatchObject({ email: other.user.email, organizationName: admin.organization.name });
    const wrong = await client().request("POST", `/api/v1/membership-requests/${link.id}/acceptance`, {
      json: { token: `${link.token.slice(0, -2)}xx` },
    });
    expect(wrong.status).toBe(404);
    expect(await membershipsOf(other.user.id)).toEqual([other.organization.id]);
    const accepted = await client().request("POST", `/api/v1/membership-requests/${link.id}/acceptance`, {
      json: { token: link.token },
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(await membershipsOf(other.user.id)).toEqual([other.organization.id, admin.organization.id].sort());
    const twice = await client().request("POST", `/api/v1/membership-requests/${link.id}/acceptance`, {
      json: { token: link.token },
    });
    expect(twice.status).toBe(404);
  });

  it("the person declines (by link or signed in): no membership, the request closes, the organization may ask again", async () => {
    const first = await requestToJoin();
    const declined = await client().request("POST", `/api/v1/membership-requests/${first.link.id}/declines`, {
      json: { token: first.link.token },
    });
    expect(declined.status).toBe(204);
    expect(await membershipsOf(first.other.user.id)).toEqual([first.other.organization.id]);
    expect((await db().userInvitation.findUniqueOrThrow({ where: { id: first.link.id } })).status).toBe("DECLINED");
    const late = await client().request("POST", `/api/v1/membership-requests/${first.link.id}/acceptance`, {
      json: { token: first.link.token },
    });
    expect(late.status).toBe(404);
    const audit = await db().auditEvent.findFirst({
      where: { streamId: first.other.user.id, type: "invitation.declined" },
    });
    expect(audit?.data).toMatchObject({ invitationId: first.link.id, via: "email-link" });

    const again = await invite(first.admin.client, first.admin.organization.id, {
      email: first.other.user.email,
      givenName: "Olive",
      familyName: "Other",
    });
    expect(again.body.outcome).toBe("MEMBERSHIP_REQUESTED");
    const person = await signedIn(app.url, first.other.user.email);
    const no = await person.request(
      "POST",
      `/api/v1/users/me/membership-requests/${again.body.invitation.id}/declines`,
    );
    expect(no.status).toBe(204);
    expect(await membershipsOf(first.other.user.id)).toEqual([first.other.organization.id]);
  });

  it("a revoked request cannot be accepted", async () => {
    const { admin, link } = await requestToJoin();
    const revoked = await admin.client.request("DELETE", `${invitationsUrl(admin.organization.id)}/${link.id}`);
    expect(revoked.status).toBe(204);
    const accepted = await client().request("POST", `/api/v1/membership-requests/${link.id}/acceptance`, {
      json: { token: link.token },
    });
    expect(accepted.status).toBe(404);
  });

  it("refuses a member of this organization: 'This user already exists.'", async () => {
    const admin = await adminWithGroup();
    const before = await db().membership.count({ where: { organizationId: admin.organization.id } });
    const reply = await invite(admin.client, admin.organization.id, {
      email: admin.user.email.toUpperCase(),
      givenName: "A",
      familyName: "B",
    });
    expect(reply.status).toBe(409);
    expect(reply.body).toMatchObject({ code: "ALREADY_EXISTS", message: "This user already exists." });
    expect(await db().membership.count({ where: { organizationId: admin.organization.id } })).toBe(before);
    expect(await db().userInvitation.count({ where: { email: admin.user.email } })).toBe(0);
  });
});

describe("open invitations: list, resend, revoke", () => {
  const invitationUrl = (orgId: string, id: string) => `${invitationsUrl(orgId)}/${id}`;

  it("lists invitations nobody has accepted yet, with the group and role names, newest first", async () => {
    const admin = await adminWithGroup();
    const first = newEmail("first");
    const second = newEmail("second");
    await invite(admin.client, admin.organization.id, {
      email: first,
      givenName: "Fay",
      familyName: "First",
      groupId: admin.team.id,
      roleIds: [admin.viewer.id],
    });
    await invite(admin.client, admin.organization.id, { email: second, givenName: "Sam", familyName: "Second" });
    const list = await admin.client.get<PendingUserInvitationList>(invitationsUrl(admin.organization.id));
    expect(list.status).toBe(200);
    expect(list.body.count).toBe(2);
    expect(list.body.records.map((r) => r.email)).toEqual([second, first]);
    expect(list.body.records[1]).toMatchObject({
      givenName: "Fay",
      familyName: "First",
      status: "PENDING",
      invitedByName: "Test User",
      groupName: admin.team.name,
      roleNames: [admin.viewer.name],
    });
    expect(list.body.records[0]).toMatchObject({ groupName: null, roleNames: [] });

    // an accepted invitation leaves the list
    const link = await invitationLink(second);
    expect(
      (await register(link.id, { token: link.token, givenName: "Sam", familyName: "Second", password: NEW_PASSWORD }))
        .status,
    ).toBe(202);
    const registered = await admin.client.get<PendingUserInvitationList>(invitationsUrl(admin.organization.id));
    expect(registered.body.records.find((r) => r.email === second)?.status).toBe("REGISTERED");
    const code = await verificationCode(second);
    const verified = await client().request("POST", `/api/v1/user-invitations/${link.id}/verify`, {
      json: { token: link.token, code },
    });
    expect(verified.status).toBe(200);
    const after = await admin.client.get<PendingUserInvitationList>(invitationsUrl(admin.organization.id));
    expect(after.body.records.map((r) => r.email)).toEqual([first]);
  });

  it("resends with a new link: a second email arrives, the old link stops working, the new one opens", async () => {
    const admin = await adminWithGroup();
    const email = newEmail();
    await invite(admin.client, admin.organization.id, { email, givenName: "Rex", familyName: "Resent" });
    const first = await invitationLink(email);
    await db().userInvitation.update({ where: { id: first.id }, data: { expiresAt: new Date(Date.now() - 1000) } });

    const resent = await admin.client.request<PendingUserInvitation>(
      "POST",
      `${invitationUrl(admin.organization.id, first.id)}/resends`,
    );
    expect(resent.status).toBe(202);
    expect(resent.body).toMatchObject({ id: first.id, email, status: "PENDING" });
    const days = (Date.parse(resent.body.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);

    const second = await invitationLink(email, 2);
    expect(second.id).toBe(first.id);
    expect(second.token).not.toBe(first.token);
    const old = await client().get(lookupUrl(first.id, first.token));
    expect(old.status).toBe(404);
    expect(old.body).toMatchObject({ message: INVITATION_MESSAGES.invitationNotFound });
    expect((await client().get(lookupUrl(second.id, second.token))).status).toBe(200);

    const audit = await db().auditEvent.findFirst({
      where: { streamType: "organization", streamId: admin.organization.id, type: "user.invitation-resent" },
    });
    expect(audit).toMatchObject({ actorId: admin.user.id });
    expect(await verifyAuditChain(db(), "organization", admin.organization.id)).toMatchObject({ valid: true });
  });

  it("revokes: the link answers 'Invitation not found.' and cannot register; revoking again is 404", async () => {
    const admin = await adminWithGroup();
    const email = newEmail();
    await invite(admin.client, admin.organization.id, { email, givenName: "Rae", familyName: "Revoked" });
    const link = await invitationLink(email);

    const revoked = await admin.client.request("DELETE", invitationUrl(admin.organization.id, link.id));
    expect(revoked.status).toBe(204);
    expect((await db().userInvitation.findUniqueOrThrow({ where: { id: link.id } })).status).toBe("REVOKED");

    const lookup = await client().get(lookupUrl(link.id, link.token));
    expect(lookup.status).toBe(404);
    expect(lookup.body).toMatchObject({ code: "NOT_FOUND", message: "Invitation not found." });
    const registration = await register(link.id, {
      token: link.token,
      givenName: "Rae",
      familyName: "Revoked",
      password: NEW_PASSWORD,
    });
    expect(registration.status).toBe(404);
    expect(registration.body).toMatchObject({ message: INVITATION_MESSAGES.invitationNotFound });
    expect(await db().user.count({ where: { email } })).toBe(0);

    const list = await admin.client.get<PendingUserInvitationList>(invitationsUrl(admin.organization.id));
    expect(list.body.records).toEqual([]);
    const again = await admin.client.request("DELETE", invitationUrl(admin.organization.id, link.id));
    expect(again.status).toBe(404);
    const resend = await admin.client.request("POST", `${invitationUrl(admin.organization.id, link.id)}/resends`);
    expect(resend.status).toBe(404);
    expect(smtp.messages.filter((m) => m.envelopeTo.includes(email))).toHaveLength(1);

    const audit = await db().auditEvent.findFirst({
      where: { streamType: "organization", streamId: admin.organization.id, type: "user.invitation-revoked" },
    });
    expect(audit).toMatchObject({ actorId: admin.user.id });
  });

  it("needs MANAGE_USERS for listing, resending and revoking", async () => {
    const admin = await adminWithGroup();
    const email = newEmail();
    await invite(admin.client, admin.organization.id, { email, givenName: "A", familyName: "B" });
    const link = await invitationLink(email);
    // a member of the same organization who may only view users
    const looker = await buildRole(db(), {
      organizationId: admin.organization.id,
      name: `Looker-${randomUUID().slice(0, 8)}`,
      permissions: permissionBits(["VIEW_USERS_GROUPS_ROLES"]),
    });
    const viewerUser = await buildUser(db(), {
      email: newEmail("viewer"),
      givenName: "View",
      familyName: "Only",
      homeOrganizationId: admin.organization.id,
      password: PASSWORD,
    });
    await grantRoles(db(), {
      organizationId: admin.organization.id,
      groupId: admin.group.id,
      userId: viewerUser.id,
      roleIds: [looker.id],
    });
    const viewerClient = await signedIn(app.url, viewerUser.email);
    expect((await viewerClient.get(invitationsUrl(admin.organization.id))).status).toBe(403);
    expect(
      (await viewerClient.request("POST", `${invitationUrl(admin.organization.id, link.id)}/resends`)).status,
    ).toBe(403);
    expect((await viewerClient.request("DELETE", invitationUrl(admin.organization.id, link.id))).status).toBe(403);
    expect((await db().userInvitation.findUniqueOrThrow({ where: { id: link.id } })).status).toBe("PENDING");
  });
});

describe("who may invite", () => {
  it("needs MANAGE_USERS; placing in a group also needs MANAGE_GROUPS and MANAGE_ROLES there, and roles the group offers", async () => {
    const viewer = await organizationWithUser(db(), { permissions: permissionBits(["VIEW_USERS_GROUPS_ROLES"]) });
    const viewerClient = await signedIn(app.url, viewer.user.email);
    const email = newEmail();
    const refused = await invite(viewerClient, viewer.organization.id, { email, givenName: "A", familyName: "B" });
    expect(refused.status).toBe(403);

    const manager = await organizationWithUser(db(), { permissions: permissionBits(["MANAGE_USERS"]) });
    const managerClient = await signedIn(app.url, manager.user.email);
    const noGroupRights = await invite(managerClient, manager.organization.id, {
      email,
      givenName: "A",
      familyName: "B",
      groupId: manager.group.id,
    });
    expect(noGroupRights.status).toBe(403);
    expect(await db().userInvitation.count({ where: { email } })).toBe(0);

    const admin = await adminWithGroup();
    const otherRole = await buildRole(db(), {
      organizationId: admin.organization.id,
      name: `Not-offered-${randomUUID().slice(0, 8)}`,
      permissions: 1,
    });
    const notOffered = await invite(admin.client, admin.organization.id, {
      email,
      givenName: "A",
      familyName: "B",
      groupId: admin.team.id,
      roleIds: [otherRole.id],
    });
    expect(notOffered.status).toBe(404);
    expect(notOffered.body).toMatchObject({ message: INVITATION_MESSAGES.groupOrRoleNotFound });
    // a group outside the admin's own group tree: their (non-system) role does not reach it
    const elsewhere = await buildGroup(db(), {
      organizationId: admin.organization.id,
      name: `Elsewhere-${randomUUID().slice(0, 8)}`,
      roleIds: [admin.viewer.id],
    });
    const outsideTree = await invite(admin.client, admin.organization.id, {
      email,
      givenName: "A",
      familyName: "B",
      groupId: elsewhere.id,
    });
    expect(outsideTree.status).toBe(403);
    const foreignGroup = await invite(admin.client, admin.organization.id, {
      email,
      givenName: "A",
      familyName: "B",
      groupId: viewer.group.id,
    });
    expect(foreignGroup.status).toBe(404);
    const foreignOrg = await invite(admin.client, viewer.organization.id, { email, givenName: "A", familyName: "B" });
    expect(foreignOrg.status).toBe(404);
    expect(await db().userInvitation.count({ where: { email } })).toBe(0);
  });

  it("lets nobody register into a deactivated organization", async () => {
    const admin = await adminWithGroup();
    const email = newEmail();
    await invite(admin.client, admin.organization.id, { email, givenName: "A", familyName: "B" });
    const link = await invitationLink(email);
    await db().organization.update({ where: { id: admin.organization.id }, data: { enabled: false } });
    const reply = await client().get(lookupUrl(link.id, link.token));
    expect(reply.status).toBe(404);
    expect(reply.body).toMatchObject({ message: INVITATION_MESSAGES.invitationNotFound });
  });
});

describe("rate limit", () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await startTestApp({ LOGIN_RATE_LIMIT_MAX: "2", PUBLIC_URL });
  });
  afterAll(() => limited?.close());

  it("limits the public sign-up steps per client address", async () => {
    const http = new HttpClient(limited.url);
    const path = `/api/v1/user-invitations/${randomUUID()}`;
    expect((await http.get(`${path}?token=${"x".repeat(43)}`)).status).toBe(404);
    expect((await http.get(`${path}?token=${"x".repeat(43)}`)).status).toBe(404);
    const third = await http.get(`${path}?token=${"x".repeat(43)}`);
    expect(third.status).toBe(429);
    for (const step of ["registrations", "verify"]) {
      const body = step === "verify" ? { token: "x".repeat(43), code: "123456" } : {};
      await http.request("POST", `${path}/${step}`, { json: body });
      await http.request("POST", `${path}/${step}`, { json: body });
      expect((await http.request("POST", `${path}/${step}`, { json: body })).status).toBe(429);
    }
  });
});
