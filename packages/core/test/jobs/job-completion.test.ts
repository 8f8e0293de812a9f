import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../src/db/prisma-client.ts";
import { enqueueOutbox } from "../../src/jobs/enqueue-outbox.ts";
import { createJobCompletion } from "../../src/jobs/job-completion.ts";
import { silentLogger } from "../../src/logger.ts";
import { createTestDatabase, type TestDatabase, watchPoolStatements } from "../../src/testing/index.ts";

let database: TestDatabase;
let db: Db;
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(() => database?.drop());

async function enqueue(idempotencyKey: string) {
  await db.$transaction((tx) =>
    enqueueOutbox(tx, "print-mail.poll", { mailingId: crypto.randomUUID(), round: 1 }, idempotencyKey),
  );
}

const MARK = '"processedAt" = now()';

describe("createJobCompletion", () => {
  it("marks the rows of jobs finishing a few milliseconds apart in one statement", async () => {
    const keys = Array.from({ length: 6 }, (_, index) => `completion:${Date.now()}:${index}`);
    for (const key of keys) await enqueue(key);
    const marks = watchPoolStatements(db, MARK);
    const completion = createJobCompletion(db, silentLogger);
    const processed = () =>
      db.outboxMessage.count({ where: { idempotencyKey: { in: keys }, processedAt: { not: null } } });

    // a worker finishes its jobs a few at a time
    for (const key of keys.slice(0, 3)) completion.mark(key);
    await new Promise((resolve) => setTimeout(resolve, 20));
    for (const key of keys.slice(3)) completion.mark(key);
    await expect.poll(processed).toBe(keys.length);
    await completion.close();
    marks.restore();

    expect(marks.statements()).toBe(1);
  });

  it("writes what is pending at once when closed", async () => {
    const key = `completion-close:${Date.now()}`;
    await enqueue(key);
    const completion = createJobCompletion(db, silentLogger);
    completion.mark(key);
    await completion.close();
    expect((await db.outboxMessage.findUniqueOrThrow({ where: { idempotencyKey: key } })).processedAt).not.toBeNull();
  });

  it("keeps the first processedAt when a job runs again, and marks later jobs in a later statement", async () => {
    const first = `completion-again:${Date.now()}`;
    await enqueue(first);
    const marks = watchPoolStatements(db, MARK);
    const completion = createJobCompletion(db, silentLogger);
    completion.mark(first);
    const processedAt = async () =>
      (await db.outboxMessage.findUniqueOrThrow({ where: { idempotencyKey: first } })).processedAt;
    await expect.poll(processedAt).not.toBeNull();
    expect(marks.statements()).toBe(1);
    const marked = await processedAt();
    await new Promise((resolve) => setTimeout(resolve, 20));

    completion.mark(first);
    await completion.close();
    marks.restore();
    expect(marks.statements()).toBe(2);
    const again = await db.outboxMessage.findUniqueOrThrow({ where: { idempotencyKey: first } });
    expect(again.processedAt).toEqual(marked);
  });

  it("writes the marks of a statement that failed again, in a later statement", async () => {
    const keys = [`completion-retry:${Date.now()}:a`, `completion-retry:${Date.now()}:b`];
    for (const key of keys) await enqueue(key);
    let failures = 0;
    const marks = watchPoolStatements(db, MARK, (send) =>
      failures++ === 0 ? Promise.reject(new Error("database gone")) : send(),
    );
    const completion = createJobCompletion(db, silentLogger);
    for (const key of keys) completion.mark(key);
    await expect
      .poll(async () => db.outboxMessage.count({ where: { idempotencyKey: { in: keys }, processedAt: { not: null } } }))
      .toBe(2);
    expect(failures).toBe(2);
    await completion.close();
    marks.restore();
  });
});
