import { tmpdir } from "node:os";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/config.ts";
import { createCoreDeps } from "../../src/create-core-deps.ts";
import { createPrismaClient, type Db } from "../../src/db/prisma-client.ts";
import { enqueueOutbox } from "../../src/jobs/enqueue-outbox.ts";
import { createInProcessPublisher } from "../../src/jobs/in-process-publisher.ts";
import type { JobPayload } from "../../src/jobs/job-declarations.ts";
import { runJob } from "../../src/jobs/job-handlers.ts";
import {
  MAX_OUTBOX_ATTEMPTS,
  type OutboxPublisher,
  type OutboxRow,
  relayOutboxBatch,
} from "../../src/jobs/outbox-relay.ts";
import { silentLogger } from "../../src/logger.ts";
import { createMailboxMailer } from "../../src/mail/mailbox-mailer.ts";
import { createTestDatabase, type TestDatabase, watchPoolStatements } from "../../src/testing/index.ts";

let database: TestDatabase;
let db: Db;
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(() => database?.drop());

let counter = 0;
/** A fresh idempotency key per call, so tests in this file never see each other's rows. */
const key = (label: string) => `${label}:${Date.now().toString(36)}:${++counter}`;

const email = (to = "someone@example.com"): JobPayload<"email.send"> => ({
  organizationId: null,
  to,
  template: "password-reset",
  data: { givenName: "Ada", link: "https://signet.example/create-password?request=r&token=t", expiresInMinutes: 60 },
});

async function enqueue(idempotencyKey: string, payload = email(), availableAt?: Date) {
  await db.$transaction((tx) => enqueueOutbox(tx, "email.send", payload, idempotencyKey, availableAt));
  return db.outboxMessage.findUniqueOrThrow({ where: { idempotencyKey } });
}

/** Keeps every publish call; the relay works on all due rows, so tests filter by their own keys. */
function recordingPublisher(behaviour: (row: OutboxRow) => Promise<void> = async () => {}) {
  const calls: OutboxRow[] = [];
  const publish: OutboxPublisher = async (row) => {
    calls.push(row);
    await behaviour(row);
    return "published";
  };
  return { calls, publish, keys: () => calls.map((row) => row.idempotencyKey) };
}

/** Publishes into the void: used to clear what earlier tests left due. */
const discard: OutboxPublisher = async () => "published";

/** Relays until nothing is due, like startOutboxRelay does while there is work. */
async function drain(publish: OutboxPublisher, client: Db = db, batchSize = 50) {
  while ((await relayOutboxBatch(client, publish, batchSize)) > 0) {}
}

describe("enqueueOutbox", () => {
  it("records one row per idempotency key; a second enqueue keeps the first payload", async () => {
    const k = key("dedupe");
    await enqueue(k, email("first@example.com"));
    await enqueue(k, email("second@example.com"));
    const rows = await db.outboxMessage.findMany({ where: { idempotencyKey: k } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ queue: "email", jobName: "email.send", attempts: 0, publishedAt: null });
    expect(rows[0]!.payload).toMatchObject({ to: "first@example.com" });
  });

  it("writes nothing when the caller's transaction rolls back", async () => {
    const k = key("rollback");
    await expect(
      db.$transaction(async (tx) => {
        await enqueueOutbox(tx, "email.send", email(), k);
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(await db.outboxMessage.count({ where: { idempotencyKey: k } })).toBe(0);
  });

  it("refuses a payload that does not match the job's schema", async () => {
    const k = key("invalid");
    await expect(
      db.$transaction((tx) => enqueueOutbox(tx, "email.send", { ...email(), to: "not-an-email" }, k)),
    ).rejects.toThrow();
    expect(await db.outboxMessage.count({ where: { idempotencyKey: k } })).toBe(0);
  });

  it("writes the same row on the pool as in a transaction, once per key", async () => {
    const k = key("on-the-pool");
    const availableAt = new Date(Date.now() + 90_000);
    await enqueueOutbox(db, "email.send", email("pool@example.com"), k, availableAt);
    await enqueueOutbox(db, "email.send", email("again@example.com"), k);
    const rows = await db.outboxMessage.findMany({ where: { idempotencyKey: k } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ queue: "email", jobName: "email.send", attempts: 0, publishedAt: null });
    expect(rows[0]!.payload).toMatchObject({ to: "pool@example.com" });
    expect(rows[0]!.availableAt.getTime()).toBe(availableAt.getTime());
    await expect(
      enqueueOutbox(db, "email.send", { ...email(), to: "not-an-email" }, key("invalid-pool")),
    ).rejects.toThrow();
  });
});

describe("enqueueOutbox on the pool", () => {
  it("writes the rows enqueued while another is being written together, in one statement", async () => {
    const keys = Array.from({ length: 12 }, (_, index) => key(`together-${index}`));
    const inserts = watchPoolStatements(db, 'INSERT INTO "OutboxMessage"');
    await Promise.all(keys.map((k) => enqueueOutbox(db, "email.send", email(), k)));
    inserts.restore();
    // the first goes alone at once; the other eleven gathered meanwhile
    expect(inserts.statements()).toBe(2);
    const rows = await db.outboxMessage.findMany({ where: { idempotencyKey: { in: keys } }, orderBy: { id: "asc" } });
    expect(rows.map((row) => row.idempotencyKey)).toEqual(keys);
  });

  it("fails only the row PostgreSQL refuses; the rows written with it are kept", async () => {
    const good = Array.from({ length: 4 }, (_, index) => key(`beside-${index}`));
    // text columns refuse a NUL character
    const refused = key("nul\u0000key");
    const outcomes = await Promise.allSettled(
      [...good.slice(0, 2), refused, ...good.slice(2)].map((k) => enqueueOutbox(db, "email.send", email(), k)),
    );
    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      "fulfilled",
      "fulfilled",
      "rejected",
      "fulfilled",
      "fulfilled",
    ]);
    expect(await db.outboxMessage.count({ where: { idempotencyKey: { in: good } } })).toBe(good.length);
  });
});

describe("relayOutboxBatch", () => {
  it("publishes due rows once, oldest first, and leaves rows that are not yet due", async () => {
    await drain(discard);
    const first = await enqueue(key("due-1"));
    const second = await enqueue(key("due-2"));
    const later = await enqueue(key("later"), email(), new Date(Date.now() + 60_000));
    const publisher = recordingPublisher();

    expect(await relayOutboxBatch(db, publisher.publish)).toBe(2);
    expect(publisher.keys()).toEqual([first.idempotencyKey, second.idempotencyKey]);
    expect(publisher.calls[0]).toMatchObject({ id: first.id, queue: "email", jobName: "email.send", attempts: 0 });
    expect(publisher.calls[0]!.payload).toEqual(first.payload);

    expect(await relayOutboxBatch(db, publisher.publish)).toBe(0);
    expect(publisher.calls).toHaveLength(2);
    for (const row of [first, second]) {
      const after = await db.outboxMessage.findUniqueOrThrow({ where: { id: row.id } });
      expect(after.publishedAt).not.toBeNull();
      expect(after).toMatchObject({ attempts: 1, lastError: null });
    }
    const waiting = await db.outboxMessage.findUniqueOrThrow({ where: { id: later.id } });
    expect(waiting).toMatchObject({ publishedAt: null, attempts: 0 });
  });

  it("keeps a row whose publish failed, with the error and a later retry time; other rows go on", async () => {
    await drain(discard);
    const failing = await enqueue(key("fails"));
    const fine = await enqueue(key("fine"));
    const publisher = recordingPublisher(async (row) => {
      if (row.id === failing.id) throw new Error("redis is down");
    });
    const before = Date.now();

    expect(await relayOutboxBatch(db, publisher.publish)).toBe(2);
    const failed = await db.outboxMessage.findUniqueOrThrow({ where: { id: failing.id } });
    expect(failed).toMatchObject({ publishedAt: null, attempts: 1, lastError: "redis is down" });
    expect(failed.availableAt.getTime()).toBeGreaterThanOrEqual(before + 1_000);
    expect((await db.outboxMessage.findUniqueOrThrow({ where: { id: fine.id } })).publishedAt).not.toBeNull();

    // not due yet: an immediate second pass leaves it alone
    expect(await relayOutboxBatch(db, publisher.publish)).toBe(0);
    expect(publisher.calls).toHaveLength(2);

    // once due it is retried, and a success publishes it
    await db.outboxMessage.update({ where: { id: failing.id }, data: { availableAt: new Date(Date.now() - 1) } });
    const retry = recordingPublisher();
    expect(await relayOutboxBatch(db, retry.publish)).toBe(1);
    expect(retry.calls[0]).toMatchObject({ id: failing.id, attempts: 1 });
    const published = await db.outboxMessage.findUniqueOrThrow({ where: { id: failing.id } });
    expect(published.publishedAt).not.toBeNull();
    expect(published.attempts).toBe(2);
  });

  it(`parks a row after ${MAX_OUTBOX_ATTEMPTS} failed attempts`, async () => {
    await drain(discard);
    const row = await enqueue(key("park"));
    await db.outboxMessage.update({ where: { id: row.id }, data: { attempts: MAX_OUTBOX_ATTEMPTS - 1 } });
    const publisher = recordingPublisher(async () => {
      throw new Error("queue rejected the job");
    });
    expect(await relayOutboxBatch(db, publisher.publish)).toBe(1);
    const parked = await db.outboxMessage.findUniqueOrThrow({ where: { id: row.id } });
    expect(parked).toMatchObject({
      attempts: MAX_OUTBOX_ATTEMPTS,
      lastError: "queue rejected the job",
      processedAt: null,
    });
    expect(parked.publishedAt).not.toBeNull();

    // parked rows are never picked again, even once their retry time has passed
    await db.outboxMessage.update({ where: { id: row.id }, data: { availableAt: new Date(Date.now() - 1) } });
    expect(await relayOutboxBatch(db, publisher.publish)).toBe(0);
    expect(publisher.calls).toHaveLength(1);
  });

  it("never publishes a row twice when two relays run at the same time (SKIP LOCKED)", async () => {
    await drain(discard);
    const keys = Array.from({ length: 16 }, (_, i) => key(`concurrent-${i}`));
    for (const k of keys) await enqueue(k);
    // a second replica: its own connection pool, like another worker process
    const replica = createPrismaClient(database.url, { max: 3 });
    try {
      await replica.$queryRaw`SELECT 1`; // connected before the race starts
      const slow = async () => new Promise<void>((resolve) => setTimeout(resolve, 15));
      const a = recordingPublisher(slow);
      const b = recordingPublisher(slow);
      await Promise.all([drain(a.publish, db, 2), drain(b.publish, replica, 2)]);

      const all = [...a.keys(), ...b.keys()];
      expect(all.sort()).toEqual([...keys].sort());
      expect(new Set(all).size).toBe(all.length);
      // both really worked in parallel (otherwise the test proves nothing)
      expect(a.calls.length).toBeGreaterThan(0);
      expect(b.calls.length).toBeGreaterThan(0);
      const rows = await db.outboxMessage.findMany({ where: { idempotencyKey: { in: keys } } });
      expect(rows.every((row) => row.publishedAt !== null && row.attempts === 1)).toBe(true);
    } finally {
      await replica.$disconnect();
    }
  });
});

describe("in-process publisher (no Redis)", () => {
  it("runs the job inside the relay and marks the row published and processed", async () => {
    await drain(discard);
    const k = key("in-process");
    const row = await enqueue(k, email("inbox@example.com"));
    const config = loadConfig({ DATABASE_URL: database.url });
    const mailer = createMailboxMailer(db, config.MAIL_FROM);
    const deps = createCoreDeps({ db, config, authSecret: "x".repeat(32), dataDir: tmpdir(), logger: silentLogger });
    const publish = createInProcessPublisher({ ...deps, mailer }, runJob);

    let timer: NodeJS.Timeout | undefined;
    const relayed = await Promise.race([
      relayOutboxBatch(db, publish),
      new Promise<"timed out">((resolve) => {
        timer = setTimeout(() => resolve("timed out"), 5_000);
      }),
    ]);
    clearTimeout(timer);
    expect(relayed).toBe(1);

    const after = await db.outboxMessage.findUniqueOrThrow({ where: { id: row.id } });
    expect(after).toMatchObject({ attempts: 1, lastError: null });
    expect(after.publishedAt).not.toBeNull();
    expect(after.processedAt).not.toBeNull();
    const mail = await db.mailMessage.findMany({ where: { idempotencyKey: k } });
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({
      to: "inbox@example.com",
      transport: "mailbox",
      subject: "Reset your Signet password",
    });
  });
});
