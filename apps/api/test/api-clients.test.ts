import { randomUUID } from "node:crypto";
import {
  API_CLIENT_ACTOR_ROLE,
  API_CLIENT_MESSAGES,
  type ApiClientWithSecret,
  type ApiUser,
  fillPath,
  MESSAGES,
  type NewApiClientSecret,
  routes,
  routeUrl,
} from "@signet/contract";
import { buildGroup } from "@signet/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_TEST_ENV, type AccessOrg, newRole, organizationWithAdmin } from "./support/access-fixtures.ts";
import { HttpClient } from "./support/http-client.ts";
import { signedIn } from "./support/signed-in.ts";
import { startTestApp, type TestApp } from "./support/test-app.ts";

// Issue 12 §1: API users hold roles through groups like people, sign in only through their clients'
// client credentials, and their bearer tokens act on organization routes exactly like a session.

const RATE_LIMIT = 8;

let app: TestApp;
let org: AccessOrg;
let other: AccessOrg;
let admin: HttpClient;
/** a group offering a role that may view and manage packages and nothing else */
let packagesGroup: { id: string };
let packagesRole: { id: string; name: string };

const base = (orgId = org.organizationId) => `/api/v1/organizations/${orgId}`;
const packagesUrl = (orgId = org.organizationId) => fillPath(routeUrl(routes.listPackages), { orgId });
const usersUrl = (orgId = org.organizationId) => fillPath(routeUrl(routes.listUsers), { orgId });

beforeAll(async () => {
  app = await startTestApp({
    ...ACCESS_TEST_ENV,
    API_CLIENT_RATE_LIMIT_MAX: String(RATE_LIMIT),
    // long enough that no window ends during the test run: the limit is counted, never timed
    API_CLIENT_RATE_LIMIT_WINDOW_SECONDS: "3600",
  });
  org = await organizationWithAdmin(app.server.db);
  other = await organizationWithAdmin(app.server.db);
  admin = await signedIn(app.url, org.admin.email);
  packagesRole = await newRole(org, ["VIEW_DOCUMENTS_PACKAGES", "MANAGE_DOCUMENTS_PACKAGES"]);
  packagesGroup = await buildGroup(app.server.db, {
    organizationId: org.organizationId,
    name: `Integrations-${randomUUID().slice(0, 6)}`,
    roleIds: [packagesRole.id],
  });
});
afterAll(() => app?.close());

async function createApiUser(body: Record<string, unknown>, client = admin, orgId = org.organizationId) {
  const reply = await client.request<ApiUser>("POST", `${base(orgId)}/api-users`, { json: body });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return reply.body;
}

async function createClient(apiUserId: string, body: Record<string, unknown> = { name: "Loan origination" }) {
  const reply = await admin.request<ApiClientWithSecret>("POST", `${base()}/api-users/${apiUserId}/api-clients`, {
    json: body,
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return reply;
}

/** An API user in the packages group with one client: its client id and secret. */
async function packagesIntegration(roles = [packagesRole.id]) {
  const apiUser = await createApiUser({ name: "Loan system", groupId: packagesGroup.id, roleIds: roles });
  const { body } = await createClient(apiUser.id);
  return { apiUser, client: body.client, secret: body.secret.value, secretId: body.secret.id };
}

function tokenRequest(form: Record<string, string>, headers: Record<string, string> = {}) {
  return new HttpClient(app.url).request<Record<string, unknown>>("POST", "/cas/oauth/token", { form, headers });
}

async function bearerFor(clientId: string, secret: string): Promise<HttpClient> {
  const reply = await tokenRequest({ grant_type: "client_credentials", client_id: clientId, client_secret: secret });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  const client = new HttpClient(app.url);
  client.bearer = reply.body.access_token as string;
  return client;
}

const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString("utf8"));

describe("API users and clients", () => {
  it("creates an API user with roles through a group, and a client whose secret is shown once", async () => {
    const apiUser = await createApiUser({ name: "Loan system", groupId: packagesGroup.id, roleIds: [packagesRole.id] });
    expect([apiUser.name, apiUser.enabled, apiUser.groups.map((g) => g.roles.map((r) => r.id))]).toEqual([
      "Loan system",
      true,
      [[packagesRole.id]],
    ]);
    const created = await createClient(apiUser.id);
    expect(created.headers.get("location")).toBe(
      `${base()}/api-users/${apiUser.id}/api-clients/${created.body.client.id}`,
    );
    expect(created.body.client.clientId).toMatch(/^sgc_/);
    expect(created.body.secret.value).toMatch(/^sgs_[A-Za-z0-9_-]{43}$/);
    expect(created.body.secret.value.startsWith(created.body.secret.prefix)).toBe(true);
    expect(created.body.client.grantTypes).toEqual(["client_credentials"]);

    // only the hash is stored, and no answer after the creation holds the secret
    const row = await app.server.db.apiClientSecret.findUniqueOrThrow({ where: { id: created.body.secret.id } });
    expect(row.secretHash).not.toContain(created.body.secret.value);
    const list = await admin.get(`${base()}/api-users/${apiUser.id}/api-clients`);
    const one = await admin.get(`${base()}/api-users/${apiUser.id}/api-clients/${created.body.client.id}`);
    const users = await admin.get(`${base()}/api-users`);
    for (const reply of [list, one, users]) {
      expect(reply.status).toBe(200);
      const text = JSON.stringify(reply.body);
      expect(text).not.toContain(created.body.secret.value);
      expect(text).not.toContain(row.secretHash);
      expect(text).not.toContain('"value"');
    }
    expect((users.body as { records: ApiUser[] }).records.map((u) => u.id)).toContain(apiUser.id);
    // the people list stays people
    const people = await admin.get<{ records: { id: string }[] }>(`${usersUrl()}?pageSize=100`);
    expect(people.status).toBe(200);
    expect(people.body.records.map((u) => u.id)).not.toContain(apiUser.id);
    expect(people.body.records.map((u) => u.id)).toContain(org.admin.id);
  });

  it("an API user cannot sign in with a password", async () => {
    const apiUser = await createApiUser({ name: "No password" });
    const user = await app.server.db.user.findUniqueOrThrow({ where: { id: apiUser.id } });
    const reply = await new HttpClient(app.url).signIn(user.email, "anything-at-all-1A");
    // exactly the answer of an address with no account
    const unknown = await new HttpClient(app.url).signIn(`nobody-${randomUUID()}@example.com`, "anything-at-all-1A");
    expect([reply.status, reply.body.message]).toEqual([unknown.status, unknown.body.message]);
    expect(reply.status).toBeGreaterThanOrEqual(400);
  });

  it("issues a short-lived bearer token naming the API user, its organization and the client", async () => {
    const { apiUser, client, secret } = await packagesIntegration();
    const reply = await tokenRequest({
      grant_type: "client_credentials",
      client_id: client.clientId,
      client_secret: secret,
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.headers.get("cache-control")).toBe("no-store");
    expect(reply.body).toMatchObject({ token_type: "bearer", expires_in: 900, scope: "api" });
    const claims = claimsOf(reply.body.access_token as string);
    expect([claims.sub, claims.oid, claims.client_id, claims.scope, claims.exp - claims.iat]).toEqual([
      apiUser.id,
      org.organizationId,
      client.clientId,
      "api",
      900,
    ]);
    expect(claims.roles).toEqual([packagesRole.name]);
    // no cookies for an API client, even when asked for cookie-style answers
    expect(reply.cookies.size).toBe(0);
  });

  it("accepts HTTP Basic client authentication (RFC 6749 §2.3.1)", async () => {
    const { client, secret } = await packagesIntegration();
    const basic = Buffer.from(`${encodeURIComponent(client.clientId)}:${encodeURIComponent(secret)}`).toString(
      "base64",
    );
    const reply = await tokenRequest({ grant_type: "client_credentials" }, { authorization: `Basic ${basic}` });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const wrong = Buffer.from(`${client.clientId}:sgs_wrong`).toString("base64");
    const refused = await tokenRequest({ grant_type: "client_credentials" }, { authorization: `Basic ${wrong}` });
    expect([refused.status, refused.body.error]).toEqual([401, "invalid_client"]);
    expect(refused.headers.get("www-authenticate")).toMatch(/^Basic /);
  });

  it("answers RFC 6749 errors: invalid_client, unauthorized_client, unsupported_grant_type, invalid_scope", async () => {
    const { apiUser, client, secret } = await packagesIntegration();
    const cases: [Record<string, string>, number, string][] = [
      [
        { grant_type: "client_credentials", client_id: client.clientId, client_secret: `${secret}x` },
        401,
        "invalid_client",
      ],
      [{ grant_type: "client_credentials", client_id: "sgc_nobody", client_secret: secret }, 401, "invalid_client"],
      [{ grant_type: "client_credentials", client_id: client.clientId }, 401, "invalid_client"],
      [{ grant_type: "authorization_code", client_id: client.clientId, code: "x" }, 400, "unsupported_grant_type"],
      [
        { grant_type: "client_credentials", client_id: client.clientId, client_secret: secret, scope: "admin" },
        400,
        "invalid_scope",
      ],
    ];
    for (const [form, status, error] of cases) {
      const reply = await tokenRequest(form);
      expect([reply.status, reply.body.error], JSON.stringify(form)).toEqual([status, error]);
      expect(typeof reply.body.error_description).toBe("string");
    }
    // a client whose grant types no longer include client_credentials
    const patched = await admin.request("PATCH", `${base()}/api-users/${apiUser.id}/api-clients/${client.id}`, {
      json: { version: client.version, grantTypes: [] },
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    const reply = await tokenRequest({
      grant_type: "client_credentials",
      client_id: client.clientId,
      client_secret: secret,
    });
    expect([reply.status, reply.body.error]).toEqual([400, "unauthorized_client"]);
    // the password grant keeps the product's own error body
    const password = await tokenRequest({
      grant_type: "password",
      client_id: "signet-web",
      username: "x",
      password: "",
    });
    expect([password.status, password.body.code]).toEqual([400, "BAD_REQUEST"]);
  });

  it("a bearer token works on organization routes through the API user's groups and roles, without anti-forgery header", async () => {
    const { secret, client } = await packagesIntegration();
    const bearer = await bearerFor(client.clientId, secret);
    const permissions = await bearer.get(`${base()}/users/me/permissions`);
    expect(permissions.status, JSON.stringify(permissions.body)).toBe(200);
    expect((permissions.body.names as string[]).sort()).toEqual([
      "MANAGE_DOCUMENTS_PACKAGES",
      "VIEW_DOCUMENTS_PACKAGES",
    ]);
    expect((await bearer.get(packagesUrl())).status).toBe(200);
    // a write with no cookie and no anti-forgery header
    const created = await bearer.request("POST", packagesUrl(), { json: { name: "From the loan system" } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    // what its roles do not allow is refused as for a person
    const users = await bearer.get(usersUrl());
    expect([users.status, users.body.code]).toEqual([403, "FORBIDDEN"]);
    const apiUsers = await bearer.request("POST", `${base()}/api-users`, { json: { name: "Escalation" } });
    expect(apiUsers.status).toBe(403);
  });

  it("an API user with no roles may do nothing; granting a role through its group takes effect", async () => {
    const apiUser = await createApiUser({ name: "Roleless" });
    const { body } = await createClient(apiUser.id);
    const bearer = await bearerFor(body.client.clientId, body.secret.value);
    expect((await bearer.get(packagesUrl())).status).toBe(403);
    const added = await admin.request("POST", `${base()}/groups/${packagesGroup.id}/members`, {
      json: { userIds: [apiUser.id], roleIds: [packagesRole.id] },
    });
    expect(added.status, JSON.stringify(added.body)).toBeLessThan(300);
    expect((await bearer.get(packagesUrl())).status).toBe(200);
  });

  it("never reaches another organization: its ids answer 404", async () => {
    const { secret, client } = await packagesIntegration();
    const bearer = await bearerFor(client.clientId, secret);
    for (const path of [packagesUrl(other.organizationId), `${base(other.organizationId)}/users/me/permissions`]) {
      const reply = await bearer.get(path);
      expect([reply.status, reply.body.code], path).toEqual([404, "NOT_FOUND"]);
    }
    const otherAdmin = await signedIn(app.url, other.admin.email);
    const foreignUser = await createApiUser({ name: "Theirs" }, otherAdmin, other.organizationId);
    const reply = await admin.get(`${base()}/api-users/${foreignUser.id}/api-clients`);
    expect(reply.status).toBe(404);
  });

  it("names the API user and the client in every audit event written with its token", async () => {
    const adminApiUser = await createApiUser({
      name: "Provisioner",
      groupId: org.adminGroup.id,
      roleIds: [org.adminRole.id],
    });
    const { body } = await createClient(adminApiUser.id);
    const bearer = await bearerFor(body.client.clientId, body.secret.value);
    const made = await bearer.request<ApiUser>("POST", `${base()}/api-users`, { json: { name: "Made by a machine" } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const event = await app.server.db.auditEvent.findFirstOrThrow({
      where: { streamType: "user", streamId: made.body.id, type: "api-user.created" },
    });
    expect([event.actorId, event.actorRole, (event.data as { clientId?: string }).clientId]).toEqual([
      adminApiUser.id,
      API_CLIENT_ACTOR_ROLE,
      body.client.clientId,
    ]);
    // and a person's events are unchanged
    const byPerson = await app.server.db.auditEvent.findFirstOrThrow({
      where: { streamType: "user", streamId: adminApiUser.id, type: "api-user.created" },
    });
    expect([byPerson.actorId, byPerson.actorRole]).toEqual([org.admin.id, "user"]);
  });

  it("rotates: a second secret works beside the first, a third active one is refused", async () => {
    const { apiUser, client, secret } = await packagesIntegration();
    const path = `${base()}/api-users/${apiUser.id}/api-clients/${client.id}/secrets`;
    const second = await admin.request<NewApiClientSecret>("POST", path, { json: {} });
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    expect(second.body.value).not.toBe(secret);
    await bearerFor(client.clientId, secret);
    await bearerFor(client.clientId, second.body.value);
    const third = await admin.request("POST", path, { json: {} });
    expect([third.status, third.body.message]).toEqual([409, API_CLIENT_MESSAGES.tooManySecrets]);
    expect(await app.server.db.apiClientSecret.count({ where: { apiClientId: client.id } })).toBe(2);
  });

  it("a revoked secret answers 401 at once, also for tokens issued with it; the other secret keeps working", async () => {
    const { apiUser, client, secret, secretId } = await packagesIntegration();
    const path = `${base()}/api-users/${apiUser.id}/api-clients/${client.id}/secrets`;
    const second = await admin.request<NewApiClientSecret>("POST", path, { json: {} });
    const old = await bearerFor(client.clientId, secret);
    const fresh = await bearerFor(client.clientId, second.body.value);
    expect((await old.get(packagesUrl())).status).toBe(200);
    expect((await admin.request("DELETE", `${path}/${secretId}`)).status).toBe(204);
    expect((await old.get(packagesUrl())).status).toBe(401);
    expect((await fresh.get(packagesUrl())).status).toBe(200);
    const again = await tokenRequest({
      grant_type: "client_credentials",
      client_id: client.clientId,
      client_secret: secret,
    });
    expect([again.status, again.body.error]).toEqual([401, "invalid_client"]);
    // and with one secret revoked, a new second one may be added
    expect((await admin.request("POST", path, { json: {} })).status).toBe(201);
  });

  it("an expired secret answers 401, for its tokens and at the token endpoint", async () => {
    const { client, secret, secretId } = await packagesIntegration();
    const bearer = await bearerFor(client.clientId, secret);
    // expiry moved into the past in the database: no clock is waited on
    await app.server.db.apiClientSecret.update({
      where: { id: secretId },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect((await bearer.get(packagesUrl())).status).toBe(401);
    const reply = await tokenRequest({
      grant_type: "client_credentials",
      client_id: client.clientId,
      client_secret: secret,
    });
    expect([reply.status, reply.body.error]).toEqual([401, "invalid_client"]);
  });

  it("refuses a secret expiry in the past", async () => {
    const apiUser = await createApiUser({ name: "Expiry" });
    const reply = await admin.request("POST", `${base()}/api-users/${apiUser.id}/api-clients`, {
      json: { name: "Late", secretExpiresAt: new Date(Date.now() - 60_000).toISOString() },
    });
    expect([reply.status, reply.body.message]).toEqual([400, API_CLIENT_MESSAGES.expiryInPast]);
  });

  it("a disabled or deleted client, or a deactivated API user, stops its tokens at once", async () => {
    const disabled = await packagesIntegration();
    const disabledBearer = await bearerFor(disabled.client.clientId, disabled.secret);
    const patch = await admin.request(
      "PATCH",
      `${base()}/api-users/${disabled.apiUser.id}/api-clients/${disabled.client.id}`,
      { json: { version: disabled.client.version, enabled: false } },
    );
    expect(patch.status).toBe(200);
    expect((await disabledBearer.get(packagesUrl())).status).toBe(401);

    const deleted = await packagesIntegration();
    const deletedBearer = await bearerFor(deleted.client.clientId, deleted.secret);
    const removed = await admin.request(
      "DELETE",
      `${base()}/api-users/${deleted.apiUser.id}/api-clients/${deleted.client.id}?version=${deleted.client.version}`,
    );
    expect(removed.status).toBe(204);
    expect((await deletedBearer.get(packagesUrl())).status).toBe(401);

    const deactivated = await packagesIntegration();
    const deactivatedBearer = await bearerFor(deactivated.client.clientId, deactivated.secret);
    const update = await admin.request<ApiUser>("PATCH", `${base()}/api-users/${deactivated.apiUser.id}`, {
      json: { version: deactivated.apiUser.version, enabled: false },
    });
    expect([update.status, update.body.enabled]).toEqual([200, false]);
    expect((await deactivatedBearer.get(packagesUrl())).status).toBe(401);
    const token = await tokenRequest({
      grant_type: "client_credentials",
      client_id: deactivated.client.clientId,
      client_secret: deactivated.secret,
    });
    expect([token.status, token.body.error]).toEqual([401, "invalid_client"]);
    // a stale version is refused like every versioned write
    const stale = await admin.request("PATCH", `${base()}/api-users/${deactivated.apiUser.id}`, {
      json: { version: deactivated.apiUser.version, enabled: true },
    });
    expect(stale.status).toBe(409);
  });

  it("rate-limits per client with the app's rate-limit message; another client is not affected", async () => {
    const limited = await packagesIntegration();
    const spare = await packagesIntegration();
    const bearer = await bearerFor(limited.client.clientId, limited.secret);
    const statuses: number[] = [];
    for (let i = 0; i < RATE_LIMIT; i++) statuses.push((await bearer.get(packagesUrl())).status);
    expect(statuses).toEqual(Array(RATE_LIMIT).fill(200));
    const over = await bearer.get(packagesUrl());
    expect([over.status, over.body.code, over.body.message]).toEqual([429, "RATE_LIMITED", MESSAGES.tooManyRequests]);
    const other = await bearerFor(spare.client.clientId, spare.secret);
    expect((await other.get(packagesUrl())).status).toBe(200);
  });

  it("records the secret's last use, at most once a minute", async () => {
    const { client, secret, secretId } = await packagesIntegration();
    await bearerFor(client.clientId, secret);
    const first = await app.server.db.apiClientSecret.findUniqueOrThrow({ where: { id: secretId } });
    expect(first.lastUsedAt).not.toBeNull();
    await bearerFor(client.clientId, secret);
    const second = await app.server.db.apiClientSecret.findUniqueOrThrow({ where: { id: secretId } });
    expect(second.lastUsedAt).toEqual(first.lastUsedAt);
  });

  it("a bearer header is judged alone: cookies riding along neither help nor hurt", async () => {
    const { client, secret } = await packagesIntegration();
    const bearer = await bearerFor(client.clientId, secret);
    // the admin's cookies with a bearer token: the API user's permissions apply, not the admin's
    const mixed = await admin.request("GET", usersUrl(), { headers: { authorization: `Bearer ${bearer.bearer}` } });
    expect(mixed.status).toBe(403);
    const broken = await admin.request("GET", usersUrl(), { headers: { authorization: "Bearer not-a-token" } });
    expect(broken.status).toBe(401);
  });

  it("is never added to another organization by an invitation to its address", async () => {
    const apiUser = await createApiUser({ name: "Core banking" });
    const row = await app.server.db.user.findUniqueOrThrow({ where: { id: apiUser.id }, select: { email: true } });
    const otherAdmin = await signedIn(app.url, other.admin.email);
    const reply = await otherAdmin.request("POST", `${base(other.organizationId)}/user-invitations`, {
      json: { email: row.email, givenName: "Core", familyName: "Banking" },
    });
    expect(reply.status).toBe(409);
    const memberships = await app.server.db.membership.findMany({ where: { userId: apiUser.id } });
    expect(memberships.map((membership) => membership.organizationId)).toEqual([org.organizationId]);
  });

  it("cannot trade its token for a person's session token", async () => {
    const { client, secret } = await packagesIntegration();
    const bearer = await bearerFor(client.clientId, secret);
    const traded = await bearer.request("POST", "/cas/multi-org-login", {
      json: { organizationId: org.organizationId },
    });
    expect(traded.status).toBe(401);
    expect(traded.body.access_token).toBeUndefined();
    expect(await app.server.db.activeToken.count({ where: { userId: client.apiUserId, revokedAt: null } })).toBe(0);
  });

  it("needs MANAGE_USERS to manage API users and clients", async () => {
    const viewerRole = await newRole(org, ["VIEW_USERS_GROUPS_ROLES"]);
    const viewerGroup = await buildGroup(app.server.db, {
      organizationId: org.organizationId,
      name: `Viewers-${randomUUID().slice(0, 6)}`,
      roleIds: [viewerRole.id],
    });
    const viewerApiUser = await createApiUser({ name: "Viewer", groupId: viewerGroup.id, roleIds: [viewerRole.id] });
    const { body } = await createClient(viewerApiUser.id);
    const viewer = await bearerFor(body.client.clientId, body.secret.value);
    expect((await viewer.get(`${base()}/api-users`)).status).toBe(200);
    expect((await viewer.request("POST", `${base()}/api-users`, { json: { name: "Nope" } })).status).toBe(403);
    const secrets = `${base()}/api-users/${viewerApiUser.id}/api-clients/${body.client.id}/secrets`;
    expect((await viewer.request("POST", secrets, { json: {} })).status).toBe(403);
  });
});
