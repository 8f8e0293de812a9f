import { randomUUID } from "node:crypto";
import {
  applyMigrations,
  createBullmqPublisher,
  createPrismaClient,
  createRedis,
  type Db,
  loadConfig,
  silentLogger,
  startOutboxRelay,
  startQueueWorkers,
} from "@signet/core";
import type { BenchOptions } from "../lib/bench-options.ts";
import { bullmq } from "../lib/bullmq.ts";
import { deleteRedisKeys } from "../lib/delete-redis-keys.ts";
import { type ForkedChild, forkChild } from "../lib/fork-child.ts";
import { ratioAtLeast } from "../lib/goals.ts";
import type { LoadSettings, Measurement } from "../lib/measurement.ts";
import type { OutboxProducerEnv, OutboxProducerMessage } from "../lib/outbox-producer-child.ts";
import { recreateDatabase } from "../lib/recreate-database.ts";
import type { PreparedScenario, Scenario } from "./scenario.ts";

const DATABASE_NAME = "signet_bench_outbox";
// the product's worker concurrency (startBullmqWorkers), used by both sides
const WORKER_CONCURRENCY = 4;
// a job with a small payload; its handler is replaced by a no-op on both sides
const JOB_NAME = "print-mail.poll";
// a burst's backlog is done well within this on any machine the bench runs on
const DRAIN_LIMIT_MS = 120_000;
// producers ahead of the pipeline by this many jobs wait: BullMQ alone adds jobs three times as fast
// as its worker runs them, and an unbounded backlog took over a gigabyte of Redis
const MAX_OUTSTANDING = 20_000;

type Redis = ReturnType<typeof createRedis>;

interface Pipeline {
  /** completed jobs so far */
  completed(): number;
  close(): Promise<void>;
}

interface Producers {
  kind: OutboxProducerEnv["OUTBOX_PRODUCER"];
  databaseUrl: string;
  redisUrl: string;
  prefix: string;
  poolMax: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One burst: the producers add jobs back to back for `seconds` (waiting while MAX_OUTSTANDING are
 * not done), then stop; the burst ends when the
 * pipeline has completed every job they added. Its rate is those jobs over the whole time, from the
 * first add to the last completion, so every job's whole cost is in it. (Counting the completions
 * during a fixed time instead rewarded the cheaper producer: producers outrunning the pipeline
 * build a backlog with CPU the pipeline then lacks, and the backlog is never counted.)
 */
async function burst(child: ForkedChild, pipeline: Pipeline, seconds: number) {
  const completedBefore = pipeline.completed();
  const startedAt = performance.now();
  child.send({ type: "start" });
  const report = setInterval(
    () => child.send({ type: "completed", count: pipeline.completed() - completedBefore }),
    20,
  );
  await sleep(seconds * 1000);
  clearInterval(report);
  child.send({ type: "stop" });
  const stopped = await child.nextMessage<OutboxProducerMessage>("outbox producers stop", 30_000);
  if (stopped.type !== "stopped") throw new Error(`outbox producers: unexpected ${stopped.type}`);
  const drainBy = performance.now() + DRAIN_LIMIT_MS;
  while (pipeline.completed() - completedBefore < stopped.produced) {
    if (performance.now() > drainBy) {
      throw new Error(
        `outbox: ${stopped.produced - (pipeline.completed() - completedBefore)} jobs not done after the burst`,
      );
    }
    await sleep(5);
  }
  return { jobs: stopped.produced, errors: stopped.errors, seconds: (performance.now() - startedAt) / 1000 };
}

/**
 * Jobs per second, end to end: `connections` producers in a process of their own (as the API is, in
 * the product) feed the pipeline in this process (as the worker process is); a warm-up burst, then
 * the measured one (see burst).
 */
async function measurePipeline(name: string, load: LoadSettings, producers: Producers, pipeline: Pipeline) {
  const child = forkChild(new URL("../lib/outbox-producer-child.ts", import.meta.url), {
    OUTBOX_PRODUCER: producers.kind,
    OUTBOX_CONNECTIONS: String(load.connections),
    OUTBOX_JOB_NAME: JOB_NAME,
    OUTBOX_PREFIX: producers.prefix,
    DATABASE_URL: producers.databaseUrl,
    REDIS_URL: producers.redisUrl,
    DATABASE_POOL_MAX: String(producers.poolMax),
    OUTBOX_MAX_OUTSTANDING: String(MAX_OUTSTANDING),
  } satisfies OutboxProducerEnv);
  try {
    await child.nextMessage<OutboxProducerMessage>("outbox producers start", 30_000);
    await burst(child, pipeline, load.warmupSeconds);
    const measured = await burst(child, pipeline, load.durationSeconds);
    return {
      target: name,
      path: "(jobs)",
      connections: load.connections,
      requestsPerSecond: measured.jobs / measured.seconds,
      totalRequests: measured.jobs,
      durationSeconds: measured.seconds,
      p50Ms: Number.NaN,
      p99Ms: Number.NaN,
      errors: measured.errors,
      timeouts: 0,
      non2xx: 0,
      statusCodes: {},
    } satisfies Measurement;
  } finally {
    await child.stop();
    await pipeline.close();
  }
}

/**
 * The product's path: outbox rows (enqueueOutbox, in the producers' process), the outbox relay
 * (startOutboxRelay with the BullMQ publisher, as the worker process runs them) moving them to
 * BullMQ, and the product's queue workers (startQueueWorkers, which startBullmqWorkers wraps) with a
 * no-op job: what is left is the product's own bookkeeping, the outbox row marked processed in batches.
 */
function productPipeline(workerDb: Db, connection: Redis, prefix: string): Pipeline {
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
    completed: () => completed,
    async close() {
      await relay.stop();
      await closeWorkers();
      await publisher.close();
    },
  };
}

/** BullMQ alone: a Worker with a no-op handler (its producers add with Queue.add). */
function bullmqPipeline(connection: Redis, prefix: string): Pipeline {
  let completed = 0;
  const worker = new bullmq.Worker("bench", async () => {}, { connection, prefix, concurrency: WORKER_CONCURRENCY });
  worker.on("completed", () => completed++);
  return {
    completed: () => completed,
    close: () => worker.close(),
  };
}

export const outboxScenario: Scenario = {
  name: "outbox",
  description:
    "Jobs per second end to end, no-op handler, from the first add to the last completion of a burst: " +
    "outbox row → relay → BullMQ → worker (the product's enqueueOutbox on the pool in a producers' " +
    "process; startOutboxRelay with the BullMQ publisher and startQueueWorkers with a no-op job in " +
    "this one, as the worker process runs them: the worker marks the rows processed) and, for " +
    "information, the rows enqueued inside an interactive transaction each, against BullMQ alone " +
    "(Queue.add in a producers' process, a Worker in this one), same Redis (REDIS_URL), worker " +
    `concurrency ${WORKER_CONCURRENCY}; the connections are the producers.`,

  async setup(options: BenchOptions): Promise<PreparedScenario> {
    const redisUrl = process.env.REDIS_URL || "redis://127.0.0.1:6379";
    const databaseUrl = await recreateDatabase(options.serverUrl, DATABASE_NAME);
    await applyMigrations(databaseUrl);
    const workerDb = createPrismaClient(databaseUrl, { max: options.poolMax });
    const connection = createRedis(redisUrl);
    connection.on("error", () => {});
    // a prefix of its own: nothing else's keys are touched, and all of these are deleted at the end
    const prefix = `signet-bench-${randomUUID()}`;
    const producers = (kind: Producers["kind"], side: string): Producers => ({
      kind,
      databaseUrl,
      redisUrl,
      prefix: `${prefix}-${side}`,
      poolMax: options.poolMax,
    });
    const target = (name: string, kind: Producers["kind"], side: string, pipeline: (prefix: string) => Pipeline) => ({
      name,
      measure: (load: LoadSettings) =>
        measurePipeline(name, load, producers(kind, side), pipeline(`${prefix}-${side}`)),
    });
    return {
      targets: [
        {
          ...target("product: outbox → BullMQ → worker", "product", "p", (p) =>
            productPipeline(workerDb, connection, p),
          ),
          goal: ratioAtLeast(0.8),
        },
        // for information: the same pipeline fed from interactive transactions (no goal; the
        // transaction is the business change's cost, not the outbox's)
        target("product: outbox in a transaction → BullMQ → worker", "product-transaction", "t", (p) =>
          productPipeline(workerDb, connection, p),
        ),
        {
          ...target("baseline: BullMQ add → worker", "bullmq", "b", (p) => bullmqPipeline(connection, p)),
          baseline: true,
        },
      ],
      async close() {
        await deleteRedisKeys(connection, prefix).catch(() => {});
        await connection.quit().catch(() => {});
        await workerDb.$disconnect();
      },
    };
  },
};
