import { execute } from "../db/pool-query.ts";
import type { Db } from "../db/prisma-client.ts";
import type { Logger } from "../logger.ts";

/** Most keys one statement marks; more wait for the next one. */
const MAX_MARKS = 1000;
/**
 * How long a mark waits for others to share its statement. A worker finishes its jobs a few at a
 * time (its concurrency), so marking as soon as the loop was free wrote a statement for every two
 * or three jobs: that bookkeeping halved a worker's no-op throughput (5,700 against 13,700 jobs/s
 * without it, measured); gathered for 100 ms, it costs a tenth (10,200).
 */
const MARK_DELAY_MS = 100;
const RETRY_MS = 1000;

const MARK_PROCESSED = `
  UPDATE "OutboxMessage" SET "processedAt" = now()
  WHERE "idempotencyKey" = ANY($1::text[]) AND "processedAt" IS NULL`;

/**
 * The outbox bookkeeping of a finished job: its row's processedAt. The jobs that finish within
 * MARK_DELAY_MS of each other are marked together, one UPDATE … = ANY(keys) on the pg pool instead
 * of one per job.
 *
 * A job does not wait for its mark: waiting made each job wait for the relay's transaction too
 * (the relay holds the row's lock until BullMQ has the job), which capped a worker at about 90 jobs
 * a second. What that risks: a worker that dies between a job's end and the next statement leaves
 * those rows without processedAt. Nothing depends on it: no handler reads it (each records its own
 * steps and is idempotent), a row that got through has no lastError so it is never listed as parked
 * (parked-jobs.ts, the parked-jobs metric), and BullMQ, not the outbox, decides whether a job runs
 * again. A statement that fails is retried; close() writes what is left at once.
 */
export function createJobCompletion(db: Db, logger: Logger) {
  const pending: string[] = [];
  let writing: Promise<void> | undefined;
  let closing = false;
  let gathered: (() => void) | undefined;

  const write = async () => {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, MARK_DELAY_MS);
      gathered = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    gathered = undefined;
    while (pending.length > 0) {
      const keys = pending.splice(0, MAX_MARKS);
      try {
        await execute(db, MARK_PROCESSED, [keys]);
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
    /** Writes the marks asked for so far, without waiting (a failure is then given up, and logged). */
    async close() {
      closing = true;
      gathered?.();
      await writing;
    },
  };
}
export type JobCompletion = ReturnType<typeof createJobCompletion>;
