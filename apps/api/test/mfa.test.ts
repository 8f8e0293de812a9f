import { HEADERS, MESSAGES, MFA_MESSAGES, PERMISSIONS } from "@signet/contract";
import { buildRole, grantRoles, verifyAuditChain } from "@signet/core";
import { generate } from "otplib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { joinOrganization, organizationWithUser, PASSWORD } from "./support/factories.ts";
import { HttpClient } from "./support/http-client.ts";
import { payloadClaims } from "./support/poll.ts";
import { startTestApp, type TestApp } from "./support/test-app.ts";

// Issue 12 §4: a real second factor — authenticator app (codes computed here with otplib from the
// key the API hands out), SMS codes through the SMS sender's outbox, recovery codes, the sign-in
// challenge, the lock after wrong codes, and the organization's "Require a second factor".

let app: TestApp;
beforeAll(async () => {
  // many sign-ins from one address in a few seconds: the per-IP sign-in limit is not under test here
  app = await startTestApp({ LOGIN_RATE_LIMIT_MAX: "1000" });
});
afterAll(() => app?.close());

const db = () => app.server.db;
const client = () => new HttpClient(app.url);
const permissionsOf = (orgId: string) => `/api/v1/organizations/${orgId}/users/me/permissions`;
const now = () => Math.floor(Date.now() / 1000);
/** a code of the step `steps` away from now (the API accepts one step of drift either way) */
const totp = (secret: string, steps = 0) => generate({ secret, epoch: now() + steps * 30 });

async function signedIn(email: string) {
  const browser = client();
  const reply = await browser.signIn(email, PASSWORD);
  expect(reply.status).toBe(200);
  expect(reply.body.token_type).toBe("cookie");
  return browser;
}

/** Adds and confirms an authenticator app; answers its key and the recovery codes shown once. */
async function enrolAuthenticator(browser: HttpClient) {
  const setup = await browser.request<{ secret: string; otpauthUri: string; qrCodeDataUrl: string }>(
    "POST",
    "/api/v1/users/me/mfa/authenticator",
  );
  expect(setup.status).toBe(201);
  expect(setup.body.otpauthUri).toContain(`secret=${setup.body.secret}`);
  expect(setup.body.qrCodeDataUrl).toMatch(/^data:image\/png;base64,/);
  const verified = await browser.request<{ recoveryCodes: string[] | null; status: { enrolled: boolean } }>(
    "POST",
    "/api/v1/users/me/mfa/authenticator/verify",
    { json: { code: await totp(setup.body.secret) } },
  );
  expect(verified.status).toBe(200);
  expect(verified.body.status.enrolled).toBe(true);
  return { secret: setup.body.secret, recoveryCodes: verified.body.recoveryCodes ?? [] };
}

async function lastText(to: string) {
  const message = await db().smsMessage.findFirstOrThrow({ where: { to }, orderBy: { createdAt: "desc" } });
  return /(\d{6})/.exec(message.text)![1]!;
}

async function challenge(email: string) {
  const browser = client();
  const reply = await browser.signIn(email, PASSWORD);
  expect(reply.status).toBe(200);
  expect(reply.body).toMatchObject({ token_type: "mfa_challenge", partial: false });
  // no session yet: nothing but the challenge
  expect(reply.cookies.has("signet_payload")).toBe(false);
  return { browser, token: reply.body.mfa_token as string, methods: reply.body.mfa_methods as string[] };
}

const answer = (browser: HttpClient, mfaToken: string, method: string, code: string) =>
  browser.request("POST", "/cas/mfa-challenge", {
    json: { mfa_token: mfaToken, method, code },
    headers: { [HEADERS.responseFormat]: "cookie" },
  });

describe("authenticator app", () => {
  it("enrols with a first code, then a password sign-in asks for a code and opens the session with amr pwd+otp", async () => {
    const { user, organization } = await organizationWithUser(db());
    const browser = await signedIn(user.email);
    const { secret, recoveryCodes } = await enrolAuthenticator(browser);
    expect(recoveryCodes).toHaveLength(10);
    const stored = await db().mfaAuthenticator.findUniqueOrThrow({ where: { userId: user.id } });
    expect(stored.secretEncrypted).not.toContain(secret);
    expect(stored.verifiedAt).not.toBeNull();
    expect((await db().user.findUniqueOrThrow({ where: { id: user.id } })).mfaEnrolled).toBe(true);

    const pending = await challenge(user.email);
    expect(pending.methods).toEqual(["totp", "recovery_code"]);
    // without the code the challenge token is no session
    expect((await pending.browser.get(permissionsOf(organization.id))).status).toBe(401);

    const done = await answer(pending.browser, pending.token, "totp", await totp(secret, 1));
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ token_type: "cookie", partial: false });
    const claims = payloadClaims(done.cookies.get("signet_payload")!.value);
    expect(claims).toMatchObject({ mfa_enrolled: true, amr: ["pwd", "otp", "mfa"], oid: organization.id });
    expect((await pending.browser.get(permissionsOf(organization.id))).status).toBe(200);

    // the challenge is finished once
    const again = await answer(client(), pending.token, "totp", await totp(secret, 1));
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ code: "MFA_CHALLENGE_EXPIRED", message: MFA_MESSAGES.challengeExpired });

    const events = await db().auditEvent.findMany({ where: { streamId: user.id }, orderBy: { id: "asc" } });
    expect(events.map((event) => event.type)).toEqual(
      expect.arrayContaining(["mfa.authenticator-added", "sign-in.second-factor-required", "sign-in.succeeded"]),
    );
    expect(JSON.stringify(events.map((event) => event.data))).not.toContain(secret);
  });

  it("refuses a replayed code: the same code (and any older one) works once", async () => {
    const { user } = await organizationWithUser(db());
    const { secret } = await enrolAuthenticator(await signedIn(user.email));
    const code = await totp(secret, 1);
    const first = await challenge(user.email);
    expect((await answer(first.browser, first.token, "totp", code)).status).toBe(200);
    const second = await challenge(user.email);
    const replay = await answer(second.browser, second.token, "totp", code);
    expect(replay.status).toBe(400);
    expect(replay.body).toMatchObject({ code: "MFA_CODE_INVALID", message: MFA_MESSAGES.codeInvalid });
    // the code of the enrolment's step is older than the last accepted one
    expect((await answer(second.browser, second.token, "totp", await totp(secret, 0))).status).toBe(400);
  });

  it("locks the account after 5 wrong codes exactly like wrong passwords, audited", async () => {
    const { user, organization } = await organizationWithUser(db());
    const { secret } = await enrolAuthenticator(await signedIn(user.email));
    const pending = await challenge(user.email);
    const right = await totp(secret, 1);
    const wrong = right === "000000" ? "111111" : "000000";
    for (let attempt = 1; attempt <= 4; attempt++) {
      const reply = await answer(pending.browser, pending.token, "totp", wrong);
      expect(reply.status).toBe(400);
      expect(reply.body).toMatchObject({ code: "MFA_CODE_INVALID" });
    }
    const fifth = await answer(pending.browser, pending.token, "totp", wrong);
    expect(fifth.status).toBe(400);
    expect(fifth.body).toMatchObject({ code: "ACCOUNT_LOCKED", message: MESSAGES.accountLocked });
    const credential = await db().credential.findUniqueOrThrow({ where: { userId: user.id } });
    expect(credential.lockedUntil!.getTime()).toBeGreaterThan(Date.now() + 14 * 60_000);
    // the right code no longer helps, and neither does the right password
    expect((await answer(pending.browser, pending.token, "totp", right)).body).toMatchObject({
      code: expect.stringMatching(/ACCOUNT_LOCKED|MFA_CHALLENGE_EXPIRED/),
    });
    const password = await client().signIn(user.email, PASSWORD);
    expect(password.body).toMatchObject({ code: "ACCOUNT_LOCKED" });
    const locked = await db().auditEvent.findFirst({ where: { streamId: user.id, type: "account.locked" } });
    expect(locked?.data).toMatchObject({ failedAttempts: 5, secondFactor: "totp" });
    expect(await verifyAuditChain(db(), "user", user.id)).toMatchObject({ valid: true });
  });

  it("a right password does not reset the count of wrong codes", async () => {
    const { user } = await organizationWithUser(db());
    await enrolAuthenticator(await signedIn(user.email));
    for (let round = 0; round < 2; round++) {
      const pending = await challenge(user.email);
      for (let attempt = 0; attempt < 2; attempt++) await answer(pending.browser, pending.token, "totp", "000000");
    }
    const last = await challenge(user.email);
    const reply = await answer(last.browser, last.token, "totp", "000000");
    expect(reply.body).toMatchObject({ code: "ACCOUNT_LOCKED" });
  });
});

describe("SMS codes", () => {
  it("verifies the MFA phone by a texted code; a sign-in then texts a code that works once and expires", async () => {
    const { user } = await organizationWithUser(db());
    const browser = await signedIn(user.email);
    const phone = "2125550147";
    const set = await browser.request("PUT", "/api/v1/users/me/mfa-phone-number", {
      json: { phoneNumber: "(212) 555-0147" },
    });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ phoneNumberEnding: "47", expiresInSeconds: 300 });
    // not a factor until verified: the password alone still signs in
    expect((await client().signIn(user.email, PASSWORD)).body.token_type).toBe("cookie");
    const wrongVerify = await browser.request("POST", "/api/v1/users/me/mfa-phone-number/verify", {
      json: { code: "000000" },
    });
    expect(wrongVerify.status).toBe(400);
    const verified = await browser.request<{ recoveryCodes: string[] }>(
      "POST",
      "/api/v1/users/me/mfa-phone-number/verify",
      {
        json: { code: await lastText(phone) },
      },
    );
    expect(verified.status).toBe(200);
    expect(verified.body.recoveryCodes).toHaveLength(10);

    const pending = await challenge(user.email);
    expect(pending.methods).toEqual(["sms", "recovery_code"]);
    const sent = await pending.browser.request("POST", "/cas/mfa-challenge/sms", {
      json: { mfa_token: pending.token },
    });
    expect(sent.status).toBe(200);
    const code = await lastText(phone);
    const stored = await db().mfaSmsCode.findFirstOrThrow({ where: { userId: user.id, purpose: "SIGN_IN" } });
    expect(stored.codeHash).not.toContain(code);

    // an expired code is refused
    await db().mfaSmsCode.update({ where: { id: stored.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const expired = await answer(pending.browser, pending.token, "sms", code);
    expect(expired.body).toMatchObject({ code: "MFA_CODE_INVALID" });

    await pending.browser.request("POST", "/cas/mfa-challenge/sms", { json: { mfa_token: pending.token } });
    const fresh = await lastText(phone);
    const done = await answer(pending.browser, pending.token, "sms", fresh);
    expect(done.status).toBe(200);
    expect(payloadClaims(done.cookies.get("signet_payload")!.value)).toMatchObject({ amr: ["pwd", "sms", "mfa"] });

    // a changed number is no longer verified: the sign-in offers no SMS until the new one is
    const again = await signedIn2(user.email, "sms", phone);
    await again.request("PUT", "/api/v1/users/me/mfa-phone-number", { json: { phoneNumber: "2125550148" } });
    const status = await again.get("/api/v1/users/me/mfa");
    expect(status.body).toMatchObject({ enrolled: false, phone: { phoneNumber: "2125550148", verified: false } });
  });
});

/** A full sign-in through the challenge answered by SMS. */
async function signedIn2(email: string, method: "sms", phone: string) {
  const pending = await challenge(email);
  expect(pending.methods).toContain(method);
  await pending.browser.request("POST", "/cas/mfa-challenge/sms", { json: { mfa_token: pending.token } });
  expect((await answer(pending.browser, pending.token, "sms", await lastText(phone))).status).toBe(200);
  return pending.browser;
}

describe("recovery codes", () => {
  it("each works once; regenerating replaces them all", async () => {
    const { user } = await organizationWithUser(db());
    const { recoveryCodes } = await enrolAuthenticator(await signedIn(user.email));
    const stored = await db().mfaRecoveryCode.findMany({ where: { userId: user.id } });
    expect(stored.map((row) => row.codeHash)).not.toContain(recoveryCodes[0]);

    const first = await challenge(user.email);
    const used = await answer(first.browser, first.token, "recovery_code", recoveryCodes[0]!.toUpperCase());
    expect(used.status).toBe(200);
    expect(payloadClaims(used.cookies.get("signet_payload")!.value)).toMatchObject({ amr: ["pwd", "mfa"] });

    const second = await challenge(user.email);
    expect((await answer(second.browser, second.token, "recovery_code", recoveryCodes[0]!)).body).toMatchObject({
      code: "MFA_CODE_INVALID",
    });
    const regenerated = await first.browser.request<{ recoveryCodes: string[] }>(
      "POST",
      "/api/v1/users/me/mfa/recovery-codes",
    );
    expect(regenerated.status).toBe(201);
    expect(regenerated.body.recoveryCodes).toHaveLength(10);
    expect((await answer(second.browser, second.token, "recovery_code", recoveryCodes[1]!)).status).toBe(400);
    expect(
      (await answer(second.browser, second.token, "recovery_code", regenerated.body.recoveryCodes[0]!)).status,
    ).toBe(200);
  });
});

describe("Require a second factor", () => {
  it("takes a member without a factor to enrolment: every other call answers 403 until they enrol", async () => {
    const { user: admin, organization } = await organizationWithUser(db());
    const adminBrowser = await signedIn(admin.email);
    const settingsUrl = `/api/v1/organizations/${organization.id}/settings/security`;
    expect((await adminBrowser.get(settingsUrl)).body).toEqual({ mfa_required: false });
    const turnedOn = await adminBrowser.request("PATCH", settingsUrl, { json: { mfa_required: true } });
    expect(turnedOn.status).toBe(200);
    expect(turnedOn.body).toEqual({ mfa_required: true });
    expect((await adminBrowser.request("PATCH", settingsUrl, { json: { mfa_required: "yes" } })).status).toBe(400);
    const row = await db().organizationSetting.findUniqueOrThrow({
      where: { organizationId_key: { organizationId: organization.id, key: "mfa_required" } },
    });
    expect(row).toMatchObject({ value: "true", version: 1 });
    await adminBrowser.request("PATCH", settingsUrl, { json: { mfa_required: false } });
    await adminBrowser.request("PATCH", settingsUrl, { json: { mfa_required: true } });
    // the metaData API's optimistic lock sees every change
    expect((await db().organizationSetting.findUniqueOrThrow({ where: { id: row.id } })).version).toBe(3);

    const member = await organizationWithUser(db(), { permissions: PERMISSIONS.VIEW_DOCUMENTS_PACKAGES });
    await joinOrganization(db(), member.user.id, organization.id);
    // a member only of this organization: use the admin's organization for a single-org member
    const { user } = await organizationWithUser(db());
    await db().organizationSetting.create({
      data: { organizationId: user.homeOrganizationId, key: "mfa_required", value: "true" },
    });
    const browser = client();
    const signIn = await browser.signIn(user.email, PASSWORD);
    expect(signIn.body.token_type).toBe("cookie");
    expect(payloadClaims(signIn.cookies.get("signet_payload")!.value)).toMatchObject({ mfa_enrolled: false });

    const refused = await browser.get(permissionsOf(user.homeOrganizationId));
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: "MFA_ENROLMENT_REQUIRED", message: MFA_MESSAGES.enrolmentRequired });
    expect((await browser.get("/api/v1/users/me/mfa")).body).toMatchObject({ required: true, enrolled: false });

    const setup = await browser.request<{ secret: string }>("POST", "/api/v1/users/me/mfa/authenticator");
    const verified = await browser.request<{ token: { token_type: string } }>(
      "POST",
      "/api/v1/users/me/mfa/authenticator/verify",
      {
        json: { code: await totp(setup.body.secret) },
      },
    );
    expect(verified.status).toBe(200);
    expect(verified.body.token).toMatchObject({ token_type: "cookie" });
    expect((await browser.get(permissionsOf(user.homeOrganizationId))).status).toBe(200);
    // the last factor cannot go while the organization requires one
    const remove = await browser.request("DELETE", "/api/v1/users/me/mfa/authenticator");
    expect(remove.status).toBe(409);
    expect(remove.body).toMatchObject({ code: "MFA_FACTOR_REQUIRED" });

    // the multi-organization member picks the organization after the password: enrolment is asked there
    const multi = client();
    const partial = await multi.signIn(member.user.email, PASSWORD);
    expect(partial.body).toMatchObject({ token_type: "cookie", partial: true });
    const chosen = await multi.request("POST", "/cas/multi-org-login", { json: { organizationId: organization.id } });
    expect(payloadClaims(chosen.cookies.get("signet_payload")!.value)).toMatchObject({ mfa_enrolled: false });
    expect((await multi.get(permissionsOf(organization.id))).body).toMatchObject({ code: "MFA_ENROLMENT_REQUIRED" });
  });

  it("turning it off (the default) locks nobody out: members without a factor sign in as before", async () => {
    const { user, organization } = await organizationWithUser(db());
    const browser = await signedIn(user.email);
    expect((await browser.get(permissionsOf(organization.id))).status).toBe(200);
    expect((await browser.get("/api/v1/users/me/mfa")).body).toMatchObject({ required: false, enrolled: false });
  });

  it("a multi-organization user with a factor answers the challenge, then picks an organization; the amr carries over", async () => {
    const { user, organization } = await organizationWithUser(db());
    const other = await organizationWithUser(db());
    await joinOrganization(db(), user.id, other.organization.id);
    const { secret } = await enrolAuthenticator(await signedInPartial(user.email, organization.id));
    const pending = await challenge(user.email);
    const done = await answer(pending.browser, pending.token, "totp", await totp(secret, 1));
    expect(done.body).toMatchObject({ partial: true });
    const chosen = await pending.browser.request("POST", "/cas/multi-org-login", {
      json: { organizationId: organization.id },
    });
    expect(chosen.status).toBe(200);
    expect(payloadClaims(chosen.cookies.get("signet_payload")!.value)).toMatchObject({
      oid: organization.id,
      amr: ["pwd", "otp", "mfa"],
    });
  });
});

async function signedInPartial(email: string, organizationId: string) {
  const browser = client();
  expect((await browser.signIn(email, PASSWORD)).body).toMatchObject({ partial: true });
  expect((await browser.request("POST", "/cas/multi-org-login", { json: { organizationId } })).status).toBe(200);
  return browser;
}

describe("an administrator resets a member's second factor", () => {
  it("removes every factor and recovery code of a member of the home organization; others may not", async () => {
    const { user: admin, organization } = await organizationWithUser(db());
    const member = await organizationWithUser(db(), { permissions: PERMISSIONS.VIEW_DOCUMENTS_PACKAGES });
    await joinOrganization(db(), member.user.id, organization.id);
    const memberBrowser = await signedInPartial(member.user.email, member.organization.id);
    await enrolAuthenticator(memberBrowser);
    const resetUrl = (orgId: string) => `/api/v1/organizations/${orgId}/users/${member.user.id}/mfa`;

    // the member's guest organization may not strip the sign-in their home relies on
    const adminBrowser = await signedIn(admin.email);
    const guest = await adminBrowser.request("DELETE", resetUrl(organization.id));
    expect(guest.status).toBe(403);
    expect(guest.body).toMatchObject({ message: MFA_MESSAGES.resetHomeOnly });
    expect(await db().mfaAuthenticator.count({ where: { userId: member.user.id } })).toBe(1);

    // without MANAGE_USERS: refused
    const other = await organizationWithUser(db(), { permissions: PERMISSIONS.VIEW_DOCUMENTS_PACKAGES });
    await joinOrganization(db(), other.user.id, member.organization.id);
    const clerk = await signedInPartial(other.user.email, member.organization.id);
    expect((await clerk.request("DELETE", resetUrl(member.organization.id))).status).toBe(403);

    const homeAdmin = await organizationWithUser(db());
    await joinOrganization(db(), homeAdmin.user.id, member.organization.id);
    const admins = await buildRole(db(), {
      organizationId: member.organization.id,
      name: "User admins",
      permissions: PERMISSIONS.MANAGE_USERS | PERMISSIONS.VIEW_USERS_GROUPS_ROLES,
    });
    await grantRoles(db(), {
      organizationId: member.organization.id,
      groupId: member.group.id,
      userId: homeAdmin.user.id,
      roleIds: [admins.id],
    });
    const home = await signedInPartial(homeAdmin.user.email, member.organization.id);
    const reset = await home.request("DELETE", resetUrl(member.organization.id));
    expect(reset.status, JSON.stringify(reset.body)).toBe(204);
    expect(await db().mfaAuthenticator.count({ where: { userId: member.user.id } })).toBe(0);
    expect(await db().mfaRecoveryCode.count({ where: { userId: member.user.id } })).toBe(0);
    const audit = await db().auditEvent.findFirst({
      where: { streamId: member.user.id, type: "mfa.reset-by-administrator" },
    });
    expect(audit?.actorId).toBe(homeAdmin.user.id);
    // the password alone signs in again
    expect((await client().signIn(member.user.email, PASSWORD)).body).toMatchObject({ token_type: "cookie" });
  });
});
