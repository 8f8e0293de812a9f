import { resolve } from "node:path";
import {
  ConfigError,
  createBullmqPublisher,
  createCoreDeps,
  createMailer,
  createPrismaClient,
  createRedis,
  type Logger,
  loadConfig,
  startBullmqWorkers,
  startDailySummaryScheduler,
  startOutboxRelay,
  startPackageScheduler,
} from "@signet/core";

/**
 * A worker replica: relays the outbox to BullMQ and processes every queue. Any number can run;
 * the relay claims rows with SKIP LOCKED and BullMQ hands each job to one worker.
 */
export async function startWorker(env: Record<string, string | undefined>, logger: Logger) {
  const config = loadConfig(env);
  if (!config.DATABASE_URL || !config.REDIS_URL || !config.AUTH_SECRET) {
    throw new ConfigError(
      "The worker needs DATABASE_URL, REDIS_URL and AUTH_SECRET, as the API has them (the embedded default runs jobs inside the API).",
    );
  }
  const db = createPrismaClient(config.DATABASE_URL, { max: 5 });
  const mailer = createMailer(db, config);
  // DATA_DIR matters to a worker for filesystem blobs and the development seal: share the API's
  const deps = createCoreDeps({
    db,
    config,
    authSecret: config.AUTH_SECRET,
    dataDir: resolve(config.DATA_DIR),
    logger,
  });
  const publisherConnection = createRedis(config.REDIS_URL);
  const workerConnection = createRedis(config.REDIS_URL);
  for (const connection of [publisherConnection, workerConnection]) {
    // without a listener ioredis prints every failed reconnect to stderr, outside the structured log
    connection.on("error", (error: Error) => logger.warn({ err: error.message }, "redis connection error"));
  }
  const publisher = createBullmqPublisher(publisherConnection, config.REDIS_PREFIX);
  const relay = startOutboxRelay(db, publisher.publish, logger);
  const workers = startBullmqWorkers({ ...deps, mailer }, workerConnection, config.REDIS_PREFIX, logger);
  const scheduler = startPackageScheduler(db, deps.storage, logger);
  const dailySummaries = startDailySummaryScheduler(deps, logger);
  return {
    async close() {
      await relay.stop();
      await scheduler.stop();
      await dailySummaries.stop();
      await workers.close();
      await publisher.close();
      await Promise.all([publisherConnection.quit(), workerConnection.quit()]);
      await mailer.close();
      await db.$disconnect();
    },
  };
}
