import {
  ConfigError,
  createBullmqPublisher,
  createMailer,
  createPrismaClient,
  createRedis,
  type Logger,
  loadConfig,
  startBullmqWorkers,
  startOutboxRelay,
  startPackageScheduler,
} from "@signet/core";

/**
 * A worker replica: relays the outbox to BullMQ and processes every queue. Any number can run;
 * the relay claims rows with SKIP LOCKED and BullMQ hands each job to one worker.
 */
export async function startWorker(env: Record<string, string | undefined>, logger: Logger) {
  const config = loadConfig(env);
  if (!config.DATABASE_URL || !config.REDIS_URL) {
    throw new ConfigError(
      "The worker needs DATABASE_URL and REDIS_URL (the embedded default runs jobs inside the API).",
    );
  }
  const db = createPrismaClient(config.DATABASE_URL, { max: 5 });
  const mailer = createMailer(db, config);
  const publisherConnection = createRedis(config.REDIS_URL);
  const workerConnection = createRedis(config.REDIS_URL);
  for (const connection of [publisherConnection, workerConnection]) {
    // without a listener ioredis prints every failed reconnect to stderr, outside the structured log
    connection.on("error", (error: Error) => logger.warn({ err: error.message }, "redis connection error"));
  }
  const publisher = createBullmqPublisher(publisherConnection, config.REDIS_PREFIX);
  const relay = startOutboxRelay(db, publisher.publish, logger);
  const workers = startBullmqWorkers({ db, config, mailer, logger }, workerConnection, config.REDIS_PREFIX, logger);
  const scheduler = startPackageScheduler(db, logger);
  return {
    async close() {
      await relay.stop();
      await scheduler.stop();
      await workers.close();
      await publisher.close();
      await Promise.all([publisherConnection.quit(), workerConnection.quit()]);
      await mailer.close();
      await db.$disconnect();
    },
  };
}
