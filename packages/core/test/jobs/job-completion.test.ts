import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../src/db/prisma-client.ts";
import { enqueueOutbox } from "../../src/jobs/enqueue-outbox.ts";
import { createJobCompletion } from "../../src/jobs/job-completion.ts";
import { silentLogger } from "../../src/logger.ts";
import { createTestDatabase, type TestDatabase } from "../../src/testing/index.ts";

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

/** Counts the statements the marks send (the completion writes with $executeRaw). */
function countingDb() {
  let statements = 0;
  const counted = new Proxy(db, {
    get(target, property, receiver) {
      if (property === "$executeRaw") {
        return (...args: Parameters<Db["$executeRaw"]>) => {
          statements++;
          return target.$executeRaw(...args);
        };
      }
      return Reflect.get(target, property, receiver);
    },
  });
  return { db: counted, statements: () => statements };
}

describe("createJobCompletion", () => {
  it("marks the rows of jobs finishing together in one statement", async () => {
    const keys = Array.from({ length: 6 }, (_, index) => `completion:${Date.now()}:${index}`);
    for (const key of keys) await enqueue(key);
    const counting = countingDb();
    const completion = createJobCompletion(counting.db, silentLogger);

    for (const key of keys) completion.mark(key);
    await completion.close();

    expect(counting.statements()).toBe(1);
    const rows = await db.outboxMessage.findMany({ where: { idempotencyKey: { in: keys } } });
    expect(rows).toHaveLength(keys.length);
    expect(rows.every((row) => row.processedAt !== null)).toBe(true);
  });

  it("keeps the first processedAt when a job runs again, and marks later jobs in a later statement", async () => {
    const first = `completion-again:${Date.now()}`;
    await enqueue(first);
    const counting = countingDb();
    const completion = createJobCompletion(counting.db, silentLogger);
    completion.mark(first);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(counting.statements()).toBe(1);
    const marked = (await db.outboxMessage.findUniqueOrThrow({ where: { idempotencyKey: first } })).processedAt;
    await new Promise((resolve) => setTimeout(resolve, 20));

    completion.mark(first);
    await completion.close();
    expect(counting.statements()).toBe(2);
    const again = await db.outboxMessage.findUniqueOrThrow({ where: { idempotencyKey: first } });
    expect(again.processedAt).toEqual(marked);
  });

  it("writes the marks of a statement that failed again, in a later statement", async () => {
    const keys = [`completion-retry:${Date.now()}:a`, `completion-retry:${Date.now()}:b`];
    for (const key of keys) await enqueue(key);
    let failures = 0;
    const flaky = new Proxy(db, {
      get(target, property, receiver) {
        if (property === "$executeRaw") {
          return (...args: Parameters<Db["$executeRaw"]>) =>
            failures++ === 0 ? Promise.reject(new Error("database gone")) : target.$executeRaw(...args);
        }
        return Reflect.get(target, property, receiver);
      },
    });
    const completion = createJobCompletion(flaky, silentLogger);
    for (const key of keys) completion.mark(key);
    await expect
      .poll(async () => db.outboxMessage.count({ where: { idempotencyKey: { in: keys }, processedAt: { not: null } } }))
      .toBe(2);
    expect(failures).toBe(2);
    await completion.close();
  });
});
