import { Queue, Worker } from "bullmq";
import { Redis } from "ioredis";
import type { Db } from "../db/prisma-client.ts";
import type { Logger } from "../logger.ts";
import { createJobCompletion } from "./job-completion.ts";
import type { JobContext } from "./job-context.ts";
import { jobQueues } from "./job-declarations.ts";
import type { JobRunner } from "./job-handlers.ts";
import type { OutboxOutcome, OutboxPublisher, OutboxRow } from "./outbox-relay.ts";
import { bullmqRetryOptions, RETRY_POLICIES } from "./retry-policy.ts";

interface QueuedJob {
  payload: unknown;
  idempotencyKey: string;
  outboxId: string;
}

export function createRedis(url: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: null, lazyConnect: false });
}

// BullMQ refuses ':' in custom ids; the key stays unique after the swap.
const jobId = (key: string) => key.replace(/:/g, "~");

const jobOptions = (row: OutboxRow) => ({
  jobId: jobId(row.idempotencyKey),
  ...bullmqRetryOptions(RETRY_POLICIES.queuedJob),
  removeOnComplete: { count: 1000 },
  removeOnFail: { count: 5000 },
});

const queuedJob = (row: OutboxRow): QueuedJob => ({
  payload: row.payload,
  idempotencyKey: row.idempotencyKey,
  outboxId: row.id.toString(),
});

export function createBullmqPublisher(connection: Redis, prefix: string) {
  const queues = new Map(jobQueues().map((name) => [name, new Queue<QueuedJob>(name, { connection, prefix })]));
  // connection errors surface in the relay's failed publish; the queues' own echo adds nothing
  for (const queue of queues.values()) queue.on("error", () => {});
  const queueOf = (row: OutboxRow) => {
    const queue = queues.get(row.queue);
    if (!queue) throw new Error(`Unknown queue ${row.queue}`);
    return queue;
  };
  const publish: OutboxPublisher = async (row: OutboxRow) => {
    await queueOf(row).add(row.jobName, queuedJob(row), jobOptions(row));
    return "published" as const;
  };
  /**
   * A batch in one addBulk per queue: one round trip to Redis each, all of a queue's rows added or
   * none. When it fails, the queue's rows are added one by one, so a row BullMQ refuses fails alone
   * (and is parked in time) instead of failing its neighbours; a job id already queued is not added twice.
   */
  publish.batch = async (rows) => {
    const outcomes: OutboxOutcome[] = new Array(rows.length);
    const byQueue = new Map<Queue<QueuedJob>, number[]>();
    for (const [index, row] of rows.entries()) {
      try {
        const queue = queueOf(row);
        byQueue.set(queue, [...(byQueue.get(queue) ?? []), index]);
      } catch (reason) {
        outcomes[index] = { status: "rejected", reason };
      }
    }
    await Promise.all(
      [...byQueue].map(async ([queue, indexes]) => {
        const jobs = indexes.map((index) => {
          const row = rows[index]!;
          return { name: row.jobName, data: queuedJob(row), opts: jobOptions(row) };
        });
        try {
          await queue.addBulk(jobs);
          for (const index of indexes) outcomes[index] = { status: "fulfilled", value: "published" };
        } catch {
          const oneByOne = await Promise.allSettled(indexes.map((index) => publish(rows[index]!)));
          for (const [position, index] of indexes.entries()) outcomes[index] = oneByOne[position]!;
        }
      }),
    );
    return outcomes;
  };
  return {
    publish,
    queues,
    async close() {
      await Promise.all([...queues.values()].map((queue) => queue.close()));
    },
  };
}

export interface QueueWorkerOptions {
  db: Db;
  /** a worker that dies mid-job loses its lock after this; another worker then runs the job again */
  lockSeconds: number;
  /** runs one job (the product: runJob with the worker's context) */
  run(jobName: string, payload: unknown, idempotencyKey: string): Promise<void>;
}

export function startBullmqWorkers(
  context: JobContext,
  runJob: JobRunner,
  connection: Redis,
  prefix: string,
  logger: Logger,
) {
  return startQueueWorkers(
    {
      db: context.db,
      lockSeconds: context.config.JOB_LOCK_SECONDS,
      run: (jobName, payload, idempotencyKey) => runJob(context, jobName, payload, idempotencyKey),
    },
    connection,
    prefix,
    logger,
  );
}

/** A BullMQ worker per queue: runs each job, then has its outbox row marked (createJobCompletion). */
export function startQueueWorkers(options: QueueWorkerOptions, connection: Redis, prefix: string, logger: Logger) {
  const completion = createJobCompletion(options.db, logger);
  const workers = jobQueues().map(
    (name) =>
      new Worker<QueuedJob>(
        name,
        async (job) => {
          await options.run(job.name, job.data.payload, job.data.idempotencyKey);
          completion.mark(job.data.idempotencyKey);
        },
        {
          connection,
          prefix,
          concurrency: 4,
          lockDuration: options.lockSeconds * 1000,
          stalledInterval: options.lockSeconds * 1000,
        },
      ),
  );
  for (const worker of workers) {
    worker.on("failed", (job, err) =>
      logger.warn({ queue: worker.name, jobId: job?.id, err: err.message }, "job failed"),
    );
    // a lost Redis connection is reported here (and retried by ioredis); unheard, it goes to stderr
    worker.on("error", (err) => logger.warn({ queue: worker.name, err: err.message }, "queue worker error"));
  }
  return {
    workers,
    async close() {
      await Promise.all(workers.map((worker) => worker.close()));
      await completion.close();
    },
  };
}
