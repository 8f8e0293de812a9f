import type { Db } from "../db/prisma-client.ts";
import { purgeExpiredIdempotentRequests } from "../idempotency/idempotent-requests.ts";
import type { Logger } from "../logger.ts";
import { runDueReminders } from "../reminders/run-due-reminders.ts";
import type { BlobStorage } from "../storage/blob-storage.ts";
import { repeatEvery } from "./repeat-every.ts";
import { runDuePackageTransitions } from "./run-due-package-transitions.ts";

/**
 * Runs the due transitions every `intervalMs` (a scheduled time is met within that), in every
 * worker and in the API of the embedded default; SKIP LOCKED keeps replicas from doubling work.
 * Each tick also forgets idempotency answers past their retention.
 */
export function startPackageScheduler(db: Db, storage: BlobStorage, logger: Logger, intervalMs = 15_000) {
  return repeatEvery(intervalMs, async () => {
    try {
      const moved = await runDuePackageTransitions(db, storage);
      if (moved.madeAvailable + moved.unscheduled + moved.expired > 0) logger.info(moved, "package schedule ran");
    } catch (error) {
      logger.error({ err: error }, "package scheduler failed");
    }
    // automatic reminders and expiring-soon notices (issue 14 §2), claimed the same SKIP LOCKED way
    try {
      const reminded = await runDueReminders(db);
      if (reminded.reminders + reminded.expiringSoon > 0) logger.info(reminded, "reminders ran");
    } catch (error) {
      logger.error({ err: error }, "reminder pass failed");
    }
    try {
      await purgeExpiredIdempotentRequests(db);
    } catch (error) {
      logger.error({ err: error }, "purging expired idempotency keys failed");
    }
  });
}
