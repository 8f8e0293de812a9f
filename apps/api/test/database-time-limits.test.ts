import { createPrismaClient, type Db, isDatabaseConnectionLost, isDatabaseTimeout } from "@signet/core";
import { createTestDatabase, type TestDatabase } from "@signet/core/testing";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerErrorHandler } from "../src/plugins/error-handler.ts";

// Issue 29 §5: every transaction has a time limit, PostgreSQL ends statements and idle transactions
// that run past theirs, and each case ends as a clear 503 with nothing kept, never a held database.

let database: TestDatabase;
let db: Db;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const kept = async () =>
  Number((await database.db.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM scratch`)[0]!.n);

beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.$executeRaw`CREATE TABLE scratch (id int)`;
  db = createPrismaClient(database.url, {
    max: 2,
    transactionTimeoutMs: 500,
    statementTimeoutMs: 500,
    idleInTransactionTimeoutMs: 1_000,
  });
});

afterAll(async () => {
  await db?.$disconnect();
  await database?.drop();
});

async function failure(work: () => Promise<unknown>): Promise<unknown> {
  try {
    await work();
  } catch (error) {
    return error;
  }
  throw new Error("the work did not fail");
}

describe("database time limits", () => {
  it("a transaction past its limit is undone and says so", async () => {
    const error = await failure(() =>
      db.$transaction(async (tx) => {
        await tx.$executeRaw`INSERT INTO scratch VALUES (1)`;
        await sleep(800);
        await tx.$executeRaw`INSERT INTO scratch VALUES (2)`;
      }),
    );
    expect(isDatabaseTimeout(error)).toBe(true);
    expect(await kept()).toBe(0);
  });

  it("a statement past its limit is ended by PostgreSQL", async () => {
    const started = Date.now();
    const error = await failure(() => db.$executeRaw`SELECT pg_sleep(5)`);
    expect(isDatabaseTimeout(error)).toBe(true);
    expect(Date.now() - started).toBeLessThan(4_000);
  });

  it("a transaction left idle is ended by PostgreSQL, its locks released, and the client goes on", async () => {
    const held = createPrismaClient(database.url, {
      max: 1,
      transactionTimeoutMs: 10_000,
      idleInTransactionTimeoutMs: 300,
    });
    try {
      const error = await failure(() =>
        held.$transaction(async (tx) => {
          await tx.$executeRaw`INSERT INTO scratch VALUES (3)`;
          await sleep(1_000);
          await tx.$executeRaw`INSERT INTO scratch VALUES (4)`;
        }),
      );
      // the server ends the session: the transaction's next statement finds its connection gone
      expect(isDatabaseConnectionLost(error)).toBe(true);
      expect(await kept()).toBe(0);
      expect(await held.$queryRaw`SELECT 1 AS one`).toEqual([{ one: 1 }]);
    } finally {
      await held.$disconnect();
    }
  });

  it("answers 503 with a clear message when a request's transaction runs out of time", async () => {
    const app = Fastify();
    registerErrorHandler(app);
    app.post("/slow", async () =>
      db.$transaction(async (tx) => {
        await sleep(800);
        await tx.$executeRaw`INSERT INTO scratch VALUES (5)`;
        return { ok: true };
      }),
    );
    const reply = await app.inject({ method: "POST", url: "/slow" });
    expect(reply.statusCode).toBe(503);
    expect(reply.json()).toMatchObject({
      code: "DATABASE_TIMEOUT",
      message: expect.stringMatching(/nothing was saved/),
    });
    expect(await kept()).toBe(0);
    await app.close();
  });
});
