import { randomUUID } from "node:crypto";
import type { WebhookEventPayload } from "@signet/contract";
import {
  applyMigrations,
  type Db,
  generateWebhookSecret,
  recordWebhookEvent,
  webhookSignatureHeader,
} from "@signet/core";
import type { BenchOptions } from "../lib/bench-options.ts";
import { startBenchWorker } from "../lib/bench-worker.ts";
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
// events of a burst per second of --duration: 3,000 at the default 10 s, done within the drain limit
// (bench-worker.ts) even on a busy shared machine, where the product delivered 50–300 a second
const EVENTS_PER_SECOND = 300;
// the receiver has had a burst's deliveries well within this on any machine the bench runs on
const RECEIVE_LIMIT_MS = 120_000;
// events recorded per transaction before a burst, as many audited changes would have
const RECORD_BATCH = 100;

interface Receiver {
  child: ForkedChild;
  url: string;
}

/** Waits until the receiver has had `count` deliveries since its last reset; answers its counts. */
async function received(receiver: Receiver, count: number) {
  receiver.child.send({ type: "wait", count });
  const reached = await receiver.child.nextMessage<WebhookReceiverMessage>("webhook receiver", RECEIVE_LIMIT_MS);
  if (reached.type !== "reached") throw new Error(`webhook receiver: unexpected ${reached.type}`);
  return reached;
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
    const databaseUrl = await recreateDatabase(options.serverUrl, DATABASE_NAME);
    await applyMigrations(databaseUrl);
    // the receiver is on loopback: allowed as an operator allows an internal receiver
    const worker = await startBenchWorker(databaseUrl, { OUTBOUND_ALLOWED_HOSTS: "127.0.0.1" });
    const { db, fieldCipher } = worker.deps;

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
        secretEncrypted: fieldCipher.encrypt(secret),
      },
    });

    /** One burst of the product: events recorded while the relay is stopped, then relayed and delivered. */
    const productBurst = async (events: number) => {
      await recordEvents(db, organization.id, events);
      receiver.child.send({ type: "reset" });
      // the burst ends with the last job's bookkeeping (its delivery log), after its POST
      const seconds = await worker.runBurst(events);
      const { rejected } = await received(receiver, events);
      return { events, seconds, rejected, errors: 0 };
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
      receiver.child.send({ type: "reset" });
      const startedAt = performance.now();
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
      const seconds = (performance.now() - startedAt) / 1000;
      const { rejected } = await received(receiver, events);
      return { events, seconds, rejected, errors };
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
        await worker.close();
        await receiver.child.stop();
      },
    };
  },
};
