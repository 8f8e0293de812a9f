// The producers of the outbox scenario, in a process of their own as the API is in the product:
// either the product's enqueueOutbox on a pg pool, or BullMQ's Queue.add. Started by forkChild; told
// "start" and "stop" over IPC, it answers how many jobs it added in between.
import { randomUUID } from "node:crypto";
import { createPrismaClient, createRedis, enqueueOutbox } from "@signet/core";
import { bullmq } from "./bullmq.ts";

export interface OutboxProducerEnv {
  /** product: one INSERT on the pool; product-transaction: the INSERT in an interactive transaction */
  OUTBOX_PRODUCER: "product" | "product-transaction" | "bullmq";
  OUTBOX_CONNECTIONS: string;
  OUTBOX_JOB_NAME: string;
  OUTBOX_PREFIX: string;
  DATABASE_URL: string;
  REDIS_URL: string;
  DATABASE_POOL_MAX: string;
  /** jobs added but not yet completed at which the producers wait for the pipeline */
  OUTBOX_MAX_OUTSTANDING: string;
}

export type OutboxProducerMessage = { type: "ready" } | { type: "stopped"; produced: number; errors: number };

const env = process.env as unknown as OutboxProducerEnv;
const jobName = env.OUTBOX_JOB_NAME as "print-mail.poll";
const payload = () => ({ mailingId: randomUUID(), round: 1 });

async function producer(): Promise<{ produce(): Promise<unknown>; close(): Promise<unknown> }> {
  if (env.OUTBOX_PRODUCER !== "bullmq") {
    const db = createPrismaClient(env.DATABASE_URL, { max: Number(env.DATABASE_POOL_MAX) });
    const enqueue = (runner: Parameters<typeof enqueueOutbox>[0]) =>
      enqueueOutbox(runner, jobName, payload(), `bench:${randomUUID()}`);
    return {
      produce: () => (env.OUTBOX_PRODUCER === "product" ? enqueue(db) : db.$transaction((tx) => enqueue(tx))),
      close: () => db.$disconnect(),
    };
  }
  const connection = createRedis(env.REDIS_URL);
  connection.on("error", () => {});
  const queue = new bullmq.Queue("bench", { connection, prefix: env.OUTBOX_PREFIX });
  return {
    // the publisher's job options (bullmq-queues.ts), so both sides ask Redis the same
    produce: () =>
      queue.add(
        jobName,
        { payload: payload() },
        { jobId: randomUUID(), removeOnComplete: { count: 1000 }, removeOnFail: { count: 5000 } },
      ),
    close: async () => {
      await queue.close();
      await connection.quit();
    },
  };
}

const side = await producer();
let producing = false;
let started = 0;
let produced = 0;
let errors = 0;
// the jobs the pipeline has completed in this burst, as the orchestrator last said
let completed = 0;
let waiting: (() => void)[] = [];
let loops: Promise<void>[] = [];

const waitForRoom = () => new Promise<void>((resolve) => waiting.push(resolve));
const wakeAll = () => {
  const woken = waiting;
  waiting = [];
  for (const resolve of woken) resolve();
};

type Command = { type: "start" } | { type: "stop" } | { type: "completed"; count: number };
// "start" begins a burst with fresh counts, "completed" makes room, "stop" ends the burst and answers
// the counts; SIGTERM closes
process.on("message", async (message: Command) => {
  if (message.type === "completed") {
    completed = message.count;
    wakeAll();
    return;
  }
  if (message.type === "start") {
    producing = true;
    started = produced = errors = completed = 0;
    loops = Array.from({ length: Number(env.OUTBOX_CONNECTIONS) }, async () => {
      while (producing) {
        if (started - completed >= Number(env.OUTBOX_MAX_OUTSTANDING)) {
          await waitForRoom();
          continue;
        }
        started++;
        await side.produce().then(
          () => produced++,
          () => errors++,
        );
      }
    });
    return;
  }
  producing = false;
  wakeAll();
  await Promise.all(loops);
  process.send?.({ type: "stopped", produced, errors } satisfies OutboxProducerMessage);
});
const exit = () => void side.close().finally(() => process.exit(0));
process.once("SIGTERM", exit);
// the orchestrator died or let go: never outlive it
process.once("disconnect", exit);
process.send?.({ type: "ready" } satisfies OutboxProducerMessage);
