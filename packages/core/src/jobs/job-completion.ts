import type { Db } from "../db/prisma-client.ts";
import type { Logger } from "../logger.ts";

/** Most keys one statement marks; more wait for the next one. */
const MAX_MARKS = 500;
const RETRY_MS = 1000;

/**
 * The outbox bookkeeping of a finished job: its row's processedAt. Jobs that finish while a mark is
 * being written are marked together by the next statement, one UPDATE … = ANY(keys) instead of one
 * per job, with no added wait when the worker is idle.
 *
 * A job does not wait for its mark: waiting made each job wait for the relay's transaction too
 * (the relay holds the row's lock until BullMQ has the job), which capped a worker at about 90 jobs
 * a second. What that risks: a worker that dies between a job's end and the next statement leaves
 * those rows without processedAt. Nothing depends on it: no handler reads it (each records its own
 * steps and is idempotent), a row that got through has no lastError so it is never listed as parked
 * (parked-jobs.ts, the parked-jobs metric), and BullMQ, not the outbox, decides whether a job runs
 * again. A statement that fails is retried; close() writes what is left.
 */
export function createJobCompletion(db: Db, logger: Logger) {
  const pending: string[] = [];
  let writing: Promise<void> | undefined;
  let closing = false;

  const write = async () => {
    // jobs finishing in the same turn of the event loop share the first statement too
    await new Promise((resolve) => setImmediate(resolve));
    while (pending.length > 0) {
      const keys = pending.splice(0, MAX_MARKS);
      try {
        await db.$executeRaw`
          UPDATE "OutboxMessage" SET "processedAt" = now()
          WHERE "idempotencyKey" = ANY(${keys}::text[]) AND "processedAt" IS NULL`;
      } catch (error) {
        logger.warn(
          { err: error instanceof Error ? error.message : String(error), jobs: keys.length },
          "marking jobs processed failed",
        );
        if (closing) break;
        pending.unshift(...keys);
        await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
      }
    }
    writing = undefined;
  };

  return {
    /** Marks the outbox row of the job with this idempotency key processed, soon. */
    mark(idempotencyKey: string): void {
      pending.push(idempotencyKey);
      writing ??= write();
    },
    /** Writes the marks asked for so far (a failure is then given up, and logged). */
    async close() {
      closing = true;
      await writing;
    },
  };
}
export type JobCompletion = ReturnType<typeof createJobCompletion>;
