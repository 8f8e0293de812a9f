import type { Db } from "../db/prisma-client.ts";
import type { Logger } from "../logger.ts";

export interface OutboxRow {
  id: bigint;
  queue: string;
  jobName: string;
  payload: unknown;
  idempotencyKey: string;
  attempts: number;
}

export type OutboxOutcome = PromiseSettledResult<"published" | "processed">;

/**
 * Hands one outbox row on: to BullMQ ("published"), or straight to its handler when there is no
 * Redis ("processed"; the relay records that too: the row is locked by the relay's transaction,
 * so the publisher must not write it on another connection). A publisher whose rows are independent
 * of each other (BullMQ: the queue orders nothing between jobs) may also take a whole batch at once
 * (`batch`, one outcome per row in order), instead of one row after another.
 */
export type OutboxPublisher = ((row: OutboxRow) => Promise<"published" | "processed">) & {
  batch?: (rows: OutboxRow[]) => Promise<OutboxOutcome[]>;
};

export const MAX_OUTBOX_ATTEMPTS = 8;

async function handOn(rows: OutboxRow[], publish: OutboxPublisher): Promise<OutboxOutcome[]> {
  if (rows.length === 0) return [];
  if (publish.batch) return publish.batch(rows);
  const outcomes: OutboxOutcome[] = [];
  for (const row of rows) {
    outcomes.push(
      await publish(row).then(
        (value) => ({ status: "fulfilled", value }) as const,
        (reason: unknown) => ({ status: "rejected", reason }) as const,
      ),
    );
  }
  return outcomes;
}

/**
 * Publishes due rows, oldest first. Rows are claimed with SKIP LOCKED so any number of relays
 * (one per worker replica) share the work without publishing a row twice at the same time.
 * The rows that got through are marked in one statement per outcome, not one per row. A failed row
 * is retried later with exponential backoff; after MAX_OUTBOX_ATTEMPTS it is parked (published with
 * lastError) for an operator to look at (parked-jobs.ts lists and requeues them).
 */
export async function relayOutboxBatch(db: Db, publish: OutboxPublisher, batchSize = 50): Promise<number> {
  return db.$transaction(
    async (tx) => {
      const rows = await tx.$queryRaw<OutboxRow[]>`
        SELECT id, queue, "jobName", payload, "idempotencyKey", attempts FROM "OutboxMessage"
        WHERE "publishedAt" IS NULL AND "availableAt" <= now()
        ORDER BY id LIMIT ${batchSize} FOR UPDATE SKIP LOCKED`;
      const outcomes = await handOn(rows, publish);
      const now = new Date();
      const through = { published: [] as bigint[], processed: [] as bigint[] };
      for (const [index, outcome] of outcomes.entries()) {
        const row = rows[index]!;
        if (outcome.status === "fulfilled") {
          through[outcome.value].push(row.id);
          continue;
        }
        const attempts = row.attempts + 1;
        const message = outcome.reason instanceof Error ? outcome.reason.message : String(outcome.reason);
        await tx.outboxMessage.update({
          where: { id: row.id },
          data: {
            attempts,
            lastError: message.slice(0, 2000),
            availableAt: new Date(Date.now() + Math.min(2 ** attempts * 1000, 10 * 60_000)),
            publishedAt: attempts >= MAX_OUTBOX_ATTEMPTS ? new Date() : null,
          },
        });
      }
      for (const [outcome, ids] of Object.entries(through)) {
        if (ids.length === 0) continue;
        await tx.outboxMessage.updateMany({
          where: { id: { in: ids } },
          data: {
            publishedAt: now,
            attempts: { increment: 1 },
            // a row that got through is no longer parked, whatever failed before
            lastError: null,
            ...(outcome === "processed" ? { processedAt: now } : {}),
          },
        });
      }
      return rows.length;
    },
    { timeout: 60_000 },
  );
}

/** Polls the outbox until stopped; drains quickly while there is work. */
export function startOutboxRelay(db: Db, publish: OutboxPublisher, logger: Logger, intervalMs = 250) {
  // a batch publisher's rows cost one round trip to Redis whatever their number, and the relay's
  // transaction costs the same for 500 rows as for 50; a publisher that runs each job in the
  // transaction (in-process) keeps it short instead
  const batchSize = publish.batch ? 500 : 50;
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const tick = async () => {
    if (stopped) return;
    try {
      while (!stopped && (await relayOutboxBatch(db, publish, batchSize)) > 0) {}
    } catch (error) {
      logger.error({ err: error }, "outbox relay failed");
    }
    if (!stopped) timer = setTimeout(() => (running = tick()), intervalMs);
  };
  running = tick();
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
