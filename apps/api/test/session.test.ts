import { HEADERS, MESSAGES, PERMISSIONS, permissionBits } from "@signet/contract";
import { verifyAuditChain } from "@signet/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { joinOrganization, organizationWithUser, PASSWORD } from "./support/factories.ts";
import { HttpClient } from "./support/http-client.ts";
import { startTestApp, type TestApp } from "./support/test-app.ts";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ LOGIN_MAX_FAILED_ATTEMPTS: "3", LOGIN_RATE_LIMIT_MAX: "1000" });
});
afterAll(() => app?.close());

const client = () => new HttpClient(app.url);
const db = () => app.server.db;

describe("POST /cas/oauth/token", () => {
  it("answers cookie style with a readable payload cookie and an HttpOnly signature cookie", async () => {
    const { user } = await organizationWithUser(db());
    const reply = await client().signIn(user.email, PASSWORD);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ token_type: "cookie", expires_in: 86400, partial: false });
    const payload = reply.cookies.get("signet_payload")!;
    const signature = reply.cookies.get("signet_signature")!;
    expect(payload.value.split(".")).toHaveLength(2);
    expect(payload.attributes).not.toMatch(/HttpOnly/);
    expect(signature.attributes).toMatch(/HttpOnly/);
    for (const cookie of [payload, signature]) {
      expect(cookie.attributes).toMatch(/Path=\//);
      expect(cookie.attributes).toMatch(/SameSite=Strict/);
      expect(cookie.attributes).toMatch(/Max-Age=86400/);
      expect(cookie.attributes).not.toMatch(/Secure/);
    }
    const claims = JSON.parse(Buffer.from(payload.value.split(".")[1]!, "base64url").toString());
    expect(claims).toMatchObject({
      uid: user.id,
      email: user.email,
      partial: false,
      org_enabled: true,
      support_user: false,
    });
  });

  it("answers a bearer token without the response-format header", async () => {
    const { user } = await organizationWithUser(db());
    const reply = await client().signIn(user.email.toUpperCase(), PASSWORD, "bearer");
    expect(reply.status).toBe(200);
    expect(String(reply.body.access_token).split(".")).toHaveLength(3);
    expect(reply.cookies.size).toBe(0);
  });

  it("refuses a wrong password or unknown user with the spec's message and no cookies", async () => {
    const { user } = await organizationWithUser(db());
    for (const [username, password] of [
      [user.email, "Wrong-password-1"],
      ["nobody@example.com", PASSWORD],
    ] as const) {
      const reply = await client().signIn(username, password);
      expect(reply.status).toBe(400);
      expect(reply.body).toMatchObject({ code: "INVALID_CREDENTIALS", message: MESSAGES.invalidCredentials });
      expect(reply.cookies.size).toBe(0);
    }
  });

  it("locks the account after repeated failures, even for the right password", async () => {
    const { user } = await organizationWithUser(db());
    for (let i = 0; i < 3; i++) expect((await client().signIn(user.email, "Wrong-password-1")).status).toBe(400);
    const locked = await client().signIn(user.email, PASSWORD);
    expect(locked.body).toMatchObject({ code: "ACCOUNT_LOCKED", message: MESSAGES.accountLocked });
    const credential = await db().credential.findUniqueOrThrow({ where: { userId: user.id } });
    expect(credential.lockedUntil!.getTime()).toBeGreaterThan(Date.now());
    const audit = await verifyAuditChain(db(), "user", user.id);
    expect(audit).toMatchObject({ valid: true, events: 4 });
  });

  it("answers a real account and an unknown email alike, before and after the lock", async () => {
    const { user } = await organizationWithUser(db());
    const answers = async (username: string) => {
      const seen: string[] = [];
      for (let i = 0; i < 5; i++) {
        const reply = await client().signIn(username, "Wrong-password-1");
        seen.push(`${reply.status} ${reply.body.code} ${reply.body.message}`);
      }
      return seen;
    };
    const real = await answers(user.email);
    const unknown = await answers(`nobody.${Date.now()}@example.com`);
    expect(unknown).toEqual(real);
    // three failures lock (LOGIN_MAX_FAILED_ATTEMPTS), so the last two say so, for both
    expect(real.slice(3)).toEqual(Array(2).fill(`400 ACCOUNT_LOCKED ${MESSAGES.accountLocked}`));
    // the unknown email is kept only as a hash
    const kept = await db().unknownAccountSignInFailure.findMany();
    expect(JSON.stringify(kept)).not.toContain("nobody.");
  });

  it("refuses a single-organization user who is not enabled there", async () => {
    const { user } = await organizationWithUser(db(), { membershipEnabled: false });
    const reply = await client().signIn(user.email, PASSWORD);
    expect(reply.body).toMatchObject({ code: "USER_NOT_ENABLED_FOR_ORG", message: MESSAGES.userNotEnabledForOrg });
  });

  it("refuses a bad request body with field errors", async () => {
    const reply = await client().request("POST", "/cas/oauth/token", {
      // client_credentials is a grant of its own (api-clients.test.ts); a password grant for another
      // client id is malformed
      form: { grant_type: "password", client_id: "not-the-web-client", username: "a", password: "b" },
    });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ code: "BAD_REQUEST", message: MESSAGES.badRequest });
    expect(JSON.stringify(reply.body.details)).toContain("client_id");
  });
});

describe("multi-organization sign-in", () => {
  it("issues a partial token, then a full one for the chosen organization", async () => {
    const first = await organizationWithUser(db());
    const second = await organizationWithUser(db());
    await joinOrganization(db(), first.user.id, second.organization.id);
    const browser = client();
    const reply = await browser.signIn(first.user.email, PASSWORD);
    expect(reply.body).toMatchObject({ partial: true });

    const blocked = await browser.get(`/api/v1/organizations/${first.organization.id}/users/me/permissions`);
    expect(blocked.status).toBe(403);
    expect(blocked.body.code).toBe("ORGANIZATION_NOT_SELECTED");

    const organizations = await browser.get<{ id: string; enabled: boolean; home: boolean }[]>(
      "/api/v1/users/me/organizations",
    );
    expect(organizations.body.map((o) => o.id).sort()).toEqual([first.organization.id, second.organization.id].sort());

    const chosen = await browser.request("POST", "/cas/multi-org-login", {
      json: { organizationId: second.organization.id },
    });
    expect(chosen.status).toBe(200);
    expect(chosen.body).toMatchObject({ token_type: "cookie", partial: false });
    const permissions = await browser.get(`/api/v1/organizations/${second.organization.id}/users/me/permissions`);
    expect(permissions.status).toBe(200);
  });

  it("refuses an organization where the membership is disabled, and one the user is not in", async () => {
    const first = await organizationWithUser(db());
    const second = await organizationWithUser(db());
    const stranger = await organizationWithUser(db());
    await joinOrganization(db(), first.user.id, second.organization.id, false);
    const browser = client();
    await browser.signIn(first.user.email, PASSWORD);
    const disabled = await browser.request("POST", "/cas/multi-org-login", {
      json: { organizationId: second.organization.id },
    });
    expect(disabled.body).toMatchObject({ code: "USER_NOT_ENABLED_FOR_ORG", message: MESSAGES.userNotEnabledForOrg });
    const foreign = await browser.request("POST", "/cas/multi-org-login", {
      json: { organizationId: stranger.organization.id },
    });
    expect(foreign.status).toBe(404);
  });
});

describe("sign-out", () => {
  it("revokes the token server-side: a copied cookie or bearer stops working", async () => {
    const { user, organization } = await organizationWithUser(db());
    const browser = client();
    await browser.signIn(user.email, PASSWORD);
    const copied = new HttpClient(app.url);
    for (const [k, v] of browser.jar) copied.jar.set(k, v);
    const logout = await browser.request("DELETE", "/api/v1/active-tokens/me");
    expect(logout.status).toBe(204);
    expect(logout.cookies.get("signet_payload")?.value).toBe("");
    const after = await copied.get(`/api/v1/organizations/${organization.id}/users/me/permissions`);
    expect(after.status).toBe(401);

    const api = client();
    api.bearer = String((await api.signIn(user.email, PASSWORD, "bearer")).body.access_token);
    expect((await api.request("DELETE", "/api/v1/active-tokens/me")).status).toBe(204);
    expect((await api.get(`/api/v1/organizations/${organization.id}/users/me/permissions`)).status).toBe(401);
  });
});

describe("GET /api/v1/organizations/{orgId}/users/me/permissions", () => {
  it("returns effective bits, with roles of a group inherited by its sub-groups", async () => {
    const bits = permissionBits(["VIEW_DOCUMENTS_PACKAGES", "MANAGE_DOCUMENTS_PACKAGES"]);
    const { user, organization, group } = await organizationWithUser(db(), { permissions: bits });
    const child = await db().group.create({
      data: { organizationId: organization.id, name: "Child", nameKey: "child", parentId: group.id },
    });
    const browser = client();
    await browser.signIn(user.email, PASSWORD);
    const reply = await browser.get<{
      permissions: number;
      names: string[];
      groups: { groupId: string; inherited: boolean }[];
    }>(`/api/v1/organizations/${organization.id}/users/me/permissions`);
    expect(reply.status).toBe(200);
    expect(reply.body.permissions).toBe(bits);
    expect(reply.body.names).toEqual(["VIEW_DOCUMENTS_PACKAGES", "MANAGE_DOCUMENTS_PACKAGES"]);
    expect(reply.body.groups).toContainEqual(expect.objectContaining({ groupId: child.id, inherited: true }));
    expect(reply.body.groups).toContainEqual(expect.objectContaining({ groupId: group.id, inherited: false }));
  });

  it("answers 404 for another organization, and lets a support user in with support permissions", async () => {
    const { user } = await organizationWithUser(db());
    const other = await organizationWithUser(db());
    const browser = client();
    await browser.signIn(user.email, PASSWORD);
    const reply = await browser.get(`/api/v1/organizations/${other.organization.id}/users/me/permissions`);
    expect(reply.status).toBe(404);
    expect(reply.body).toMatchObject({ code: "NOT_FOUND" });

    const support = await organizationWithUser(db(), {
      eoSupport: true,
      permissions: PERMISSIONS.VIEW_USERS_GROUPS_ROLES,
    });
    const supportBrowser = client();
    const signIn = await supportBrowser.signIn(support.user.email, PASSWORD);
    expect(
      JSON.parse(Buffer.from(signIn.cookies.get("signet_payload")!.value.split(".")[1]!, "base64url").toString()),
    ).toMatchObject({
      support_user: true,
    });
    const there = await supportBrowser.get(`/api/v1/organizations/${other.organization.id}/users/me/permissions`);
    expect(there.status).toBe(200);
    expect(there.body.permissions).toBe(PERMISSIONS.VIEW_USERS_GROUPS_ROLES);
    const missing = await supportBrowser.get(
      "/api/v1/organizations/00000000-0000-4000-8000-000000000000/users/me/permissions",
    );
    expect(missing.status).toBe(404);
  });

  it("answers 401 without a token and for a token that is not a JWT", async () => {
    const { organization } = await organizationWithUser(db());
    const anonymous = await client().get(`/api/v1/organizations/${organization.id}/users/me/permissions`);
    expect(anonymous.status).toBe(401);
    const malformed = await client().get(`/api/v1/organizations/${organization.id}/users/me/permissions`, {
      headers: { authorization: "Bearer not-a-jwt" },
    });
    expect(malformed.status).toBe(401);
    expect(malformed.body.message).toBe(MESSAGES.notAJwt);
    const forged = await client().get(`/api/v1/organizations/${organization.id}/users/me/permissions`, {
      headers: { authorization: "Bearer aaa.bbb.ccc" },
    });
    expect(forged.status).toBe(401);
  });
});

describe("anti-forgery", () => {
  it("refuses a cookie-authenticated write without the header, accepts it with", async () => {
    const { user } = await organizationWithUser(db());
    const browser = client();
    await browser.signIn(user.email, PASSWORD);
    const without = await browser.request("PUT", "/api/v1/active-tokens/me", { csrf: false });
    expect(without.status).toBe(403);
    expect(without.body).toMatchObject({ code: "CSRF" });
    const forged = await browser.request("PUT", "/api/v1/active-tokens/me", {
      csrf: false,
      headers: { [HEADERS.csrf]: "x".repeat(43) },
    });
    expect(forged.status).toBe(403);
    const withHeader = await browser.request("PUT", "/api/v1/active-tokens/me");
    expect(withHeader.status).toBe(200);
  });

  it("does not apply to bearer tokens (no ambient credentials to forge)", async () => {
    const { user } = await organizationWithUser(db());
    const api = client();
    api.bearer = String((await api.signIn(user.email, PASSWORD, "bearer")).body.access_token);
    expect((await api.request("PUT", "/api/v1/active-tokens/me")).status).toBe(200);
  });
});

describe("plumbing", () => {
  it("puts a trace id on every response and in every error body", async () => {
    const ok = await client().get("/health");
    expect(ok.headers.get(HEADERS.traceId)).toMatch(/^[0-9a-f-]{36}$/);
    const missing = await client().get("/api/v1/nothing-here");
    expect(missing.status).toBe(404);
    expect(missing.body.traceId).toBe(missing.headers.get(HEADERS.traceId));
  });

  it("routes unversioned calls by X-EO-API-VERSION or the path's default version", async () => {
    const { user } = await organizationWithUser(db());
    const browser = client();
    await browser.signIn(user.email, PASSWORD);
    expect((await browser.get("/api/users/me/organizations")).status).toBe(200);
    expect((await browser.get("/api/users/me/organizations", { headers: { [HEADERS.apiVersion]: "v1" } })).status).toBe(
      200,
    );
    expect((await browser.get("/api/users/me/organizations", { headers: { [HEADERS.apiVersion]: "v7" } })).status).toBe(
      404,
    );
    expect((await browser.get("/api/v2/users/me/organizations")).status).toBe(404);
  });
});
