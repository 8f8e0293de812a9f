import { Queue, Worker } from "bullmq";
import { Redis } from "ioredis";
import type { Logger } from "../logger.ts";
import type { JobContext } from "./job-context.ts";
import { jobQueues, runJob } from "./job-registry.ts";
import type { OutboxPublisher, OutboxRow } from "./outbox-relay.ts";

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

export function createBullmqPublisher(connection: Redis, prefix: string) {
  const queues = new Map(jobQueues().map((name) => [name, new Queue<QueuedJob>(name, { connection, prefix })]));
  // connection errors surface in the relay's failed publish; the queues' own echo adds nothing
  for (const queue of queues.values()) queue.on("error", () => {});
  const publish: OutboxPublisher = async (row: OutboxRow) => {
    const queue = queues.get(row.queue);
    if (!queue) throw new Error(`Unknown queue ${row.queue}`);
    await queue.add(
      row.jobName,
      { payload: row.payload, idempotencyKey: row.idempotencyKey, outboxId: row.id.toString() },
      {
        jobId: jobId(row.idempotencyKey),
        attempts: 8,
        backoff: { type: "exponential", delay: 2000 },
        removeOnComplete: { count: 1000 },
        removeOnFail: { count: 5000 },
      },
    );
    return "published" as const;
  };
  // jobs are independent once queued, so a batch is added at once
  publish.concurrent = true;
  return {
    publish,
    queues,
    async close() {
      await Promise.all([...queues.values()].map((queue) => queue.close()));
    },
  };
}

export function startBullmqWorkers(context: JobContext, connection: Redis, prefix: string, logger: Logger) {
  const workers = jobQueues().map(
    (name) =>
      new Worker<QueuedJob>(
        name,
        async (job) => {
          await runJob(context, job.name, job.data.payload, job.data.idempotencyKey);
          await context.db.outboxMessage.updateMany({
            where: { idempotencyKey: job.data.idempotencyKey },
            data: { processedAt: new Date() },
          });
        },
        {
          connection,
          prefix,
          concurrency: 4,
          // a worker that dies mid-job loses its lock after this; another worker then runs the job again
          lockDuration: context.config.JOB_LOCK_SECONDS * 1000,
          stalledInterval: context.config.JOB_LOCK_SECONDS * 1000,
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
    },
  };
}
