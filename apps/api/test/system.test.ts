import { createServer } from "node:net";
import { HEADERS, MESSAGES, PERMISSIONS } from "@signet/contract";
import { testRedisPrefix, testRedisUrl } from "@signet/core/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { organizationWithUser, PASSWORD } from "./support/factories.ts";
import { HttpClient } from "./support/http-client.ts";
import { deleteRedisKeys } from "./support/redis-keys.ts";
import { startTestApp, type TestApp } from "./support/test-app.ts";

const SUPPORT_PHONE = "+1 (555) 010-0199";
const METRICS_TOKEN = "scraper-token-0123456789abcdef";
const redisUrl = testRedisUrl();
const prefix = testRedisPrefix();

/** The embedded shape: no Redis, no SMTP (jobs in-process, mail in the dev mailbox). */
let embedded: TestApp;
/** The production shape: Redis and an SMTP server configured (nothing is sent in these tests). */
let production: TestApp;
beforeAll(async () => {
  [embedded, production] = await Promise.all([
    startTestApp({ SUPPORT_PHONE, BUILD_VERSION: "9.9.9-test", BUILD_COMMIT: "abc1234", METRICS_TOKEN }),
    startTestApp({ REDIS_URL: redisUrl, REDIS_PREFIX: prefix, SMTP_URL: "smtp://127.0.0.1:2525/" }),
  ]);
});
afterAll(async () => {
  await Promise.all([embedded?.close(), production?.close()]);
  await deleteRedisKeys(redisUrl, prefix);
});

const client = (app = embedded) => new HttpClient(app.url);

describe("probes", () => {
  it("GET /health answers 200", async () => {
    const reply = await client().get("/health");
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ status: "ok" });
  });

  it("GET /ready checks the database, storage, and Redis when it is configured", async () => {
    const alone = await client().get("/ready");
    expect(alone.status).toBe(200);
    expect(alone.body).toEqual({ status: "ready", checks: { database: "ok", redis: "not configured", storage: "ok" } });
    const withRedis = await client(production).get("/ready");
    expect(withRedis.status).toBe(200);
    expect(withRedis.body).toEqual({ status: "ready", checks: { database: "ok", redis: "ok", storage: "ok" } });
  });

  it("GET /metrics exposes the request-latency histogram by route pattern, never by raw URL", async () => {
    const orgId = "11111111-2222-4333-8444-555555555555";
    await client().get("/api/v1/public-config");
    await client().get(`/api/v1/organizations/${orgId}/users/me/permissions`);
    const reply = await client().get<string>("/metrics", { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(reply.status).toBe(200);
    expect(reply.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(reply.body).toContain("# TYPE signet_http_request_duration_seconds histogram");
    expect(reply.body).toMatch(
      /signet_http_request_duration_seconds_count\{method="GET",route="\/api\/v1\/public-config",status="200"\} [1-9]/,
    );
    expect(reply.body).toContain('route="/api/v1/organizations/:orgId/users/me/permissions",status="401"');
    expect(reply.body).not.toContain(orgId);
  });
});

describe("GET /metrics is for the operator's scraper only", () => {
  it("answers 401 without the configured token, or with another one", async () => {
    const attempts: Record<string, string>[] = [
      {},
      { authorization: "Bearer wrong-token-0123456789abcdef" },
      { authorization: METRICS_TOKEN },
    ];
    for (const headers of attempts) {
      const reply = await client().get<{ code: string }>("/metrics", { headers });
      expect(reply.status).toBe(401);
      expect(reply.body.code).toBe("UNAUTHORIZED");
    }
  });

  it("is not served at all when no token is configured", async () => {
    const reply = await client(production).get<{ code: string }>("/metrics");
    expect(reply.status).toBe(404);
    expect(String(reply.body)).not.toContain("signet_http_request_duration_seconds");
  });
});

describe("GET /api/docs/json", () => {
  it("is an OpenAPI document of the contract's routes", async () => {
    const reply = await client().get<{
      openapi: string;
      info: { title: string };
      paths: Record<string, Record<string, unknown>>;
    }>("/api/docs/json");
    expect(reply.status).toBe(200);
    expect(reply.body.openapi).toMatch(/^3\./);
    expect(reply.body.info.title).toBe("Signet API");
    expect(Object.keys(reply.body.paths)).toEqual(
      expect.arrayContaining(["/cas/oauth/token", "/api/v1/organizations/{orgId}/users/me/permissions"]),
    );
    expect(reply.body.paths["/cas/oauth/token"]).toHaveProperty("post");
    expect(reply.body.paths["/api/v1/organizations/{orgId}/users/me/permissions"]).toHaveProperty("get");
    // probes are not part of the API
    expect(reply.body.paths).not.toHaveProperty("/health");
    expect(reply.body.paths).not.toHaveProperty("/metrics");
  });
});

describe("GET /api/v1/public-config", () => {
  it("tells the web app the footer, timers and cookie names; the dev mailbox only without SMTP", async () => {
    const reply = await client().get("/api/v1/public-config");
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      supportPhone: SUPPORT_PHONE,
      idleTimeoutSeconds: 900,
      countdownSeconds: 120,
      payloadCookie: "signet_payload",
      csrfCookie: "XSRF-TOKEN",
      devMailbox: true,
    });
    const withSmtp = await client(production).get("/api/v1/public-config");
    expect(withSmtp.body).toMatchObject({ devMailbox: false });
    expect(withSmtp.body.supportPhone).not.toBe(SUPPORT_PHONE);
  });
});

describe("GET /api/v1/build-info", () => {
  const buildInfo = async (options: Parameters<typeof organizationWithUser>[1]) => {
    const { user } = await organizationWithUser(embedded.server.db, options);
    const browser = client();
    expect((await browser.signIn(user.email, PASSWORD)).status).toBe(200);
    return browser.get("/api/v1/build-info");
  };

  it("answers a support-organization user holding a view permission", async () => {
    const reply = await buildInfo({ eoSupport: true, permissions: PERMISSIONS.VIEW_DOCUMENTS_PACKAGES });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ version: "9.9.9-test", commit: "abc1234", node: process.version });
    expect(Number.isNaN(Date.parse(String(reply.body.startedAt)))).toBe(false);
  });

  it("refuses a customer organization's admin and a support user without a view permission", async () => {
    for (const options of [
      { permissions: Object.values(PERMISSIONS).reduce((a, b) => a | b, 0) },
      { eoSupport: true, permissions: PERMISSIONS.MANAGE_USERS | PERMISSIONS.MANAGE_ROLES },
    ]) {
      const reply = await buildInfo(options);
      expect(reply.status).toBe(403);
      expect(reply.body).toMatchObject({ code: "FORBIDDEN", message: MESSAGES.forbidden });
      expect(reply.body).not.toHaveProperty("version");
    }
  });

  it("answers 401 without a sign-in", async () => {
    const reply = await client().get("/api/v1/build-info");
    expect(reply.status).toBe(401);
    expect(reply.body).toMatchObject({ code: "UNAUTHORIZED" });
  });
});

describe("GET /api/v1/dev/mailbox", () => {
  it("lists kept messages without SMTP, and does not exist when SMTP is configured", async () => {
    const embeddedReply = await client().get("/api/v1/dev/mailbox");
    expect(embeddedReply.status).toBe(200);
    expect(Array.isArray(embeddedReply.body)).toBe(true);
    const productionReply = await client(production).get("/api/v1/dev/mailbox");
    expect(productionReply.status).toBe(404);
    expect(productionReply.body).toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("unexpected failures", () => {
  it("answer 500 with the catalogue message and trace id, never the internals", async () => {
    const db = embedded.server.db;
    await db.$executeRawUnsafe('ALTER TABLE "MailMessage" RENAME TO "MailMessage_away"');
    try {
      const reply = await client().get<Record<string, unknown>>("/api/v1/dev/mailbox");
      expect(reply.status).toBe(500);
      expect(reply.body).toEqual({
        code: "INTERNAL",
        message: MESSAGES.internal,
        status: 500,
        traceId: reply.headers.get(HEADERS.traceId),
      });
      expect(JSON.stringify(reply.body)).not.toMatch(/MailMessage|prisma|relation|at \w+ \(/i);
    } finally {
      await db.$executeRawUnsafe('ALTER TABLE "MailMessage_away" RENAME TO "MailMessage"');
    }
    expect((await client().get("/api/v1/dev/mailbox")).status).toBe(200);
  });

  it("/ready answers 503 promptly when Redis cannot be reached", async () => {
    // a port that accepts nothing: take a free one and close it again
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, "127.0.0.1", () => {
        const address = probe.address();
        probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
      });
    });
    const app = await startTestApp({ REDIS_URL: `redis://127.0.0.1:${port}`, REDIS_PREFIX: prefix });
    try {
      const started = Date.now();
      const reply = await client(app).get("/ready");
      expect(reply.status).toBe(503);
      expect(reply.body).toEqual({ status: "not ready", checks: { database: "ok", redis: "down", storage: "ok" } });
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await app.close();
    }
  });
});
