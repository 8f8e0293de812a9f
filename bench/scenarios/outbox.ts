import { randomUUID } from "node:crypto";
import {
  applyMigrations,
  createBullmqPublisher,
  createPrismaClient,
  createRedis,
  type Db,
  enqueueOutbox,
  loadConfig,
  silentLogger,
  startOutboxRelay,
  startQueueWorkers,
} from "@signet/core";
import type { BenchOptions } from "../lib/bench-options.ts";
import { bullmq } from "../lib/bullmq.ts";
import { ratioAtLeast } from "../lib/goals.ts";
import type { LoadSettings, Measurement } from "../lib/measurement.ts";
import { recreateDatabase } from "../lib/recreate-database.ts";
import type { PreparedScenario, Scenario } from "./scenario.ts";

const DATABASE_NAME = "signet_bench_outbox";
// the product's worker concurrency (startBullmqWorkers), used by both sides
const WORKER_CONCURRENCY = 4;
// a job with a small payload; its handler is replaced by a no-op on both sides
const JOB_NAME = "print-mail.poll";

type Redis = ReturnType<typeof createRedis>;

interface Pipeline {
  /** adds one job the way this side adds jobs */
  produce(): Promise<void>;
  /** completed jobs so far */
  completed(): number;
  close(): Promise<void>;
}

/**
 * Jobs per second, end to end: `connections` producers add jobs back to back while the pipeline
 * runs them; the rate is the jobs completed during the measured time (producers outrunning the
 * pipeline only build a backlog, the completions measure the pipeline).
 */
async function measurePipeline(name: string, load: LoadSettings, pipeline: Pipeline): Promise<Measurement> {
  let producing = true;
  let errors = 0;
  const producers = Array.from({ length: load.connections }, async () => {
    while (producing) await pipeline.produce().catch(() => errors++);
  });
  try {
    await new Promise((resolve) => setTimeout(resolve, load.warmupSeconds * 1000));
    const startCount = pipeline.completed();
    const startedAt = performance.now();
    await new Promise((resolve) => setTimeout(resolve, load.durationSeconds * 1000));
    const jobs = pipeline.completed() - startCount;
    const seconds = (performance.now() - startedAt) / 1000;
    return {
      target: name,
      path: "(jobs)",
      connections: load.connections,
      requestsPerSecond: jobs / seconds,
      totalRequests: jobs,
      durationSeconds: seconds,
      p50Ms: Number.NaN,
      p99Ms: Number.NaN,
      errors,
      timeouts: 0,
      non2xx: 0,
      statusCodes: {},
    };
  } finally {
    producing = false;
    await Promise.all(producers);
    await pipeline.close();
  }
}

/**
 * The product's path: an outbox row (enqueueOutbox), the outbox relay (startOutboxRelay with the
 * BullMQ publisher, as the worker process runs them) moving it to BullMQ, and the product's queue
 * workers (startQueueWorkers, which startBullmqWorkers wraps) with a no-op job: what is left is the
 * product's own bookkeeping, the outbox row marked processed in batches. The producers (the API) and
 * the relay with the workers (the worker process) have a pool each, as the two processes do.
 * `inTransaction`: each row is written inside an interactive transaction of its own, as a business
 * change enqueues its work; otherwise as a job queued with no other change (a mailing's next poll,
 * a bulk send's next round): one INSERT on the pool.
 */
function productPipeline(apiDb: Db, workerDb: Db, connection: Redis, prefix: string, inTransaction: boolean): Pipeline {
  const publisher = createBullmqPublisher(connection, prefix);
  const relay = startOutboxRelay(workerDb, publisher.publish, silentLogger);
  let completed = 0;
  const { workers, close: closeWorkers } = startQueueWorkers(
    { db: workerDb, lockSeconds: loadConfig({}).JOB_LOCK_SECONDS, run: async () => {} },
    connection,
    prefix,
    silentLogger,
  );
  for (const worker of workers) worker.on("completed", () => completed++);
  return {
    produce: () => {
      const enqueue = (db: Parameters<typeof enqueueOutbox>[0]) =>
        enqueueOutbox(db, JOB_NAME, { mailingId: randomUUID(), round: 1 }, `bench:${randomUUID()}`);
      return inTransaction ? apiDb.$transaction((tx) => enqueue(tx)) : enqueue(apiDb);
    },
    completed: () => completed,
    async close() {
      await relay.stop();
      await closeWorkers();
      await publisher.close();
    },
  };
}

/** BullMQ alone: Queue.add with the publisher's job options, and a Worker with a no-op handler. */
function bullmqPipeline(connection: Redis, prefix: string): Pipeline {
  const queue = new bullmq.Queue("bench", { connection, prefix });
  let completed = 0;
  const worker = new bullmq.Worker("bench", async () => {}, { connection, prefix, concurrency: WORKER_CONCURRENCY });
  worker.on("completed", () => completed++);
  return {
    produce: async () => {
      await queue.add(
        JOB_NAME,
        { payload: { mailingId: randomUUID(), round: 1 } },
        { jobId: randomUUID(), removeOnComplete: { count: 1000 }, removeOnFail: { count: 5000 } },
      );
    },
    completed: () => completed,
    async close() {
      await worker.close();
      await queue.close();
    },
  };
}

async function deleteKeys(connection: Redis, prefix: string): Promise<void> {
  let cursor = "0";
  do {
    const [next, keys] = await connection.scan(cursor, "MATCH", `${prefix}:*`, "COUNT", 1000);
    if (keys.length > 0) await connection.del(...keys);
    cursor = next;
  } while (cursor !== "0");
}

export const outboxScenario: Scenario = {
  name: "outbox",
  description:
    "Jobs per second end to end, no-op handler: outbox row → relay → BullMQ → worker (the product's " +
    "enqueueOutbox, startOutboxRelay and BullMQ publisher, startQueueWorkers with a " +
    "no-op job: the worker marks the rows processed), the row enqueued on its own (one INSERT) and, for " +
    "information, inside an interactive transaction each, against " +
    `BullMQ alone (Queue.add + Worker), same Redis (REDIS_URL), worker concurrency ${WORKER_CONCURRENCY}; ` +
    "the connections are the producers.",

  async setup(options: BenchOptions): Promise<PreparedScenario> {
    const redisUrl = process.env.REDIS_URL || "redis://127.0.0.1:6379";
    const databaseUrl = await recreateDatabase(options.serverUrl, DATABASE_NAME);
    await applyMigrations(databaseUrl);
    const apiDb = createPrismaClient(databaseUrl, { max: options.poolMax });
    const workerDb = createPrismaClient(databaseUrl, { max: options.poolMax });
    const connection = createRedis(redisUrl);
    connection.on("error", () => {});
    // a prefix of its own: nothing else's keys are touched, and all of these are deleted at the end
    const prefix = `signet-bench-${randomUUID()}`;
    return {
      targets: [
        {
          name: "product: outbox → BullMQ → worker",
          measure: (load) =>
            measurePipeline(
              "product: outbox → BullMQ → worker",
              load,
              productPipeline(apiDb, workerDb, connection, `${prefix}-p`, false),
            ),
          goal: ratioAtLeast(0.5),
        },
        {
          // for information: the same pipeline fed from interactive transactions (no goal; the
          // transaction is the business change's cost, not the outbox's)
          name: "product: outbox in a transaction → BullMQ → worker",
          measure: (load) =>
            measurePipeline(
              "product: outbox in a transaction → BullMQ → worker",
              load,
              productPipeline(apiDb, workerDb, connection, `${prefix}-t`, true),
            ),
        },
        {
          name: "baseline: BullMQ add → worker",
          measure: (load) =>
            measurePipeline("baseline: BullMQ add → worker", load, bullmqPipeline(connection, `${prefix}-b`)),
          baseline: true,
        },
      ],
      async close() {
        await deleteKeys(connection, prefix).catch(() => {});
        await connection.quit().catch(() => {});
        await apiDb.$disconnect();
        await workerDb.$disconnect();
      },
    };
  },
};
