import { ConfigError } from "@signet/core";
import { pino } from "pino";
import { startWorker } from "./start-worker.ts";

const logger = pino({ level: process.env.LOG_LEVEL ?? "info" });
try {
  const worker = await startWorker(process.env, logger);
  logger.info("worker started");
  const shutdown = async () => {
    await worker.close();
    process.exit(0);
  };
  process.once("SIGINT", () => void shutdown());
  process.once("SIGTERM", () => void shutdown());
} catch (error) {
  logger.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
