import type { BulkSend } from "@signet/contract";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ACCESS_TEST_ENV } from "./support/access-fixtures.ts";
import { HEADER, row, setup, uploadCsv } from "./support/bulk-send-fixtures.ts";
import { type FaultStack, startFaultStack } from "./support/fault-stack.ts";
import { type HttpFaultProxy, startHttpFaultProxy } from "./support/http-fault-proxy.ts";
import { poll } from "./support/poll.ts";
import { type S3Server, startS3Server } from "./support/s3-server.ts";

// Issue 29 §3, bulk send: a CSV's rows made into packages and sent by the worker, with the
// worker killed mid-run, and Redis and PostgreSQL cut under it mid-run. Bulk send calls no external
// service itself (each invitation is an email job, see faults-email.test.ts). The packages are the
// receiving side: every row ends with exactly one package, sent once, and one invitation link per
// participant. Files live in a real S3 server behind a relay that can fail: a file store out for a
// moment under a row retries the row, never fails it.

const ROWS = 6;
let stack: FaultStack;
let s3: S3Server;
let s3Relay: HttpFaultProxy;
let s: Awaited<ReturnType<typeof setup>>;
const db = () => stack.app.server.db;
let started = 0;

beforeAll(async () => {
  s3 = await startS3Server();
  s3Relay = await startHttpFaultProxy(s3.endpoint);
  stack = await startFaultStack({ ...ACCESS_TEST_ENV, ...s3.env, S3_ENDPOINT: s3Relay.url, S3_TIMEOUT_SECONDS: "5" });
  s = await setup(db(), stack.app.url);
}, 60_000);
afterAll(async () => {
  await stack?.close();
  await s3Relay?.close();
  await s3?.stop();
}, 60_000);
beforeEach(() => stack.ensureWorker(), 120_000);

/** Starts a bulk send of ROWS rows whose package names no other case uses. */
async function startBulkSend(): Promise<BulkSend> {
  started += 1;
  const lines = Array.from({ length: ROWS }, (_, index) => row(started * 100 + index));
  const reply = await uploadCsv(s.officer.client, s.b.start(s.template.id), [HEADER, ...lines].join("\r\n"));
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return reply.body as BulkSend;
}

/** Some rows done and some waiting: the run is mid-way. */
const midway = (bulkSendId: string) =>
  poll(
    "the bulk send to be mid-way",
    async () => {
      const sent = await db().bulkSendRow.count({ where: { bulkSendId, status: "SENT" } });
      return sent >= 2 && sent <= ROWS - 2;
    },
    { timeoutMs: 60_000, intervalMs: 20 },
  );

/** Every row made one package, sent once, with one invitation link per participant. */
async function expectEachRowOnce(bulkSendId: string) {
  const done = await poll(
    "the bulk send to complete",
    async () => {
      const view = await db().bulkSend.findUniqueOrThrow({ where: { id: bulkSendId } });
      return view.status === "COMPLETED" ? view : null;
    },
    { timeoutMs: 90_000, intervalMs: 200 },
  );
  expect([done.sentCount, done.failedCount, done.skippedCount]).toEqual([ROWS, 0, 0]);
  const rows = await db().bulkSendRow.findMany({ where: { bulkSendId }, orderBy: { line: "asc" } });
  expect(rows.map((r) => r.status)).toEqual(rows.map(() => "SENT"));
  const packageIds = rows.map((r) => r.packageId!);
  expect(new Set(packageIds).size).toBe(ROWS);
  const names = rows.map((_, index) => `Loan ${started * 100 + index}`);
  const packages = await db().package.findMany({ where: { name: { in: names } } });
  expect(packages.map((pkg) => pkg.id).sort()).toEqual([...packageIds].sort());
  const sentEvents = await db().auditEvent.groupBy({
    by: ["streamId"],
    where: { streamId: { in: packageIds }, type: "package.sent" },
    _count: true,
  });
  expect(sentEvents.map((event) => event._count)).toEqual(packageIds.map(() => 1));
  const links = await db().signingLink.groupBy({
    by: ["participantId"],
    where: { packageId: { in: packageIds } },
    _count: true,
  });
  expect(links).toHaveLength(ROWS * 2);
  expect(links.every((link) => link._count === 1)).toBe(true);
}

describe("the bulk send fault matrix", { timeout: 180_000 }, () => {
  it("a worker killed mid-run: a new worker goes on from the row it stopped at, each row once", async () => {
    const bulkSend = await startBulkSend();
    await midway(bulkSend.id);
    await stack.crashWorker();
    await stack.ensureWorker();
    await expectEachRowOnce(bulkSend.id);
  });

  it("Redis goes down mid-run and comes back: each row once", async () => {
    const bulkSend = await startBulkSend();
    await midway(bulkSend.id);
    // the run outlives its lock: BullMQ may hand the job to a second run while the first goes on
    await stack.outage(stack.redis, 3000);
    await expectEachRowOnce(bulkSend.id);
  });

  it("PostgreSQL drops the worker's connections mid-run: each row once", async () => {
    const bulkSend = await startBulkSend();
    await midway(bulkSend.id);
    await stack.outage(stack.postgres, 1500);
    await expectEachRowOnce(bulkSend.id);
  });

  it("the file store fails under a row mid-run: the row is retried, not failed, each row once", async () => {
    const bulkSend = await startBulkSend();
    await midway(bulkSend.id);
    // every attempt of the worker's next three storage calls answers 500: the driver gives up on them
    const before = s3Relay.seen.length;
    s3Relay.set({ kind: "fail", count: 9 });
    await expectEachRowOnce(bulkSend.id);
    expect(s3Relay.seen.length - before).toBeGreaterThanOrEqual(9);
  });
});
