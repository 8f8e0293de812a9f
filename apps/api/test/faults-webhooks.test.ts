import type { WebhookEndpointWithSecret } from "@signet/contract";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type FaultStack, startFaultStack } from "./support/fault-stack.ts";
import { type PackageOrg, packageOrg } from "./support/package-fixtures.ts";
import { poll, sleep } from "./support/poll.ts";
import { type ReceiverAnswer, startWebhookReceiver, type WebhookReceiver } from "./support/webhook-receiver.ts";

// Issue 29 §3, webhooks: deliveries by the worker to a real receiver that can hold its answer,
// fail, never answer or answer garbage, with the worker killed and Redis and PostgreSQL cut under
// it. Webhooks are at-least-once by specification (Standard Webhooks): a worker that dies between
// the POST and its record posts that attempt again with the same webhook-id, and the receiver
// deduplicates on it. So the receiving side here counts what it processed by webhook-id: each
// event is processed (answered 2xx) and, deduplicated, once; Signet's log holds one success each.

let stack: FaultStack;
let hooks: WebhookReceiver;
let p: PackageOrg;
let base: string;
let endpointId: string;
const db = () => stack.app.server.db;
/** How the receiver answers the next request (then 200 again). */
let nextAnswer: (() => Promise<ReceiverAnswer>) | null = null;
/** the webhook-ids the receiver answered 2xx, in order (a repeat is one it deduplicates) */
const processed: string[] = [];

beforeAll(async () => {
  hooks = await startWebhookReceiver();
  hooks.answer = async (request) => {
    const decide = nextAnswer;
    nextAnswer = null;
    const answer = decide ? await decide() : 200;
    if (typeof answer === "number" && answer < 300) processed.push(String(request.headers["webhook-id"]));
    return answer;
  };
  stack = await startFaultStack({});
  p = await packageOrg(db(), stack.app.url);
  base = `/api/v1/organizations/${p.org.organizationId}/webhooks`;
  const created = await p.admin.request<WebhookEndpointWithSecret>("POST", base, {
    json: { url: hooks.url, eventTypes: ["package.completed"] },
  });
  expect(created.status).toBe(201);
  endpointId = created.body.endpoint.id;
}, 60_000);
afterAll(async () => {
  await stack?.close();
  await hooks?.close();
}, 60_000);
beforeEach(() => stack.ensureWorker(), 120_000);

/** A test event through the product's own route: one event, delivered through the outbox. */
async function testEvent(): Promise<string> {
  const sent = await p.admin.request<{ eventId: string }>("POST", `${base}/${endpointId}/test`);
  expect(sent.status).toBe(202);
  return sent.body.eventId;
}

/** The retry of a failed attempt waits 5 s or more: due now. */
const hurryRetries = () =>
  db()
    .$executeRaw`UPDATE "OutboxMessage" SET "availableAt" = now() WHERE "jobName" = 'webhook.deliver' AND "publishedAt" IS NULL`;

/** The receiver processed the event (deduplicated: once) and Signet recorded one successful delivery. */
async function expectProcessedOnce(eventId: string) {
  const deliveries = await poll(
    `the event ${eventId} to be delivered`,
    async () => {
      await hurryRetries();
      const rows = await db().webhookDelivery.findMany({ where: { eventId }, orderBy: { attempt: "asc" } });
      return rows.some((row) => row.succeeded) ? rows : null;
    },
    { timeoutMs: 30_000 },
  );
  expect(new Set(processed.filter((id) => id === eventId))).toEqual(new Set([eventId]));
  expect(deliveries.filter((row) => row.succeeded)).toHaveLength(1);
  // every request for the event carried its id, whatever the attempt
  const requests = hooks.received.filter((entry) => entry.json.id === eventId);
  expect(requests.map((entry) => entry.headers["webhook-id"])).toEqual(requests.map(() => eventId));
  return { deliveries, requests };
}

describe("the webhook fault matrix", { timeout: 120_000 }, () => {
  it("a worker killed while the receiver holds its answer: the new worker posts it again, same webhook-id", async () => {
    let release!: (answer: ReceiverAnswer) => void;
    let held!: () => void;
    const reached = new Promise<void>((resolve) => {
      held = resolve;
    });
    nextAnswer = () =>
      new Promise((resolve) => {
        release = resolve;
        held();
      });
    const eventId = await testEvent();
    await reached;
    await stack.crashWorker();
    // the receiver processes what the dead worker sent; the answer never reaches it
    release(200);
    await stack.ensureWorker();
    const { requests } = await expectProcessedOnce(eventId);
    expect(requests).toHaveLength(2);
    expect(processed.filter((id) => id === eventId)).toHaveLength(2);
  });

  it("Redis goes down while events happen and comes back: each is processed once", async () => {
    stack.redis.cut();
    const events = [await testEvent(), await testEvent()];
    await sleep(1500);
    stack.redis.restore();
    for (const eventId of events) await expectProcessedOnce(eventId);
  });

  it("PostgreSQL drops the worker's connections as the receiver answers: processed once, same webhook-id", async () => {
    let release!: (answer: ReceiverAnswer) => void;
    let held!: () => void;
    const reached = new Promise<void>((resolve) => {
      held = resolve;
    });
    nextAnswer = () =>
      new Promise((resolve) => {
        release = resolve;
        held();
      });
    const eventId = await testEvent();
    await reached;
    stack.postgres.cut();
    release(200);
    // the delivery cannot be recorded: the job fails and BullMQ runs it again once PostgreSQL is back
    await sleep(1500);
    stack.postgres.restore();
    await expectProcessedOnce(eventId);
  });

  it.each<[string, ReceiverAnswer]>([
    ["answers 500", 500],
    ["answers garbage", "garbage"],
  ])("the receiver %s: the retry is processed once", async (_, answer) => {
    nextAnswer = async () => answer;
    const eventId = await testEvent();
    const { deliveries } = await expectProcessedOnce(eventId);
    expect(deliveries.map((row) => row.succeeded)).toEqual([false, true]);
  });

  it("the receiver never answers: the attempt times out and the retry is processed once", async () => {
    nextAnswer = async () => "hang";
    const eventId = await testEvent();
    const { deliveries } = await expectProcessedOnce(eventId);
    expect(deliveries.map((row) => [row.succeeded, row.error])).toEqual([
      [false, "No answer within 10000 ms"],
      [true, null],
    ]);
  });
});
