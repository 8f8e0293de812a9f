import { randomBytes, randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { WebhookEventPayload } from "@signet/contract";
import {
  applyMigrations,
  createBullmqPublisher,
  createCoreDeps,
  createMailer,
  createPrismaClient,
  createRedis,
  type Db,
  generateWebhookSecret,
  loadConfig,
  recordWebhookEvent,
  runJob,
  silentLogger,
  startBullmqWorkers,
  startOutboxRelay,
  webhookSignatureHeader,
} from "@signet/core";
import type { BenchOptions } from "../lib/bench-options.ts";
import { deleteRedisKeys } from "../lib/delete-redis-keys.ts";
import { type ForkedChild, forkChild } from "../lib/fork-child.ts";
import { ratioAtLeast } from "../lib/goals.ts";
import type { LoadSettings, Measurement } from "../lib/measurement.ts";
import { recreateDatabase } from "../lib/recreate-database.ts";
import { undici } from "../lib/undici.ts";
import type { WebhookReceiverEnv, WebhookReceiverMessage } from "../lib/webhook-receiver-child.ts";
import type { PreparedScenario, Scenario } from "./scenario.ts";

const DATABASE_NAME = "signet_bench_webhook_delivery";
// the product's delivery concurrency (startQueueWorkers), used by both sides
const WORKER_CONCURRENCY = 4;
// events of a burst per second of --duration: 5,000 at the default 10 s
const EVENTS_PER_SECOND = 500;
// a burst's events are delivered well within this on any machine the bench runs on
const DRAIN_LIMIT_MS = 120_000;
// events recorded per transaction before a burst, as many audited changes would have
const RECORD_BATCH = 100;
// what the worker's pool has (start-worker.ts)
const WORKER_POOL_MAX = 5;

interface Receiver {
  child: ForkedChild;
  url: string;
}

/**
 * Resets the receiver's counts, runs `send`, and waits until the receiver has had `count` deliveries;
 * answers its counts and when `send` started.
 */
async function receive(receiver: Receiver, count: number, send: () => Promise<void>) {
  receiver.child.send({ type: "reset" });
  const startedAt = performance.now();
  await send();
  receiver.child.send({ type: "wait", count });
  const reached = await receiver.child.nextMessage<WebhookReceiverMessage>("webhook receiver", DRAIN_LIMIT_MS);
  if (reached.type !== "reached") throw new Error(`webhook receiver: unexpected ${reached.type}`);
  return { ...reached, startedAt };
}

function measurement(
  target: string,
  connections: number,
  burst: { events: number; seconds: number; rejected: number; errors: number },
): Measurement {
  return {
    target,
    path: "(events)",
    connections,
    requestsPerSecond: burst.events / burst.seconds,
    totalRequests: burst.events,
    durationSeconds: burst.seconds,
    p50Ms: Number.NaN,
    p99Ms: Number.NaN,
    errors: burst.errors,
    timeouts: 0,
    non2xx: burst.rejected,
    statusCodes: {},
  };
}

/**
 * `count` package.completed events, recorded as an audited change records them (recordWebhookEvent
 * in the change's transaction: the event, and the outbox row of its delivery to the subscription).
 */
async function recordEvents(db: Db, organizationId: string, count: number) {
  for (let done = 0; done < count; done += RECORD_BATCH) {
    await db.$transaction(
      async (tx) => {
        for (let i = done; i < Math.min(count, done + RECORD_BATCH); i++) {
          const change = {
            organizationId,
            streamType: "package",
            streamId: randomUUID(),
            type: "package.completed",
            data: { from: "AVAILABLE_TO_SIGNERS", to: "COMPLETED" },
          };
          await recordWebhookEvent(tx, change, new Date());
        }
      },
      { timeout: 60_000 },
    );
  }
}

const burstSizes = (load: LoadSettings) =>
  [load.warmupSeconds, load.durationSeconds].filter((seconds) => seconds > 0).map((s) => s * EVENTS_PER_SECOND);

export const webhookDeliveryScenario: Scenario = {
  name: "webhook-delivery",
  description:
    "Webhook events a second, delivered and verified at a local receiver (node:http in a process of its " +
    "own checking each Standard Webhooks signature with the subscription's secret): a burst of " +
    "package.completed events recorded as audited changes record them (event + outbox row), then from " +
    "the relay's start until the receiver verified all of them and the worker finished their jobs — " +
    "outbox relay → BullMQ → the product's delivery job (reads, signature, POST through the outbound " +
    "policy, the delivery log) — against a bare client (undici fetch, keep-alive) posting the same " +
    `events' bodies, signed, to the same receiver; concurrency ${WORKER_CONCURRENCY} on both sides.`,
  connections: WORKER_CONCURRENCY,

  async setup(options: BenchOptions): Promise<PreparedScenario> {
    const redisUrl = process.env.REDIS_URL || "redis://127.0.0.1:6379";
    const databaseUrl = await recreateDatabase(options.serverUrl, DATABASE_NAME);
    await applyMigrations(databaseUrl);
    const authSecret = randomBytes(32).toString("hex");
    // the receiver is on loopback: allowed as an operator allows an internal receiver
    const config = loadConfig({
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      AUTH_SECRET: authSecret,
      OUTBOUND_ALLOWED_HOSTS: "127.0.0.1",
    });
    const db = createPrismaClient(databaseUrl, { max: WORKER_POOL_MAX });
    const dataDir = await mkdtemp(join(tmpdir(), "signet-bench-webhooks-"));
    const deps = createCoreDeps({ db, config, authSecret, dataDir, logger: silentLogger });
    const mailer = createMailer(db, config);

    const secret = generateWebhookSecret();
    const child = forkChild(new URL("../lib/webhook-receiver-child.ts", import.meta.url), {
      WEBHOOK_SECRET: secret,
    } satisfies WebhookReceiverEnv);
    const listening = await child.nextMessage<WebhookReceiverMessage>("webhook receiver start", 30_000);
    if (listening.type !== "listening") throw new Error(`webhook receiver: unexpected ${listening.type}`);
    const receiver: Receiver = { child, url: listening.url };

    const organization = await db.organization.create({
      data: { name: "Webhook bench", nameKey: "webhook-bench" },
      select: { id: true },
    });
    await db.webhookEndpoint.create({
      data: {
        organizationId: organization.id,
        url: receiver.url,
        eventTypes: ["package.completed"],
        secretEncrypted: deps.fieldCipher.encrypt(secret),
      },
    });

    // the worker process's pieces (start-worker.ts): a relay publishing to BullMQ, the queue workers
    // running the product's jobs, each on a Redis connection of its own
    const prefix = `signet-bench-${randomUUID()}`;
    const publisherConnection = createRedis(redisUrl);
    const workerConnection = createRedis(redisUrl);
    for (const connection of [publisherConnection, workerConnection]) connection.on("error", () => {});
    const publisher = createBullmqPublisher(publisherConnection, prefix);
    const workers = startBullmqWorkers({ ...deps, mailer }, runJob, workerConnection, prefix, silentLogger);
    let completed = 0;
    for (const worker of workers.workers) worker.on("completed", () => completed++);

    /** One burst of the product: events recorded while the relay is stopped, then relayed and delivered. */
    const productBurst = async (events: number) => {
      await recordEvents(db, organization.id, events);
      const completedBefore = completed;
      let relay: ReturnType<typeof startOutboxRelay> | undefined;
      const received = await receive(receiver, events, async () => {
        relay = startOutboxRelay(db, publisher.publish, silentLogger);
      });
      // each job's bookkeeping (the delivery log) comes after its POST: the burst ends with the last one
      const drainBy = performance.now() + DRAIN_LIMIT_MS;
      while (completed - completedBefore < events) {
        if (performance.now() > drainBy) throw new Error("webhook-delivery: jobs not finished after the burst");
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      const seconds = (performance.now() - received.startedAt) / 1000;
      await relay?.stop();
      return { events, seconds, rejected: received.rejected, errors: 0 };
    };

    const agent = new undici.Agent({ connections: WORKER_CONCURRENCY });
    /** One burst of the bare client: the bodies of the product's first `events` events, each signed and posted. */
    const baselineBurst = async (events: number) => {
      const rows = await db.webhookEvent.findMany({
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
        take: events,
        select: { id: true, payload: true },
      });
      if (rows.length < events) throw new Error("webhook-delivery: the baseline posts the product's events; run both");
      let next = 0;
      let errors = 0;
      const received = await receive(receiver, events, async () => {
        await Promise.all(
          Array.from({ length: WORKER_CONCURRENCY }, async () => {
            for (let index = next++; index < rows.length; index = next++) {
              const row = rows[index]!;
              const body = JSON.stringify(row.payload as unknown as WebhookEventPayload);
              const timestamp = Math.floor(Date.now() / 1000);
              try {
                const response = await undici.fetch(receiver.url, {
                  method: "POST",
                  headers: {
                    "content-type": "application/json",
                    "webhook-id": row.id,
                    "webhook-timestamp": String(timestamp),
                    "webhook-signature": webhookSignatureHeader([secret], row.id, timestamp, body),
                  },
                  body,
                  dispatcher: agent,
                });
                await response.text();
              } catch {
                errors++;
              }
            }
          }),
        );
      });
      return { events, seconds: (performance.now() - received.startedAt) / 1000, rejected: received.rejected, errors };
    };

    const target = (name: string, burst: (events: number) => Promise<Parameters<typeof measurement>[2]>) => ({
      name,
      measure: async (load: LoadSettings) => {
        let last: Parameters<typeof measurement>[2] | undefined;
        // the warm-up burst first, then the measured one
        for (const events of burstSizes(load)) last = await burst(events);
        return measurement(name, WORKER_CONCURRENCY, last!);
      },
    });

    return {
      targets: [
        {
          ...target("product: outbox → BullMQ → delivery job → receiver", productBurst),
          goal: ratioAtLeast(0.5),
        },
        { ...target("baseline: bare client posting the signed bodies", baselineBurst), baseline: true },
      ],
      async close() {
        await agent.close().catch(() => {});
        await workers.close();
        await publisher.close();
        await deleteRedisKeys(publisherConnection, prefix).catch(() => {});
        await Promise.all([publisherConnection.quit(), workerConnection.quit()]).catch(() => {});
        await mailer.close();
        await receiver.child.stop();
        await db.$disconnect();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  },
};
