import { randomBytes, randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  AUDIT_EVENT_SUBSCRIBERS,
  type CoreDeps,
  createBullmqPublisher,
  createCoreDeps,
  createMailer,
  createPrismaClient,
  createRedis,
  loadConfig,
  runJob,
  silentLogger,
  startBullmqWorkers,
  startOutboxRelay,
  subscribeToAuditEvents,
} from "@signet/core";
import { deleteRedisKeys } from "./delete-redis-keys.ts";

// what the worker's pool has (start-worker.ts)
const WORKER_POOL_MAX = 5;
// a burst's jobs are done well within this on any machine the bench runs on
const DRAIN_LIMIT_MS = 120_000;

export interface BenchWorker {
  deps: CoreDeps;
  /** Starts the relay, waits until the queue workers completed `jobs` more jobs, stops the relay; answers the seconds. */
  runBurst(jobs: number): Promise<number>;
  close(): Promise<void>;
}

/**
 * The worker process's pieces (start-worker.ts) in this process, on its own database and Redis
 * prefix: the core's dependencies, the queue workers running the product's jobs, and an outbox relay
 * publishing to BullMQ that runs only during a burst, so the outbox rows a scenario writes before
 * one wait for it. `env` adds to the configuration (OUTBOUND_ALLOWED_HOSTS for a loopback server).
 */
export async function startBenchWorker(databaseUrl: string, env: Record<string, string>): Promise<BenchWorker> {
  const redisUrl = process.env.REDIS_URL || "redis://127.0.0.1:6379";
  // what audited changes trigger (webhook events, emails), as in the worker
  subscribeToAuditEvents(AUDIT_EVENT_SUBSCRIBERS);
  const authSecret = randomBytes(32).toString("hex");
  const config = loadConfig({ ...env, DATABASE_URL: databaseUrl, REDIS_URL: redisUrl, AUTH_SECRET: authSecret });
  const db = createPrismaClient(databaseUrl, { max: WORKER_POOL_MAX });
  const dataDir = await mkdtemp(join(tmpdir(), "signet-bench-worker-"));
  const deps = createCoreDeps({ db, config, authSecret, dataDir, logger: silentLogger });
  const mailer = createMailer(db, config);
  const prefix = `signet-bench-${randomUUID()}`;
  const publisherConnection = createRedis(redisUrl);
  const workerConnection = createRedis(redisUrl);
  for (const connection of [publisherConnection, workerConnection]) connection.on("error", () => {});
  const publisher = createBullmqPublisher(publisherConnection, prefix);
  const workers = startBullmqWorkers({ ...deps, mailer }, runJob, workerConnection, prefix, silentLogger);
  let completed = 0;
  for (const worker of workers.workers) worker.on("completed", () => completed++);

  return {
    deps,
    async runBurst(jobs) {
      const completedBefore = completed;
      const startedAt = performance.now();
      const relay = startOutboxRelay(db, publisher.publish, silentLogger);
      try {
        while (completed - completedBefore < jobs) {
          if (performance.now() - startedAt > DRAIN_LIMIT_MS) {
            throw new Error(`${jobs - (completed - completedBefore)} jobs not done after ${DRAIN_LIMIT_MS} ms`);
          }
          await new Promise((resolve) => setTimeout(resolve, 2));
        }
        return (performance.now() - startedAt) / 1000;
      } finally {
        await relay.stop();
      }
    },
    async close() {
      await workers.close();
      await publisher.close();
      await deleteRedisKeys(publisherConnection, prefix).catch(() => {});
      await Promise.all([publisherConnection.quit(), workerConnection.quit()]).catch(() => {});
      await mailer.close();
      await db.$disconnect();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
