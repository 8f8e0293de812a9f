import { Writable } from "node:stream";
import {
  type ConnectionTestResult,
  IDENTITY_PROVIDER_MESSAGES,
  type IdentityProvider,
  OIDC_CALLBACK_PATH,
  PERMISSIONS,
  type SignInProviderList,
} from "@signet/contract";
import { buildGroup, buildRole } from "@signet/core";
import { createTestDatabase, linkIdentity, type TestDatabase } from "@signet/core/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type StartedServer, startServer } from "../src/start-server.ts";
import { joinOrganization, organizationWithUser } from "./support/factories.ts";
import { freePort } from "./support/free-port.ts";
import { HttpClient } from "./support/http-client.ts";
import { type LoopbackProvider, loginAtProvider, startLoopbackProvider } from "./support/oidc-loopback-provider.ts";
import { signedIn } from "./support/signed-in.ts";
import { TEST_AUTH_SECRET } from "./support/test-app.ts";

// Issue 12 §2: sign-in through an organization's OpenID Connect provider, against a real provider
// (oidc-provider) on loopback: the authorization code flow with PKCE, state and nonce, the same
// session as a password sign-in, and every way it must refuse, each with a page in words.

const logLines: string[] = [];
let database: TestDatabase;
let server: StartedServer;
let idp: LoopbackProvider;
let publicUrl: string;

beforeAll(async () => {
  const port = await freePort();
  // the redirect URI registered at the provider is built from the public URL, so the app listens there
  publicUrl = `http://127.0.0.1:${port}`;
  idp = await startLoopbackProvider({ redirectUris: [`${publicUrl}${OIDC_CALLBACK_PATH}`] });
  database = await createTestDatabase();
  await database.db.$disconnect();
  const destination = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  server = await startServer(
    {
      DATABASE_URL: database.url,
      // the reference services listen on loopback: allowed by name, as an operator would
      OUTBOUND_ALLOWED_HOSTS: "127.0.0.1,localhost",
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: publicUrl,
      SIGNING_ROOM_LISTEN_PORT: "0",
      AUTH_SECRET: TEST_AUTH_SECRET,
      SEED_DEMO: "false",
      WEB_DIST: "/nonexistent",
      LOGIN_RATE_LIMIT_MAX: "100000",
    },
    { logLevel: "debug", logDestination: destination },
  );
}, 60_000);

afterAll(async () => {
  await server?.close();
  await database?.drop();
  await idp?.close();
});

async function organizationWithProvider(overrides: Record<string, unknown> = {}) {
  const org = await organizationWithUser(server.db);
  const admin = await signedIn(server.url, org.user.email);
  const created = await admin.request<IdentityProvider>(
    "POST",
    `/api/v1/organizations/${org.organization.id}/oauth-providers`,
    {
      json: {
        name: "Bank SSO",
        issuer: idp.issuer,
        clientId: idp.clientId,
        clientSecret: idp.clientSecret,
        ...overrides,
      },
    },
  );
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  // the member has confirmed the link to the provider (issue 30 §1): these tests are about what comes after
  await linkIdentity(server.db, {
    userId: org.user.id,
    providerKind: "oidc",
    providerId: created.body.id,
    subject: `acct-${org.user.email}`,
  });
  return { ...org, admin, provider: created.body };
}

/** A browser that starts the sign-in at Signet, logs in at the provider and is sent back to the callback. */
async function throughProvider(organizationId: string, providerId: string, login: string, returnUrl?: string) {
  const browser = new HttpClient(server.url);
  const query = returnUrl ? `?returnUrl=${encodeURIComponent(returnUrl)}` : "";
  const start = await browser.get(
    `/api/v1/organizations/${organizationId}/oauth-providers/${providerId}/sign-in${query}`,
  );
  expect(start.status, String(start.body)).toBe(302);
  const authorizationUrl = start.headers.get("location")!;
  expect(authorizationUrl.startsWith(`${idp.issuer}/`)).toBe(true);
  const callback = await loginAtProvider(authorizationUrl, login, `${publicUrl}${OIDC_CALLBACK_PATH}`);
  const callbackPath = callback.slice(publicUrl.length);
  return { browser, callbackPath, finish: () => browser.get<string>(callbackPath) };
}

function account(email: string, verified = true) {
  const login = `acct-${email}`;
  idp.accounts.set(login, { email, email_verified: verified, given_name: "Grace", family_name: "Hopper" });
  return login;
}

const auditOf = (type: string, organizationId: string) =>
  server.db.auditEvent.findMany({ where: { type, organizationId }, orderBy: { id: "asc" } });

describe("sign-in through an organization's OpenID provider", () => {
  it("signs a member in with the same session as a password sign-in, audited with the provider", async () => {
    const org = await organizationWithProvider();
    const flow = await throughProvider(org.organization.id, org.provider.id, account(org.user.email), "/packages?x=1");
    const callback = await flow.finish();
    expect(callback.status, String(callback.body)).toBe(303);
    expect(callback.headers.get("location")).toBe("/packages?x=1");
    // the session cookies of a password sign-in, Strict, the signature HttpOnly
    const signature = [...callback.cookies].find(([name]) => name === server.deps.config.cookies.signature);
    expect(signature?.[1].attributes).toMatch(/HttpOnly/i);
    expect(signature?.[1].attributes).toMatch(/SameSite=Strict/i);

    const permissions = await flow.browser.get(`/api/v1/organizations/${org.organization.id}/users/me/permissions`);
    expect(permissions.status, JSON.stringify(permissions.body)).toBe(200);
    const events = await server.db.auditEvent.findMany({
      where: { streamType: "user", streamId: org.user.id, type: "sign-in.succeeded" },
      orderBy: { id: "asc" },
    });
    expect(events.at(-1)?.data).toMatchObject({
      method: "oidc",
      providerId: org.provider.id,
      provider: "Bank SSO",
    });

    // revocation works as for any session: signing out ends it server-side
    expect((await flow.browser.request("DELETE", "/api/v1/active-tokens/me")).status).toBe(204);
    const tokens = await server.db.activeToken.findMany({ where: { userId: org.user.id } });
    // two sessions of this person: the administrator's password one goes on, the OIDC one is revoked
    expect(tokens.map((token) => token.revokedReason !== null).sort()).toEqual([false, true]);
    expect((await flow.browser.get(`/api/v1/organizations/${org.organization.id}/users/me/permissions`)).status).toBe(
      401,
    );
  });

  it("binds the session of a member of several organizations to the provider's organization", async () => {
    const org = await organizationWithProvider();
    const other = await organizationWithUser(server.db);
    await joinOrganization(server.db, org.user.id, other.organization.id);
    const flow = await throughProvider(org.organization.id, org.provider.id, account(org.user.email));
    const callback = await flow.finish();
    expect(callback.status).toBe(303);
    expect(callback.headers.get("location")).not.toBe("/select-organization");
    // a full session in the provider's organization, offering no other one
    expect((await flow.browser.get(`/api/v1/organizations/${org.organization.id}/users/me/permissions`)).status).toBe(
      200,
    );
    const organizations = await flow.browser.get<{ id: string }[]>("/api/v1/users/me/organizations");
    expect(organizations.body.map((organization) => organization.id)).toEqual([org.organization.id]);
    // the provider of one organization cannot vouch for the person in another one
    expect((await flow.browser.get(`/api/v1/organizations/${other.organization.id}/users/me/permissions`)).status).toBe(
      404,
    );
    const switched = await flow.browser.request("POST", "/cas/multi-org-login", {
      json: { organizationId: other.organization.id },
    });
    expect(switched.status).toBe(404);
    // staying in the provider's organization keeps the binding
    const stayed = await flow.browser.request("POST", "/cas/multi-org-login", {
      json: { organizationId: org.organization.id },
    });
    expect(stayed.status, JSON.stringify(stayed.body)).toBe(200);
    expect((await flow.browser.get(`/api/v1/organizations/${other.organization.id}/users/me/permissions`)).status).toBe(
      404,
    );
  });

  it("refuses a tampered ID token in words, signs nobody in and audits the refusal", async () => {
    const org = await organizationWithProvider();
    const flow = await throughProvider(org.organization.id, org.provider.id, account(org.user.email));
    idp.tamperNextIdToken();
    const callback = await flow.finish();
    expect(callback.status).toBe(401);
    expect(callback.headers.get("content-type")).toContain("text/html");
    expect(callback.body).toContain("could not be verified");
    expect(flow.browser.jar.has(server.deps.config.cookies.signature)).toBe(false);
    const [refused] = await auditOf("sign-in.oidc-refused", org.organization.id);
    expect(refused?.data).toMatchObject({
      providerId: org.provider.id,
      provider: "Bank SSO",
      reason: "answer-not-trusted",
    });
    expect(await server.db.activeToken.count({ where: { userId: org.user.id } })).toBe(1); // the admin's own
  });

  it("refuses an ID token whose nonce is not the one this sign-in sent", async () => {
    const org = await organizationWithProvider();
    const flow = await throughProvider(org.organization.id, org.provider.id, account(org.user.email));
    const state = new URL(flow.callbackPath, publicUrl).searchParams.get("state")!;
    await server.db.oidcSignInAttempt.update({ where: { state }, data: { nonce: "a-nonce-from-another-sign-in" } });
    const callback = await flow.finish();
    expect(callback.status).toBe(401);
    expect(callback.body).toContain("could not be verified");
    const [refused] = await auditOf("sign-in.oidc-refused", org.organization.id);
    expect(refused?.data).toMatchObject({ reason: "answer-not-trusted" });
  });

  it("refuses a wrong state, another browser, and a callback used twice", async () => {
    const org = await organizationWithProvider();
    const flow = await throughProvider(org.organization.id, org.provider.id, account(org.user.email));
    const wrongState = flow.callbackPath.replace(/state=[^&]+/, "state=not-the-state");
    const wrong = await flow.browser.get<string>(wrongState);
    expect([wrong.status, wrong.body.includes("expired or was already used")]).toEqual([400, true]);

    const elsewhere = await new HttpClient(server.url).get<string>(flow.callbackPath);
    expect([elsewhere.status, elsewhere.body.includes("started in another browser")]).toEqual([400, true]);
    expect(elsewhere.body).toContain(`/sign-in?org=${org.organization.id}`);

    // neither spent the sign-in: its own browser still finishes it, once
    expect((await flow.finish()).status).toBe(303);
    const again = await flow.finish();
    expect(again.status).toBe(400);
  });

  it("refuses an unknown email when the organization does not create people at sign-in", async () => {
    const org = await organizationWithProvider();
    const flow = await throughProvider(org.organization.id, org.provider.id, account("stranger@example.com"));
    const callback = await flow.finish();
    expect(callback.status).toBe(403);
    expect(callback.body).toContain("There is no account for you in this organization");
    expect(await server.db.user.count({ where: { email: "stranger@example.com" } })).toBe(0);
    const [refused] = await auditOf("sign-in.oidc-refused", org.organization.id);
    expect(refused?.data).toMatchObject({ reason: "unknown-email" });
  });

  it("refuses someone who exists only in another organization, even with just-in-time creation on", async () => {
    const elsewhere = await organizationWithUser(server.db);
    const org = await organizationWithUser(server.db);
    const admin = await signedIn(server.url, org.user.email);
    const created = await admin.request<IdentityProvider>(
      "POST",
      `/api/v1/organizations/${org.organization.id}/oauth-providers`,
      {
        json: {
          name: "Bank SSO",
          issuer: idp.issuer,
          clientId: idp.clientId,
          clientSecret: idp.clientSecret,
          jitEnabled: true,
          jitGroupId: org.group.id,
        },
      },
    );
    const flow = await throughProvider(org.organization.id, created.body.id, account(elsewhere.user.email));
    expect((await flow.finish()).status).toBe(403);
    expect(await server.db.membership.count({ where: { userId: elsewhere.user.id } })).toBe(1);
  });

  it("creates a new person at first sign-in where the organization turns it on, in its group with its roles", async () => {
    const org = await organizationWithUser(server.db);
    const group = await buildGroup(server.db, { organizationId: org.organization.id, name: "Loan officers" });
    const role = await buildRole(server.db, {
      organizationId: org.organization.id,
      name: "Sender",
      permissions: PERMISSIONS.MANAGE_DOCUMENTS_PACKAGES,
    });
    const admin = await signedIn(server.url, org.user.email);
    const created = await admin.request<IdentityProvider>(
      "POST",
      `/api/v1/organizations/${org.organization.id}/oauth-providers`,
      {
        json: {
          name: "Bank SSO",
          issuer: idp.issuer,
          clientId: idp.clientId,
          clientSecret: idp.clientSecret,
          jitEnabled: true,
          jitGroupId: group.id,
          jitRoleIds: [role.id],
        },
      },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const email = `new-officer-${Date.now()}@example.com`;
    const flow = await throughProvider(org.organization.id, created.body.id, account(email));
    const callback = await flow.finish();
    expect(callback.status, String(callback.body)).toBe(303);
    const user = await server.db.user.findUniqueOrThrow({
      where: { email },
      include: { memberships: true, groupMembers: true, credential: true },
    });
    expect([user.givenName, user.familyName, user.homeOrganizationId, user.credential]).toEqual([
      "Grace",
      "Hopper",
      org.organization.id,
      null,
    ]);
    expect(user.groupMembers.map((m) => m.groupId)).toEqual([group.id]);
    const roles = await server.db.memberRole.findMany({ where: { userId: user.id } });
    expect(roles.map((r) => r.roleId)).toEqual([role.id]);
    const permissions = await flow.browser.get<{ permissions: string[] }>(
      `/api/v1/organizations/${org.organization.id}/users/me/permissions`,
    );
    expect(permissions.status).toBe(200);
    expect(JSON.stringify(permissions.body)).toContain("MANAGE_DOCUMENTS_PACKAGES");
    const [audit] = await auditOf("user.created-at-sign-in", org.organization.id);
    expect(audit?.data).toMatchObject({ providerId: created.body.id, groupId: group.id, roleIds: [role.id] });
  });

  it("refuses an email the provider has not verified", async () => {
    const org = await organizationWithProvider();
    const flow = await throughProvider(org.organization.id, org.provider.id, account(org.user.email, false));
    const callback = await flow.finish();
    expect(callback.status).toBe(403);
    expect(callback.body).toContain("did not confirm your email address");
    expect(flow.browser.jar.has(server.deps.config.cookies.signature)).toBe(false);
  });

  it("does not offer nor start a disabled provider, and refuses one disabled during the sign-in", async () => {
    const org = await organizationWithProvider({ isDefault: true });
    const base = `/api/v1/organizations/${org.organization.id}`;
    const anonymous = new HttpClient(server.url);
    const offered = await anonymous.get<SignInProviderList>(`${base}/sign-in-providers`);
    expect(offered.body.records).toEqual([{ id: org.provider.id, name: "Bank SSO", isDefault: true }]);

    const flow = await throughProvider(org.organization.id, org.provider.id, account(org.user.email));
    const disabled = await org.admin.request<IdentityProvider>("PATCH", `${base}/oauth-providers/${org.provider.id}`, {
      json: { version: org.provider.version, enabled: false },
    });
    expect(disabled.status).toBe(200);
    const callback = await flow.finish();
    expect(callback.status).toBe(403);
    expect(callback.body).toContain("This sign-in option is not available");

    expect((await anonymous.get<SignInProviderList>(`${base}/sign-in-providers`)).body.records).toEqual([]);
    const start = await anonymous.get(`${base}/oauth-providers/${org.provider.id}/sign-in`);
    expect(start.status).toBe(404);
  });

  it("answers garbage at the callback with a 4xx page, never a 500", async () => {
    const anonymous = new HttpClient(server.url);
    for (const query of ["", "?state=x", "?code=abc", "?error=access_denied", `?state=${"a".repeat(400)}&code=%F0`]) {
      const reply = await anonymous.get(`${OIDC_CALLBACK_PATH}${query}`);
      expect(reply.status, query).toBeGreaterThanOrEqual(400);
      expect(reply.status, query).toBeLessThan(500);
    }
  });
});

describe("the provider's refresh token at keep-alive (refresh_token grant)", () => {
  const expire = (tokenId: string) =>
    server.db.oidcSession.update({ where: { activeTokenId: tokenId }, data: { accessTokenExpiresAt: new Date(0) } });

  async function signedInThroughProvider() {
    const org = await organizationWithProvider();
    const login = account(org.user.email);
    const flow = await throughProvider(org.organization.id, org.provider.id, login);
    expect((await flow.finish()).status).toBe(303);
    const session = await server.db.oidcSession.findFirstOrThrow({ where: { providerId: org.provider.id } });
    return { ...org, login, browser: flow.browser, session };
  }

  it("keeps the refresh token encrypted and trades it once the provider's access token has expired", async () => {
    const { browser, session } = await signedInThroughProvider();
    const refreshToken = server.deps.fieldCipher.decrypt(session.refreshTokenEncrypted);
    expect(refreshToken.length).toBeGreaterThan(10);
    expect(session.refreshTokenEncrypted).not.toContain(refreshToken);

    // not yet expired: keep-alive does not call the provider
    expect((await browser.request("PUT", "/api/v1/active-tokens/me")).status).toBe(200);
    expect(
      (await server.db.oidcSession.findUniqueOrThrow({ where: { activeTokenId: session.activeTokenId } }))
        .lastRefreshedAt,
    ).toBeNull();

    await expire(session.activeTokenId);
    expect((await browser.request("PUT", "/api/v1/active-tokens/me")).status).toBe(200);
    const refreshed = await server.db.oidcSession.findUniqueOrThrow({
      where: { activeTokenId: session.activeTokenId },
    });
    expect(refreshed.lastRefreshedAt).not.toBeNull();
    expect(refreshed.accessTokenExpiresAt.getTime()).toBeGreaterThan(Date.now());
  });

  it("ends the session when the provider no longer vouches for the person", async () => {
    const org = await signedInThroughProvider();
    idp.accounts.delete(org.login);
    await expire(org.session.activeTokenId);
    expect((await org.browser.request("PUT", "/api/v1/active-tokens/me")).status).toBe(401);
    const token = await server.db.activeToken.findUniqueOrThrow({ where: { id: org.session.activeTokenId } });
    expect(token.revokedReason).toBe("identity-provider-ended");
    expect((await org.browser.get(`/api/v1/organizations/${org.organization.id}/users/me/permissions`)).status).toBe(
      401,
    );
    const [ended] = await server.db.auditEvent.findMany({
      where: { type: "session.ended-by-identity-provider", streamId: org.user.id },
    });
    expect(ended?.data).toMatchObject({ providerId: org.provider.id, reason: "invalid_grant" });
  });

  it("ends the session when the provider is disabled here", async () => {
    const org = await signedInThroughProvider();
    await org.admin.request(
      "PATCH",
      `/api/v1/organizations/${org.organization.id}/oauth-providers/${org.provider.id}`,
      {
        json: { version: org.provider.version, enabled: false },
      },
    );
    await expire(org.session.activeTokenId);
    expect((await org.browser.request("PUT", "/api/v1/active-tokens/me")).status).toBe(401);
  });

  it("keeps the provider session when the person re-selects the provider's organization", async () => {
    const org = await organizationWithProvider();
    const other = await organizationWithUser(server.db);
    await joinOrganization(server.db, org.user.id, other.organization.id);
    const flow = await throughProvider(org.organization.id, org.provider.id, account(org.user.email));
    expect((await flow.finish()).status).toBe(303);
    const picked = await flow.browser.request("POST", "/cas/multi-org-login", {
      json: { organizationId: org.organization.id },
    });
    expect(picked.status, JSON.stringify(picked.body)).toBe(200);
    const sessions = await server.db.oidcSession.findMany({ where: { providerId: org.provider.id } });
    expect(sessions).toHaveLength(1);
    const token = await server.db.activeToken.findUniqueOrThrow({ where: { id: sessions[0]!.activeTokenId } });
    expect([token.partial, token.revokedAt]).toEqual([false, null]);
  });
});

describe("administration of identity providers", () => {
  it("keeps one default per organization", async () => {
    const org = await organizationWithProvider({ isDefault: true });
    const base = `/api/v1/organizations/${org.organization.id}/oauth-providers`;
    const second = await org.admin.request<IdentityProvider>("POST", base, {
      json: { name: "Backup SSO", issuer: idp.issuer, clientId: idp.clientId, clientSecret: "x", isDefault: true },
    });
    expect(second.status).toBe(201);
    const list = await org.admin.get<{ records: IdentityProvider[] }>(base);
    expect(list.body.records.map((p) => [p.name, p.isDefault])).toEqual([
      ["Bank SSO", false],
      ["Backup SSO", true],
    ]);
  });

  it("never returns, audits nor logs the client secret, and stores it encrypted", async () => {
    const org = await organizationWithProvider();
    const base = `/api/v1/organizations/${org.organization.id}/oauth-providers`;
    const replaced = await org.admin.request("PATCH", `${base}/${org.provider.id}`, {
      json: { version: 1, clientSecret: "second-secret-value-91d2" },
    });
    expect(replaced.status).toBe(200);
    const got = await org.admin.get(`${base}/${org.provider.id}`);
    const list = await org.admin.get(base);
    for (const body of [got.body, list.body, replaced.body]) {
      const text = JSON.stringify(body);
      expect(text).not.toContain(idp.clientSecret);
      expect(text).not.toContain("second-secret-value-91d2");
    }
    expect(got.body).toMatchObject({ clientSecretSet: true, redirectUri: `${publicUrl}${OIDC_CALLBACK_PATH}` });
    const row = await server.db.identityProvider.findUniqueOrThrow({ where: { id: org.provider.id } });
    expect(row.clientSecretEncrypted).not.toContain("second-secret-value-91d2");
    expect(server.deps.fieldCipher.decrypt(row.clientSecretEncrypted)).toBe("second-secret-value-91d2");
    const audits = await server.db.auditEvent.findMany({ where: { organizationId: org.organization.id } });
    expect(JSON.stringify(audits.map((a) => a.data))).not.toContain("second-secret-value-91d2");
    // a connection test and a sign-in use the secret; neither writes it anywhere
    await org.admin.request("POST", `${base}/${org.provider.id}/connection-tests`);
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.join("\n")).not.toContain("second-secret-value-91d2");
    expect(logLines.join("\n")).not.toContain(idp.clientSecret);
  });

  it("lets holders of VIEW_ADMIN_SETTINGS read providers but only MANAGE_ADMIN_SETTINGS change them", async () => {
    const clerk = await organizationWithUser(server.db, { permissions: PERMISSIONS.VIEW_ADMIN_SETTINGS });
    const viewer = await signedIn(server.url, clerk.user.email);
    const base = `/api/v1/organizations/${clerk.organization.id}/oauth-providers`;
    expect((await viewer.get(base)).status).toBe(200);
    const create = await viewer.request("POST", base, {
      json: { name: "Mine", issuer: idp.issuer, clientId: "c", clientSecret: "s" },
    });
    expect(create.status).toBe(403);
    expect(await server.db.identityProvider.count({ where: { organizationId: clerk.organization.id } })).toBe(0);
  });

  it("refuses an http issuer that is not on this machine, with the reason beside the field", async () => {
    const org = await organizationWithUser(server.db);
    const admin = await signedIn(server.url, org.user.email);
    const reply = await admin.request<{ message: string }>(
      "POST",
      `/api/v1/organizations/${org.organization.id}/oauth-providers`,
      { json: { name: "Plain", issuer: "http://login.example.com", clientId: "c", clientSecret: "s" } },
    );
    expect(reply.status).toBe(400);
    expect(JSON.stringify(reply.body)).toContain(IDENTITY_PROVIDER_MESSAGES.issuerNotHttps);
  });
});

describe("connection test", () => {
  const test = async (org: Awaited<ReturnType<typeof organizationWithProvider>>) => {
    const reply = await org.admin.request<ConnectionTestResult>(
      "POST",
      `/api/v1/organizations/${org.organization.id}/oauth-providers/${org.provider.id}/connection-tests`,
    );
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return reply.body;
  };

  it("passes every check against a working provider", async () => {
    const result = await test(await organizationWithProvider());
    expect(result.checks.filter((check) => !check.ok)).toEqual([]);
    expect(result.checks.map((check) => check.name)).toEqual([
      "discovery",
      "issuer",
      "endpoints",
      "jwks",
      "pkce",
      "client",
    ]);
    expect(result.ok).toBe(true);
  });

  it("says in words that the issuer is not the provider's own", async () => {
    const wrongIssuer = idp.issuer.replace("127.0.0.1", "localhost");
    const result = await test(await organizationWithProvider({ issuer: wrongIssuer }));
    expect(result.ok).toBe(false);
    const issuer = result.checks.find((check) => check.name === "issuer")!;
    expect(issuer.ok).toBe(false);
    expect(issuer.message).toBe(
      `The provider calls itself "${idp.issuer}", but this provider is set up with "${wrongIssuer}". Set the issuer to exactly "${idp.issuer}".`,
    );
  });

  it("says when there is no discovery document at the issuer, and when nothing answers", async () => {
    const missing = await test(await organizationWithProvider({ issuer: `${idp.issuer}/not-here` }));
    expect(missing.checks).toEqual([
      expect.objectContaining({ name: "discovery", ok: false, message: expect.stringMatching(/answered HTTP 404/) }),
    ]);
    const port = await freePort();
    const nothing = await test(await organizationWithProvider({ issuer: `http://127.0.0.1:${port}` }));
    expect(nothing.checks[0]!.message).toBe(`Not reachable: 127.0.0.1:${port} did not answer. Check the address.`);
  });

  it("says when the provider does not accept the client secret", async () => {
    const result = await test(await organizationWithProvider({ clientSecret: "not-the-secret" }));
    const client = result.checks.find((check) => check.name === "client")!;
    expect(client).toMatchObject({
      ok: false,
      message: expect.stringContaining("does not accept this client ID and secret"),
    });
  });
});
