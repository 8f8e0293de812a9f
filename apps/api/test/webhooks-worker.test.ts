import type { WebhookDeliveryList, WebhookEndpointWithSecret } from "@signet/contract";
import type { Logger } from "@signet/core";
import { testRedisPrefix, testRedisUrl } from "@signet/core/testing";
import { startWorker } from "@signet/worker";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PackageOrg, packageOrg } from "./support/package-fixtures.ts";
import { poll } from "./support/poll.ts";
import { deleteRedisKeys } from "./support/redis-keys.ts";
import { startTestApp, TEST_AUTH_SECRET, type TestApp } from "./support/test-app.ts";
import { standardHeaders, startWebhookReceiver, type WebhookReceiver } from "./support/webhook-receiver.ts";

// The deployed shape: the API writes the outbox, a separate worker (apps/worker) relays it to
// BullMQ on real Redis and delivers. Its log lines are kept to show the secret never reaches them.

const logLines: string[] = [];
const keep =
  (level: string) =>
  (obj: object | string, msg?: string): void => {
    logLines.push(`${level} ${typeof obj === "string" ? obj : JSON.stringify(obj)} ${msg ?? ""}`);
  };
const capturingLogger: Logger = { info: keep("info"), warn: keep("warn"), error: keep("error"), debug: keep("debug") };

let app: TestApp;
let worker: Awaited<ReturnType<typeof startWorker>> | undefined;
let hooks: WebhookReceiver;
let p: PackageOrg;
const redisUrl = testRedisUrl();
const prefix = testRedisPrefix();

beforeAll(async () => {
  hooks = await startWebhookReceiver();
  const env = { REDIS_URL: redisUrl, REDIS_PREFIX: prefix, OUTBOUND_ALLOWED_HOSTS: "127.0.0.1,localhost" };
  app = await startTestApp(env);
  expect(app.server.inProcessJobs).toBe(false);
  worker = await startWorker(
    { ...env, DATABASE_URL: app.server.config.DATABASE_URL, AUTH_SECRET: TEST_AUTH_SECRET, LOG_LEVEL: "debug" },
    capturingLogger,
  );
  p = await packageOrg(app.server.db, app.url);
});
afterAll(async () => {
  await worker?.close();
  await app?.close();
  await hooks?.close();
  await deleteRedisKeys(redisUrl, prefix);
});

describe("webhook delivery by the worker over BullMQ", () => {
  it("delivers a signed test event and retries a failure under the same id, never logging the secret", async () => {
    let calls = 0;
    hooks.answer = () => (++calls === 1 ? 503 : 200);
    const base = `/api/v1/organizations/${p.org.organizationId}/webhooks`;
    const created = await p.admin.request<WebhookEndpointWithSecret>("POST", base, {
      json: { url: hooks.url, eventTypes: ["package.completed"] },
    });
    expect(created.status).toBe(201);
    const { endpoint, secret } = created.body;
    const test = await p.admin.request<{ eventId: string }>("POST", `${base}/${endpoint.id}/test`);
    expect(test.status).toBe(202);

    await poll("the failed first attempt and its retry", async () => {
      await app.server.db
        .$executeRaw`UPDATE "OutboxMessage" SET "availableAt" = now() WHERE "jobName" = 'webhook.deliver' AND "publishedAt" IS NULL`;
      return hooks.received.length >= 2;
    });
    expect(hooks.received.map((entry) => entry.headers["webhook-id"])).toEqual([test.body.eventId, test.body.eventId]);
    for (const entry of hooks.received) {
      expect(new Webhook(secret).verify(entry.body, standardHeaders(entry))).toEqual(entry.json);
    }
    const log = await poll("both attempts logged", async () => {
      const reply = await p.admin.get<WebhookDeliveryList>(`${base}/${endpoint.id}/deliveries`);
      return reply.body.count === 2 ? reply.body : null;
    });
    expect(log.records.map((delivery) => [delivery.attempt, delivery.statusCode])).toEqual([
      [2, 200],
      [1, 503],
    ]);
    const bare = secret.slice("whsec_".length);
    expect(logLines.filter((line) => line.includes(bare) || line.includes("whsec_"))).toEqual([]);
  });

  it("loses no event while no worker runs: the outbox keeps it until a worker is back", async () => {
    hooks.answer = () => 200;
    const before = hooks.received.length;
    await worker?.close();
    worker = undefined;
    const base = `/api/v1/organizations/${p.org.organizationId}/webhooks`;
    const created = await p.admin.request<WebhookEndpointWithSecret>("POST", base, {
      json: { url: hooks.url, eventTypes: ["package.sent"] },
    });
    const test = await p.admin.request<{ eventId: string }>("POST", `${base}/${created.body.endpoint.id}/test`);
    expect(test.status).toBe(202);
    const waiting = await app.server.db.outboxMessage.findFirstOrThrow({
      where: { idempotencyKey: { contains: test.body.eventId } },
    });
    expect(waiting.publishedAt).toBeNull();
    expect(hooks.received.length).toBe(before);

    worker = await startWorker(
      {
        REDIS_URL: redisUrl,
        REDIS_PREFIX: prefix,
        OUTBOUND_ALLOWED_HOSTS: "127.0.0.1,localhost",
        DATABASE_URL: app.server.config.DATABASE_URL,
        AUTH_SECRET: TEST_AUTH_SECRET,
      },
      capturingLogger,
    );
    const delivered = await poll("the delivery after the restart", async () =>
      hooks.received.find((entry) => entry.json.id === test.body.eventId),
    );
    expect(new Webhook(created.body.secret).verify(delivered.body, standardHeaders(delivered))).toEqual(delivered.json);
  });
});
