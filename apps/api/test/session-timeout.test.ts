import { MESSAGES } from "@signet/contract";
import { testRedisPrefix, testRedisUrl } from "@signet/core/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { organizationWithUser, PASSWORD } from "./support/factories.ts";
import { HttpClient } from "./support/http-client.ts";
import { payloadClaims, sleep } from "./support/poll.ts";
import { deleteRedisKeys } from "./support/redis-keys.ts";
import { startTestApp, type TestApp } from "./support/test-app.ts";

const permissionsOf = (orgId: string) => `/api/v1/organizations/${orgId}/users/me/permissions`;

// The three cases mostly wait, each with its own user: they run side by side.
describe.concurrent("idle timeout (SESSION_IDLE_TIMEOUT_SECONDS=2)", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ SESSION_IDLE_TIMEOUT_SECONDS: "2" });
  });
  afterAll(() => app?.close());
  const db = () => app.server.db;

  async function signedIn() {
    const { user, organization } = await organizationWithUser(db());
    const browser = new HttpClient(app.url);
    const reply = await browser.signIn(user.email, PASSWORD);
    expect(reply.status).toBe(200);
    const tokenId = String(payloadClaims(reply.cookies.get("signet_payload")!.value).jti);
    return { browser, organization, tokenId };
  }

  it("keeps a session that is used within the window, and ends one left idle for longer", async () => {
    const { browser, organization, tokenId } = await signedIn();
    expect((await browser.get(permissionsOf(organization.id))).status).toBe(200);
    // each request restarts the timer: 2.7 s after sign-in, but never 2 s without a request
    for (let i = 0; i < 3; i++) {
      await sleep(900);
      expect((await browser.get(permissionsOf(organization.id))).status).toBe(200);
    }
    expect((await db().activeToken.findUniqueOrThrow({ where: { id: tokenId } })).revokedAt).toBeNull();

    await sleep(2_300);
    const idle = await browser.get(permissionsOf(organization.id));
    expect(idle.status).toBe(401);
    expect(idle.body).toMatchObject({ code: "UNAUTHORIZED", message: MESSAGES.unauthorized });
    const record = await db().activeToken.findUniqueOrThrow({ where: { id: tokenId } });
    expect(record.revokedReason).toBe("idle");
    expect(record.revokedAt).not.toBeNull();

    // revoked for good: activity after the fact does not bring it back
    expect((await browser.request("PUT", "/api/v1/active-tokens/me")).status).toBe(401);
    expect((await browser.get(permissionsOf(organization.id))).status).toBe(401);
  });

  it("extends the session on keep-alive (PUT /api/v1/active-tokens/me)", async () => {
    const { browser, organization, tokenId } = await signedIn();
    await sleep(1_100);
    const keepAlive = await browser.request("PUT", "/api/v1/active-tokens/me");
    expect(keepAlive.status).toBe(200);
    expect(keepAlive.body).toMatchObject({ idleTimeoutSeconds: 2 });
    const idleExpiresIn = Date.parse(String(keepAlive.body.idleExpiresAt)) - Date.now();
    expect(idleExpiresIn).toBeGreaterThan(1_000);
    expect(idleExpiresIn).toBeLessThanOrEqual(2_000);
    expect(Date.parse(String(keepAlive.body.expiresAt)) - Date.now()).toBeGreaterThan(86_000_000);
    // the server-side record holds what the client was told
    const touched = await db().activeToken.findUniqueOrThrow({ where: { id: tokenId } });
    expect(touched.lastSeenAt.getTime()).toBe(Date.parse(String(keepAlive.body.idleExpiresAt)) - 2_000);

    // 2.2 s after sign-in, 1.1 s after the keep-alive: still signed in
    await sleep(1_100);
    expect((await browser.get(permissionsOf(organization.id))).status).toBe(200);
    expect((await db().activeToken.findUniqueOrThrow({ where: { id: tokenId } })).revokedAt).toBeNull();
  });

  it("applies to bearer tokens too", async () => {
    const { user, organization } = await organizationWithUser(db());
    const api = new HttpClient(app.url);
    api.bearer = String((await api.signIn(user.email, PASSWORD, "bearer")).body.access_token);
    expect((await api.get(permissionsOf(organization.id))).status).toBe(200);
    await sleep(2_300);
    expect((await api.get(permissionsOf(organization.id))).status).toBe(401);
    const tokens = await db().activeToken.findMany({ where: { userId: user.id } });
    expect(tokens.map((t) => t.revokedReason)).toEqual(["idle"]);
  });
});

describe("login rate limit (LOGIN_RATE_LIMIT_MAX=3)", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ LOGIN_RATE_LIMIT_MAX: "3" });
  });
  afterAll(() => app?.close());

  it("refuses the 4th token request in the window with 429 RATE_LIMITED, even with the right password", async () => {
    const { user } = await organizationWithUser(app.server.db);
    const client = () => new HttpClient(app.url);
    expect((await client().signIn(user.email, "Wrong-password-1")).status).toBe(400);
    expect((await client().signIn(user.email, "Wrong-password-2")).status).toBe(400);
    expect((await client().signIn(user.email, PASSWORD)).status).toBe(200);

    const limited = await client().signIn(user.email, PASSWORD);
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: "RATE_LIMITED", message: MESSAGES.tooManyAttempts, status: 429 });
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(limited.cookies.size).toBe(0);
    // the refused request did not reach the sign-in: one token, and the failures were not counted on
    expect(await app.server.db.activeToken.count({ where: { userId: user.id } })).toBe(1);
    expect((await app.server.db.credential.findUniqueOrThrow({ where: { userId: user.id } })).failedAttempts).toBe(0);

    // only the token endpoint is limited
    expect((await client().get("/api/v1/public-config")).status).toBe(200);
  });
});

describe("login rate limit shared by replicas through Redis", () => {
  const redisUrl = testRedisUrl();
  const prefix = testRedisPrefix();
  let replicas: TestApp[] = [];
  beforeAll(async () => {
    const env = { LOGIN_RATE_LIMIT_MAX: "3", REDIS_URL: redisUrl, REDIS_PREFIX: prefix };
    replicas = await Promise.all([startTestApp(env), startTestApp(env)]);
  });
  afterAll(async () => {
    await Promise.all(replicas.map((replica) => replica.close()));
    await deleteRedisKeys(redisUrl, prefix);
  });

  it("counts attempts made on any replica", async () => {
    const [a, b] = replicas as [TestApp, TestApp];
    const attempt = (replica: TestApp) => new HttpClient(replica.url).signIn("nobody@example.com", "Wrong-password-1");
    expect((await attempt(a)).status).toBe(400);
    expect((await attempt(b)).status).toBe(400);
    expect((await attempt(a)).status).toBe(400);
    const limited = await attempt(b);
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: "RATE_LIMITED" });
  });
});

describe("secure cookies (PUBLIC_URL=https://signet.example)", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ PUBLIC_URL: "https://signet.example" });
  });
  afterAll(() => app?.close());

  it("names every session cookie __Secure-… and marks it Secure; the session works with them", async () => {
    const { user, organization } = await organizationWithUser(app.server.db);
    const browser = new HttpClient(app.url, "__Secure-XSRF-TOKEN");
    const reply = await browser.signIn(user.email, PASSWORD);
    expect(reply.status).toBe(200);
    expect([...reply.cookies.keys()].sort()).toEqual([
      "__Secure-XSRF-TOKEN",
      "__Secure-signet_payload",
      "__Secure-signet_signature",
    ]);
    for (const [, cookie] of reply.cookies) {
      expect(cookie.attributes).toMatch(/(^|;\s*)Secure(;|$)/);
      expect(cookie.attributes).toMatch(/SameSite=Strict/);
    }
    expect(reply.cookies.get("__Secure-signet_signature")!.attributes).toMatch(/HttpOnly/);
    expect(reply.cookies.get("__Secure-signet_payload")!.attributes).not.toMatch(/HttpOnly/);
    expect(reply.headers.get("strict-transport-security")).toMatch(/max-age=\d+/);

    expect((await browser.get(permissionsOf(organization.id))).status).toBe(200);
    expect((await browser.request("PUT", "/api/v1/active-tokens/me")).status).toBe(200);
    // cookies without the prefix are not the session cookies here
    const unprefixed = new HttpClient(app.url);
    unprefixed.jar.set("signet_payload", browser.jar.get("__Secure-signet_payload")!);
    unprefixed.jar.set("signet_signature", browser.jar.get("__Secure-signet_signature")!);
    expect((await unprefixed.get(permissionsOf(organization.id))).status).toBe(401);

    const config = await browser.get("/api/v1/public-config");
    expect(config.body).toMatchObject({ payloadCookie: "__Secure-signet_payload", csrfCookie: "__Secure-XSRF-TOKEN" });

    // sign-out clears them with the same attributes (a browser ignores a __Secure- cookie set without Secure)
    const logout = await browser.request("DELETE", "/api/v1/active-tokens/me");
    expect(logout.status).toBe(204);
    for (const name of ["__Secure-signet_payload", "__Secure-signet_signature", "__Secure-XSRF-TOKEN"]) {
      const cleared = logout.cookies.get(name);
      expect(cleared?.value).toBe("");
      expect(cleared?.attributes).toMatch(/(^|;\s*)Secure(;|$)/);
    }
  });
});
