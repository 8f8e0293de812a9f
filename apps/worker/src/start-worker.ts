import { resolve } from "node:path";
import {
  AUDIT_EVENT_SUBSCRIBERS,
  ConfigError,
  createBullmqPublisher,
  createCoreDeps,
  createMailer,
  createPrismaClient,
  createQueueInspector,
  createRedis,
  databaseTimeouts,
  type Logger,
  loadConfig,
  registerJobMetrics,
  registerOperationalGauges,
  runJob,
  startBullmqWorkers,
  startDailySummaryScheduler,
  startOutboxRelay,
  startPackageScheduler,
  startTimestampRenewalScheduler,
  subscribeToAuditEvents,
} from "@signet/core";
import { collectDefaultMetrics, Registry } from "prom-client";
import { startWorkerHttp } from "./worker-http.ts";

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
  // what audited changes trigger, in every transaction that appends an audit event
  subscribeToAuditEvents(AUDIT_EVENT_SUBSCRIBERS);
  const db = createPrismaClient(config.DATABASE_URL, { max: 5, ...databaseTimeouts(config) });
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
  const workers = startBullmqWorkers({ ...deps, mailer }, runJob, workerConnection, config.REDIS_PREFIX, logger);
  const scheduler = startPackageScheduler(db, deps.storage, logger);
  const dailySummaries = startDailySummaryScheduler(deps, logger);
  const timestampRenewals = startTimestampRenewalScheduler(deps, logger);
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  registerOperationalGauges(registry, db);
  const inspector = createQueueInspector(publisherConnection, config.REDIS_PREFIX);
  registerJobMetrics(registry, workers.workers, inspector);
  const http = await startWorkerHttp({
    host: config.HOST,
    port: config.WORKER_PORT ?? (config.NODE_ENV === "production" ? 8090 : 0),
    db,
    redis: workerConnection,
    storage: deps.storage,
    registry,
    metricsToken: config.METRICS_TOKEN,
  });
  logger.info({ url: http.url }, "worker health and metrics listening");
  return {
    url: http.url,
    async close() {
      await http.close();
      await inspector.close();
      await relay.stop();
      await scheduler.stop();
      await dailySummaries.stop();
      await timestampRenewals.stop();
      await workers.close();
      await publisher.close();
      await Promise.all([publisherConnection.quit(), workerConnection.quit()]);
      await mailer.close();
      await db.$disconnect();
    },
  };
}
