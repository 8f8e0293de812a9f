import { PERMISSIONS, type ServicesInfo } from "@signet/contract";
import { jobQueues, MAX_OUTBOX_ATTEMPTS } from "@signet/core";
import { testRedisPrefix, testRedisUrl } from "@signet/core/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { organizationWithUser, PASSWORD } from "./support/factories.ts";
import { HttpClient } from "./support/http-client.ts";
import { deleteRedisKeys } from "./support/redis-keys.ts";
import { type SmtpCapture, startSmtpCapture } from "./support/smtp-capture.ts";
import { startTestApp, type TestApp } from "./support/test-app.ts";

// Issue 14 §4: services-info, parked outbox rows with requeue, and the read-only queue dashboard,
// for support users only, against the real dependencies (PostgreSQL, Redis, an SMTP server).

const redisUrl = testRedisUrl();
const prefix = testRedisPrefix();

let app: TestApp;
let embedded: TestApp;
let smtp: SmtpCapture;
let support: HttpClient;
let admin: HttpClient;
let packagesOnly: HttpClient;

async function signedIn(target: TestApp, email: string) {
  const client = new HttpClient(target.url);
  expect((await client.signIn(email, PASSWORD)).status).toBe(200);
  return client;
}

beforeAll(async () => {
  smtp = await startSmtpCapture();
  [app, embedded] = await Promise.all([
    startTestApp({ REDIS_URL: redisUrl, REDIS_PREFIX: prefix, SMTP_URL: smtp.url }),
    startTestApp(),
  ]);
  const db = app.server.db;
  const supportOrg = await organizationWithUser(db, { eoSupport: true });
  const plainOrg = await organizationWithUser(db);
  const member = await organizationWithUser(db, { permissions: PERMISSIONS.MANAGE_DOCUMENTS_PACKAGES });
  support = await signedIn(app, supportOrg.user.email);
  admin = await signedIn(app, plainOrg.user.email);
  packagesOnly = await signedIn(app, member.user.email);
}, 60_000);

afterAll(async () => {
  await Promise.all([app?.close(), embedded?.close(), smtp?.close()]);
  await deleteRedisKeys(redisUrl, prefix);
});

/** A row as the relay leaves it after MAX_OUTBOX_ATTEMPTS failures. */
async function parkedRow(target: TestApp, jobName = "no-such-job") {
  return target.server.db.outboxMessage.create({
    data: {
      queue: "email",
      jobName,
      payload: { probe: true },
      idempotencyKey: `operations-test:${crypto.randomUUID()}`,
      attempts: MAX_OUTBOX_ATTEMPTS,
      lastError: "Connection refused by smtp.example.com",
      publishedAt: new Date(),
      availableAt: new Date(Date.now() + 3_600_000),
    },
  });
}

describe("services-info", () => {
  it("reports every dependency with its version, and what is not configured", async () => {
    const reply = await support.get<ServicesInfo>("/api/v1/services-info");
    expect(reply.status).toBe(200);
    const byId = new Map(reply.body.services.map((service) => [service.id, service]));
    expect(byId.get("database")).toMatchObject({ state: "up", version: expect.stringMatching(/^\d+\.\d+/) });
    expect(byId.get("redis")).toMatchObject({ state: "up", version: expect.stringMatching(/^\d+\.\d+\.\d+/) });
    expect(byId.get("storage")).toMatchObject({ state: "up" });
    expect(byId.get("smtp")).toMatchObject({ state: "up", detail: expect.stringContaining("127.0.0.1") });
    expect(byId.get("sms")).toMatchObject({ state: "not-configured" });
    expect(byId.get("evault")).toMatchObject({ state: "not-configured" });
    expect(byId.get("print")).toMatchObject({ state: "not-configured" });
    for (const service of reply.body.services) expect(service.detail).not.toMatch(/:\/\/|@/);
    expect(reply.body.queues.map((queue) => queue.name).sort()).toEqual(jobQueues().sort());
    expect(reply.body.application.node).toBe(process.version);
  });

  it("says plainly when a dependency does not answer", async () => {
    const down = await startTestApp({ SMTP_URL: "smtp://127.0.0.1:1/" });
    try {
      const supportOrg = await organizationWithUser(down.server.db, { eoSupport: true });
      const client = await signedIn(down, supportOrg.user.email);
      const reply = await client.get<ServicesInfo>("/api/v1/services-info");
      const smtpInfo = reply.body.services.find((service) => service.id === "smtp");
      expect(smtpInfo).toMatchObject({ state: "down", version: null });
      expect(smtpInfo?.detail).toMatch(/^SMTP server at 127\.0\.0\.1:1: \S/);
    } finally {
      await down.close();
    }
  });

  it("shows the embedded default: jobs in-process, mail kept in the dev mailbox", async () => {
    const supportOrg = await organizationWithUser(embedded.server.db, { eoSupport: true });
    const client = await signedIn(embedded, supportOrg.user.email);
    const reply = await client.get<ServicesInfo>("/api/v1/services-info");
    const byId = new Map(reply.body.services.map((service) => [service.id, service]));
    expect(byId.get("redis")?.state).toBe("not-configured");
    expect(byId.get("smtp")).toMatchObject({ state: "not-configured", detail: expect.stringMatching(/dev mailbox/) });
    expect(reply.body.queues).toEqual([]);
  });

  it("is for support users only", async () => {
    expect((await admin.get("/api/v1/services-info")).status).toBe(403);
    expect((await packagesOnly.get("/api/v1/services-info")).status).toBe(403);
    expect((await new HttpClient(app.url).get("/api/v1/services-info")).status).toBe(401);
  });
});

describe("parked background jobs", () => {
  it("lists parked rows (and not the ones still being retried), requeues one once, and audits it", async () => {
    const parked = await parkedRow(app);
    const retrying = await app.server.db.outboxMessage.create({
      data: {
        queue: "email",
        jobName: "send-email",
        payload: {},
        idempotencyKey: `operations-test:${crypto.randomUUID()}`,
        attempts: 2,
        lastError: "temporary failure",
        availableAt: new Date(Date.now() + 3_600_000),
      },
    });
    const list = await support.get<{ records: { id: string; lastError: string }[]; count: number }>(
      "/api/v1/outbox/parked?pageSize=100",
    );
    expect(list.status).toBe(200);
    const ids = list.body.records.map((record) => record.id);
    expect(ids).toContain(parked.id.toString());
    expect(ids).not.toContain(retrying.id.toString());
    expect(list.body.records.find((r) => r.id === parked.id.toString())?.lastError).toMatch(/Connection refused/);

    const info = await support.get<ServicesInfo>("/api/v1/services-info");
    expect(info.body.outbox.parked).toBeGreaterThanOrEqual(1);

    const requeued = await support.request("POST", `/api/v1/outbox/${parked.id}/requeue`);
    expect(requeued.status).toBe(200);
    expect(requeued.body).toMatchObject({ id: parked.id.toString(), queue: "email", jobName: "no-such-job" });
    const row = await app.server.db.outboxMessage.findUniqueOrThrow({ where: { id: parked.id } });
    expect(row.attempts).toBeLessThan(MAX_OUTBOX_ATTEMPTS);
    expect((await support.request("POST", `/api/v1/outbox/${parked.id}/requeue`)).status).toBe(404);
    expect((await support.request("POST", `/api/v1/outbox/${retrying.id}/requeue`)).status).toBe(404);

    const audit = await app.server.db.auditEvent.findFirst({ where: { type: "outbox.requeued" } });
    expect(audit?.data).toMatchObject({ outboxId: parked.id.toString(), jobName: "no-such-job" });
  });

  it("refuses others, a forged request and an id that is not a number", async () => {
    const parked = await parkedRow(app);
    expect((await admin.get("/api/v1/outbox/parked")).status).toBe(403);
    expect((await admin.request("POST", `/api/v1/outbox/${parked.id}/requeue`)).status).toBe(403);
    expect((await packagesOnly.request("POST", `/api/v1/outbox/${parked.id}/requeue`)).status).toBe(403);
    const forged = await support.request("POST", `/api/v1/outbox/${parked.id}/requeue`, { csrf: false });
    expect(forged.status).toBe(403);
    expect((await support.request("POST", "/api/v1/outbox/abc/requeue")).status).toBe(400);
    const untouched = await app.server.db.outboxMessage.findUniqueOrThrow({ where: { id: parked.id } });
    expect(untouched.attempts).toBe(MAX_OUTBOX_ATTEMPTS);
  });
});

describe("queue dashboard", () => {
  it("shows the queues to a support user, read-only", async () => {
    const page = await support.get<string>("/admin/queues");
    expect(page.status).toBe(200);
    expect(page.body).toContain("Signet queues");
    const queues = await support.get<{ queues: { name: string; readOnlyMode: boolean }[] }>(
      "/admin/queues/api/queues?activeQueue=email&status=latest&page=1",
    );
    expect(queues.status).toBe(200);
    expect(queues.body.queues.map((queue) => queue.name).sort()).toEqual(jobQueues().sort());
    expect(queues.body.queues.every((queue) => queue.readOnlyMode)).toBe(true);
    const retry = await support.request("PUT", "/admin/queues/api/queues/email/retry/failed");
    expect(retry.status).toBe(404);
  });

  it("is closed to everyone else, and absent without Redis", async () => {
    expect((await new HttpClient(app.url).get("/admin/queues")).status).toBe(401);
    expect((await admin.get("/admin/queues")).status).toBe(403);
    expect((await packagesOnly.get("/admin/queues/api/queues")).status).toBe(403);
    const supportOrg = await organizationWithUser(embedded.server.db, { eoSupport: true });
    const client = await signedIn(embedded, supportOrg.user.email);
    expect((await client.get("/admin/queues/api/queues")).status).toBe(404);
  });
});
