import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createTestDatabase, type TestDatabase, testRedisPrefix, testRedisUrl } from "@signet/core/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type CompiledProcess,
  ensureCompiledBuild,
  freePort,
  runCompiled,
  waitReady,
} from "./support/compiled-build.ts";
import { HttpClient } from "./support/http-client.ts";
import { poll } from "./support/poll.ts";
import { deleteRedisKeys } from "./support/redis-keys.ts";
import { type RoundRobinProxy, startRoundRobinProxy } from "./support/round-robin-proxy.ts";
import {
  invitationTo,
  linkToken,
  openAndConsent,
  type SignablePackage,
  sendPackage,
  signablePackage,
  signEverything,
} from "./support/signing-fixtures.ts";
import { type SmtpCapture, startSmtpCapture } from "./support/smtp-capture.ts";
import type { TestApp } from "./support/test-app.ts";
import { startWebhookReceiver, type WebhookReceiver } from "./support/webhook-receiver.ts";

// Issue 18 §2: the production shape without Docker. Two compiled API processes and two compiled
// workers share PostgreSQL and Redis behind a round-robin proxy (no stickiness). Sessions work on
// either replica and a sign-out on one is seen by both; the sign-in rate limit is shared; under a
// bounded load of packages created, sent, signed and sealed, one worker and one API process are
// killed (SIGKILL) mid-load and restarted: every package is sealed once, every invitation sent
// once, every webhook event delivered once — nothing lost, nothing twice.

const PACKAGES = 8;
const LOGIN_LIMIT = 12;
const AUTH_SECRET = "scale-out-secret-0123456789abcdef0123456789";

let database: TestDatabase;
let smtp: SmtpCapture;
let hooks: WebhookReceiver;
let dataDir: string;
const api: CompiledProcess[] = [];
const workers: CompiledProcess[] = [];
let proxy: RoundRobinProxy;
let roomProxy: RoundRobinProxy;
let apiPorts: number[];
let roomPorts: number[];
let env: Record<string, string>;
const redisUrl = testRedisUrl();
const prefix = testRedisPrefix();

function startApi(index: number) {
  api[index] = runCompiled("apps/api/dist/main.js", {
    ...env,
    PORT: String(apiPorts[index]),
    SIGNING_ROOM_LISTEN_PORT: String(roomPorts[index]),
  });
  return waitReady(`http://127.0.0.1:${apiPorts[index]}/ready`, api[index]!);
}

function startWorker(index: number) {
  workers[index] = runCompiled("apps/worker/dist/main.js", { ...env, LOG_LEVEL: "info" });
  return poll("the worker to start", async () => {
    if (workers[index]!.child.exitCode !== null) throw new Error(workers[index]!.output());
    return workers[index]!.output().includes("worker started");
  });
}

beforeAll(async () => {
  await ensureCompiledBuild();
  [database, smtp, hooks, dataDir] = await Promise.all([
    createTestDatabase(),
    startSmtpCapture(),
    startWebhookReceiver(),
    mkdtemp(join(tmpdir(), "signet-scale-out-")),
  ]);
  apiPorts = [await freePort(), await freePort()];
  roomPorts = [await freePort(), await freePort()];
  const proxyPort = await freePort();
  const roomProxyPort = await freePort();
  env = {
    DATABASE_URL: database.url,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: prefix,
    SMTP_URL: smtp.url,
    AUTH_SECRET,
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://127.0.0.1:${proxyPort}`,
    SIGNING_ROOM_URL: `http://127.0.0.1:${roomProxyPort}`,
    WEBHOOKS_ALLOW_PRIVATE: "true",
    LOGIN_RATE_LIMIT_MAX: String(LOGIN_LIMIT),
    LOG_LEVEL: "warn",
  };
  // the first API applies the migrations alone; the others find them applied
  await startApi(0);
  await Promise.all([startApi(1), startWorker(0), startWorker(1)]);
  proxy = await startRoundRobinProxy(apiPorts, proxyPort);
  roomProxy = await startRoundRobinProxy(roomPorts, roomProxyPort);
}, 120_000);

afterAll(async () => {
  await Promise.all([...api, ...workers].map((process) => process?.stop()));
  await Promise.all([proxy?.close(), roomProxy?.close(), smtp?.close(), hooks?.close()]);
  await Promise.all([database?.drop(), dataDir && rm(dataDir, { recursive: true, force: true })]);
  await deleteRedisKeys(redisUrl, prefix);
});

describe("two API replicas and two workers behind a round-robin proxy", () => {
  // the fixtures need only the public URL and the database
  const app = () => ({ url: proxy.url }) as unknown as TestApp;
  let first: SignablePackage;

  it("accepts a session on either replica, and a sign-out on one is seen by both", async () => {
    first = await signablePackage(app(), database.db, {
      signers: [{ givenName: "Signer1", email: "signer-1@scale.example.com" }],
    });
    const permissions = `/api/v1/organizations/${first.org.organizationId}/users/me/permissions`;
    const before = { ...Object.fromEntries(proxy.hits) };
    for (let i = 0; i < 4; i++) expect((await first.admin.get(permissions)).status).toBe(200);
    // both replicas answered this session
    for (const port of apiPorts) expect((proxy.hits.get(port) ?? 0) - (before[port] ?? 0)).toBeGreaterThan(0);

    const other = new HttpClient(proxy.url);
    expect((await other.signIn(first.org.admin.email, "Correct-Horse-9-Battery")).status).toBe(200);
    const replay = new HttpClient(proxy.url);
    for (const [name, value] of other.jar) replay.jar.set(name, value);
    expect((await other.request("DELETE", "/api/v1/active-tokens/me")).status).toBe(204);
    // the revoked cookies, replayed to each replica in turn
    for (let i = 0; i < 2; i++) expect((await replay.get(permissions)).status).toBe(401);
    expect((await first.admin.get(permissions)).status).toBe(200);
  });

  it("creates, sends, signs and seals packages while a worker and an API process crash and restart", async () => {
    const webhook = await first.admin.request<{ endpoint: { id: string } }>(
      "POST",
      `/api/v1/organizations/${first.org.organizationId}/webhooks`,
      { json: { url: hooks.url, eventTypes: ["package.sent", "package.completed", "package.sealed"] } },
    );
    expect(webhook.status, JSON.stringify(webhook.body)).toBe(201);

    const packages: { s: SignablePackage; email: string }[] = [{ s: first, email: "signer-1@scale.example.com" }];
    for (let n = 2; n <= PACKAGES; n++) {
      const email = `signer-${n}@scale.example.com`;
      packages.push({
        s: await signablePackage(app(), database.db, { org: first, signers: [{ givenName: `Signer${n}`, email }] }),
        email,
      });
    }
    const half = PACKAGES / 2;
    const signOne = async ({ email }: { email: string }) => {
      const room = await openAndConsent(roomProxy.url, linkToken(await invitationTo(smtp, email, 0)));
      expect((await signEverything(room.client, room.room)).status).toBe(200);
    };

    for (const { s } of packages.slice(0, half)) await sendPackage(s, database.db);
    await signOne(packages[0]!);
    // crash: a worker and an API process die with work in flight
    await Promise.all([workers[0]!.kill(), api[0]!.kill()]);
    for (const { s } of packages.slice(half)) await sendPackage(s, database.db);
    for (const entry of packages.slice(1, half)) await signOne(entry);
    await Promise.all([startWorker(0), startApi(0)]);
    for (const entry of packages.slice(half)) await signOne(entry);

    const ids = packages.map(({ s }) => s.pkg.id);
    await poll(
      "every package to be sealed",
      async () =>
        (await database.db.package.count({ where: { id: { in: ids }, sealedAt: { not: null } } })) === PACKAGES,
      { timeoutMs: 90_000, intervalMs: 500 },
    );

    // nothing lost, nothing twice
    const artifacts = await database.db.sealedArtifact.groupBy({
      by: ["packageId", "kind"],
      where: { packageId: { in: ids } },
      _count: true,
    });
    expect(artifacts).toHaveLength(PACKAGES * 2);
    const duplicateSeals = artifacts.filter((row) => row._count !== 1).length;
    const invitations = packages.map(
      ({ email }) =>
        // the invitation, not the completion notice that also links to the signing room
        smtp.messages.filter(
          (mail) => mail.envelopeTo.includes(email) && mail.parsed.subject === "Your documents are ready",
        ).length,
    );
    const duplicateInvitations = invitations.filter((count) => count > 1).length;
    const lostInvitations = invitations.filter((count) => count === 0).length;
    const expectedEvents = ids.flatMap((id) =>
      ["package.sent", "package.completed", "package.sealed"].map((type) => `${type}:${id}`),
    );
    // after a worker is killed, a delivery waits for its job's lock to lapse and for the retry backoff:
    // the test is about every event arriving once, not how soon, so the wait is generous
    const delivered = await poll(
      "every webhook event to arrive",
      async () => {
        const seen = new Set(hooks.received.map((entry) => `${entry.json.type}:${String(entry.json.data.packageId)}`));
        return expectedEvents.every((event) => seen.has(event)) ? hooks.received : null;
      },
      { timeoutMs: 90_000, intervalMs: 250 },
    );
    const byEventId = new Map<string, number>();
    for (const entry of delivered) {
      const id = String(entry.headers["webhook-id"]);
      byEventId.set(id, (byEventId.get(id) ?? 0) + 1);
    }
    const duplicateWebhooks = [...byEventId.values()].filter((count) => count > 1).length;
    const jobs = await database.db.outboxMessage.count({ where: { processedAt: { not: null } } });
    const breakdown = {
      duplicateSeals,
      duplicateInvitations,
      duplicateWebhooks,
      invitations,
      webhookCounts: [...byEventId.values()],
    };
    const figures = {
      packages: PACKAGES,
      requestsThroughProxy: [...proxy.hits.values(), ...roomProxy.hits.values()].reduce((a, b) => a + b, 0),
      retriedAfterCrash: proxy.retried + roomProxy.retried,
      jobsProcessed: jobs,
      webhookEvents: byEventId.size,
      duplicates: duplicateSeals + duplicateInvitations + duplicateWebhooks,
      lost: lostInvitations,
    };
    console.log(`scale-out figures: ${JSON.stringify(figures)} ${JSON.stringify(breakdown)}`);
    expect(figures).toMatchObject({ duplicates: 0, lost: 0 });
  }, 240_000);

  it("shares the sign-in rate limit between the replicas", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < LOGIN_LIMIT * 2; i++) {
      statuses.push(
        (await new HttpClient(proxy.url).signIn(`nobody-${randomUUID()}@scale.example.com`, "wrong")).status,
      );
    }
    // one shared counter: refused once the limit is reached across both, not at twice the limit
    const firstRefusal = statuses.indexOf(429);
    expect(firstRefusal).toBeGreaterThanOrEqual(0);
    expect(firstRefusal).toBeLessThanOrEqual(LOGIN_LIMIT);
  });
});
