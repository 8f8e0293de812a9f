import { MESSAGES } from "@signet/contract";
import { verifyAuditChain } from "@signet/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { organizationWithUser, PASSWORD } from "./support/factories.ts";
import { HttpClient } from "./support/http-client.ts";
import { payloadClaims } from "./support/poll.ts";
import { startTestApp, type TestApp } from "./support/test-app.ts";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const client = () => new HttpClient(app.url);
const db = () => app.server.db;
const NEW_PASSWORD = "Brand-New-Passphrase-42";
const permissionsOf = (orgId: string) => `/api/v1/organizations/${orgId}/users/me/permissions`;

const changePassword = (browser: HttpClient, currentPassword: string, newPassword: string) =>
  browser.request("POST", "/api/v1/users/me/change-password", { json: { currentPassword, newPassword } });

async function signedIn(email: string, password = PASSWORD) {
  const browser = client();
  const reply = await browser.signIn(email, password);
  expect(reply.status).toBe(200);
  return browser;
}

/** The stored hash, so a test can prove that a refused change left the password as it was. */
const storedHash = async (userId: string) =>
  (await db().credential.findUniqueOrThrow({ where: { userId } })).passwordHash;

describe("POST /api/v1/users/me/change-password", () => {
  it("refuses a wrong current password and leaves the password and the session as they were", async () => {
    const { user, organization } = await organizationWithUser(db());
    const browser = await signedIn(user.email);
    const before = await storedHash(user.id);

    const reply = await changePassword(browser, "Not-the-password-1", NEW_PASSWORD);
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ code: "WRONG_CURRENT_PASSWORD", message: MESSAGES.wrongCurrentPassword });
    expect(reply.cookies.size).toBe(0);

    expect(await storedHash(user.id)).toBe(before);
    expect((await browser.get(permissionsOf(organization.id))).status).toBe(200);
    expect((await client().signIn(user.email, NEW_PASSWORD)).status).toBe(400);
  });

  it("refuses the current password and any earlier one with 'Password previously used'", async () => {
    const { user } = await organizationWithUser(db());
    const browser = await signedIn(user.email);

    const same = await changePassword(browser, PASSWORD, PASSWORD);
    expect(same.status).toBe(400);
    expect(same.body).toMatchObject({ code: "PASSWORD_PREVIOUSLY_USED", message: MESSAGES.passwordPreviouslyUsed });

    // PASSWORD -> NEW_PASSWORD -> third; then back to the first one is refused
    expect((await changePassword(browser, PASSWORD, NEW_PASSWORD)).status).toBe(200);
    const third = "Third-Passphrase-Here-7";
    expect((await changePassword(browser, NEW_PASSWORD, third)).status).toBe(200);
    const hashBefore = await storedHash(user.id);
    for (const earlier of [PASSWORD, NEW_PASSWORD]) {
      const reply = await changePassword(browser, third, earlier);
      expect(reply.status).toBe(400);
      expect(reply.body).toMatchObject({ code: "PASSWORD_PREVIOUSLY_USED", message: MESSAGES.passwordPreviouslyUsed });
    }
    expect(await storedHash(user.id)).toBe(hashBefore);
    expect(await db().passwordHistory.count({ where: { userId: user.id } })).toBe(3);
    expect((await client().signIn(user.email, third)).status).toBe(200);
  });

  it("refuses a weak password with a field error naming newPassword", async () => {
    const { user } = await organizationWithUser(db());
    const browser = await signedIn(user.email);
    const before = await storedHash(user.id);
    for (const weak of ["short-A1", "alllowercase-and-digits-1", "NoDigitsAtAllHere"]) {
      const reply = await changePassword(browser, PASSWORD, weak);
      expect(reply.status).toBe(400);
      expect(reply.body).toMatchObject({ code: "BAD_REQUEST", message: MESSAGES.badRequest });
      expect(reply.body.details).toContainEqual({ path: "newPassword", message: MESSAGES.passwordPolicy });
    }
    expect(await storedHash(user.id)).toBe(before);
  });

  it("answers with fresh cookies, switches the password and revokes every other session", async () => {
    const { user, organization } = await organizationWithUser(db());
    const browser = await signedIn(user.email);
    const otherBrowser = await signedIn(user.email);
    const api = client();
    api.bearer = String((await api.signIn(user.email, PASSWORD, "bearer")).body.access_token);
    const oldJar = new Map(browser.jar);

    const reply = await changePassword(browser, PASSWORD, NEW_PASSWORD);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ token_type: "cookie", expires_in: 86400, partial: false });
    for (const name of ["signet_payload", "signet_signature", "XSRF-TOKEN"]) {
      expect(reply.cookies.get(name)?.value).toBeTruthy();
      expect(reply.cookies.get(name)!.value).not.toBe(oldJar.get(name));
    }
    const claims = payloadClaims(reply.cookies.get("signet_payload")!.value);
    expect(claims).toMatchObject({ uid: user.id, oid: organization.id, credentials_non_expired: true });

    // the new cookies work, for reads and for writes (the new anti-forgery token matches the new token)
    expect((await browser.get(permissionsOf(organization.id))).status).toBe(200);
    expect((await browser.request("PUT", "/api/v1/active-tokens/me")).status).toBe(200);

    // every session opened with the old password is over, including the old cookies of this browser
    const oldCookies = new HttpClient(app.url);
    for (const [k, v] of oldJar) oldCookies.jar.set(k, v);
    for (const stale of [otherBrowser, api, oldCookies]) {
      const after = await stale.get(permissionsOf(organization.id));
      expect(after.status).toBe(401);
      expect(after.body).toMatchObject({ code: "UNAUTHORIZED" });
    }
    const tokens = await db().activeToken.findMany({ where: { userId: user.id } });
    expect(tokens).toHaveLength(4);
    const live = tokens.filter((t) => t.revokedAt === null);
    expect(live.map((t) => t.id)).toEqual([claims.jti]);
    expect(tokens.filter((t) => t.revokedAt !== null).map((t) => t.revokedReason)).toEqual([
      "password-changed",
      "password-changed",
      "password-changed",
    ]);

    const oldSignIn = await client().signIn(user.email, PASSWORD);
    expect(oldSignIn.status).toBe(400);
    expect(oldSignIn.body).toMatchObject({ code: "INVALID_CREDENTIALS", message: MESSAGES.invalidCredentials });
    expect((await client().signIn(user.email, NEW_PASSWORD)).status).toBe(200);

    const credential = await db().credential.findUniqueOrThrow({ where: { userId: user.id } });
    expect(credential.version).toBe(2);
    expect(credential.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 80 * 86_400_000);
    const events = await db().auditEvent.findMany({ where: { streamId: user.id, type: "password.changed" } });
    expect(events).toHaveLength(1);
    expect(await verifyAuditChain(db(), "user", user.id)).toMatchObject({ valid: true });
  });

  it("needs the anti-forgery header when riding on cookies", async () => {
    const { user } = await organizationWithUser(db());
    const browser = await signedIn(user.email);
    const before = await storedHash(user.id);
    const reply = await browser.request("POST", "/api/v1/users/me/change-password", {
      json: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD },
      csrf: false,
    });
    expect(reply.status).toBe(403);
    expect(reply.body).toMatchObject({ code: "CSRF" });
    expect(await storedHash(user.id)).toBe(before);
  });
});

describe("expired credentials", () => {
  const expired = () => organizationWithUser(db(), { passwordExpiresAt: new Date(Date.now() - 60_000) });

  it("signs in with credentials_non_expired=false, and only changing the password is allowed", async () => {
    const { user, organization } = await expired();
    const browser = client();
    const signIn = await browser.signIn(user.email, PASSWORD);
    expect(signIn.status).toBe(200);
    expect(payloadClaims(signIn.cookies.get("signet_payload")!.value)).toMatchObject({
      uid: user.id,
      credentials_non_expired: false,
    });

    const blocked = await browser.get(permissionsOf(organization.id));
    expect(blocked.status).toBe(403);
    expect(blocked.body).toMatchObject({ code: "CREDENTIALS_EXPIRED", message: MESSAGES.credentialsExpired });
    const organizations = await browser.get("/api/v1/users/me/organizations");
    expect(organizations.status).toBe(403);
    expect(organizations.body).toMatchObject({ code: "CREDENTIALS_EXPIRED" });

    const changed = await changePassword(browser, PASSWORD, NEW_PASSWORD);
    expect(changed.status).toBe(200);
    expect(payloadClaims(changed.cookies.get("signet_payload")!.value)).toMatchObject({
      uid: user.id,
      oid: organization.id,
      credentials_non_expired: true,
    });
    const permissions = await browser.get(permissionsOf(organization.id));
    expect(permissions.status).toBe(200);
    expect(permissions.body.organizationId).toBe(organization.id);

    const credential = await db().credential.findUniqueOrThrow({ where: { userId: user.id } });
    expect(credential.expiresAt!.getTime()).toBeGreaterThan(Date.now());
    // the next sign-in is a normal one
    const next = await client().signIn(user.email, NEW_PASSWORD);
    expect(payloadClaims(next.cookies.get("signet_payload")!.value)).toMatchObject({ credentials_non_expired: true });
  });

  it("works the same for a bearer token: the answer is a new bearer token", async () => {
    const { user, organization } = await expired();
    const api = client();
    api.bearer = String((await api.signIn(user.email, PASSWORD, "bearer")).body.access_token);
    expect((await api.get(permissionsOf(organization.id))).body).toMatchObject({ code: "CREDENTIALS_EXPIRED" });
    const changed = await changePassword(api, PASSWORD, NEW_PASSWORD);
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ token_type: "bearer", partial: false });
    expect(changed.cookies.size).toBe(0);
    expect((await api.get(permissionsOf(organization.id))).status).toBe(401);
    api.bearer = String(changed.body.access_token);
    expect((await api.get(permissionsOf(organization.id))).status).toBe(200);
  });
});
