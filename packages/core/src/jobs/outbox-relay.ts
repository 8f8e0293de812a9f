import { inPoolTransaction } from "../db/pool-query.ts";
import type { Db } from "../db/prisma-client.ts";
import type { Logger } from "../logger.ts";
import { isExhausted, RETRY_POLICIES, retryDelayMs } from "./retry-policy.ts";

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

export const MAX_OUTBOX_ATTEMPTS = RETRY_POLICIES.outbox.maxAttempts;

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

// Claims the due rows and marks them published in one statement: the row lock the UPDATE takes keeps
// other relays away (SKIP LOCKED) until this transaction ends, and a row whose publish fails is
// written back before it commits; a relay that dies first rolls the claim back.
const CLAIM_DUE_ROWS = `
  UPDATE "OutboxMessage" AS row
  SET "publishedAt" = now(), attempts = row.attempts + 1, "lastError" = NULL
  FROM (
    SELECT id FROM "OutboxMessage"
    WHERE "publishedAt" IS NULL AND "availableAt" <= now()
    ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED
  ) AS due
  WHERE row.id = due.id
  RETURNING row.id::text AS id, row.queue, row."jobName", row.payload, row."idempotencyKey",
    row.attempts - 1 AS attempts`;

const MARK_PROCESSED = `UPDATE "OutboxMessage" SET "processedAt" = now() WHERE id = ANY($1::bigint[])`;

// a failed row: not published (unless parked), its error kept, retried after the backoff
const MARK_FAILED = `
  UPDATE "OutboxMessage"
  SET "lastError" = $2, "availableAt" = $3::timestamptz,
    "publishedAt" = CASE WHEN $4::boolean THEN now() ELSE NULL END
  WHERE id = $1::bigint`;

/**
 * Publishes due rows, oldest first. Rows are claimed with SKIP LOCKED so any number of relays
 * (one per worker replica) share the work without publishing a row twice at the same time.
 * A failed row is retried later with exponential backoff; after MAX_OUTBOX_ATTEMPTS it is parked
 * (published with lastError) for an operator to look at (parked-jobs.ts lists and requeues them).
 */
export async function relayOutboxBatch(db: Db, publish: OutboxPublisher, batchSize = 50): Promise<number> {
  return inPoolTransaction(db, async (statements) => {
    const claimed = await statements.rows<Omit<OutboxRow, "id"> & { id: string }>(CLAIM_DUE_ROWS, [batchSize]);
    const rows = claimed
      .map((row) => ({ ...row, id: BigInt(row.id), attempts: Number(row.attempts) }))
      .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    const outcomes = await handOn(rows, publish);
    const processed: string[] = [];
    for (const [index, outcome] of outcomes.entries()) {
      const row = rows[index]!;
      if (outcome.status === "fulfilled") {
        if (outcome.value === "processed") processed.push(row.id.toString());
        continue;
      }
      const attempts = row.attempts + 1;
      const message = outcome.reason instanceof Error ? outcome.reason.message : String(outcome.reason);
      const retryAt = new Date(Date.now() + retryDelayMs(RETRY_POLICIES.outbox, attempts));
      await statements.execute(MARK_FAILED, [
        row.id.toString(),
        message.slice(0, 2000),
        retryAt.toISOString(),
        isExhausted(RETRY_POLICIES.outbox, attempts),
      ]);
    }
    if (processed.length > 0) await statements.execute(MARK_PROCESSED, [processed]);
    return rows.length;
  });
}

/**
 * While rows keep coming, how long the relay lets them gather after a batch that was not full. Each
 * batch costs the same few round trips whatever its size; looping at once while producers add rows
 * one by one made batches of 40–70 rows, and this short wait, small beside the poll interval an
 * idle relay already has, makes them several times larger.
 */
const GATHER_MS = 20;

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
    let relayed = 0;
    try {
      do relayed = await relayOutboxBatch(db, publish, batchSize);
      while (!stopped && relayed === batchSize);
    } catch (error) {
      logger.error({ err: error }, "outbox relay failed");
    }
    if (!stopped) timer = setTimeout(() => (running = tick()), relayed > 0 ? GATHER_MS : intervalMs);
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
