import type { Prisma } from "../db/generated/client.ts";
import { execute } from "../db/pool-query.ts";
import { type Db, pgPoolOf } from "../db/prisma-client.ts";
import { JOBS, type JobName, type JobPayload } from "./job-declarations.ts";

/**
 * Records work to do in the caller's transaction: it happens if and only if the change commits.
 * Work that goes with no other change (a job queueing its own next round) passes the pool instead:
 * the row is then its own transaction, with no BEGIN and COMMIT around it, and rows enqueued on the
 * pool while another is being written share the next statement (see poolWriter).
 * The idempotency key makes a second enqueue of the same work a no-op (the first payload is kept).
 * No NOTIFY for the relay: PostgreSQL serialises the commits of every transaction that notified (a
 * cluster-wide lock held through the WAL flush), which measured at 1.3–2× fewer enqueueing commits
 * per second on this machine; the relay polls instead.
 */
export async function enqueueOutbox<N extends JobName>(
  tx: Prisma.TransactionClient | Db,
  jobName: N,
  payload: JobPayload<N>,
  idempotencyKey: string,
  availableAt?: Date,
): Promise<void> {
  const job = JOBS[jobName];
  const row: OutboxValues = [
    job.queue,
    jobName,
    JSON.stringify(job.payload.parse(payload)),
    idempotencyKey,
    (availableAt ?? new Date()).toISOString(),
  ];
  if (pgPoolOf(tx)) return poolWriter(tx as Db)(row);
  await execute(tx, INSERT_OUTBOX_ROW, row);
}

type OutboxValues = [queue: string, jobName: string, payload: string, idempotencyKey: string, availableAt: string];

const INSERT_OUTBOX_ROW = `
  INSERT INTO "OutboxMessage" (queue, "jobName", payload, "idempotencyKey", "availableAt")
  VALUES ($1, $2, $3::jsonb, $4, $5::timestamptz)
  ON CONFLICT ("idempotencyKey") DO NOTHING`;

// one text for any number of rows, so it is prepared once per connection
const INSERT_OUTBOX_ROWS = `
  INSERT INTO "OutboxMessage" (queue, "jobName", payload, "idempotencyKey", "availableAt")
  SELECT * FROM unnest($1::text[], $2::text[], $3::jsonb[], $4::text[], $5::timestamptz[])
  ON CONFLICT ("idempotencyKey") DO NOTHING`;

/** Most rows one statement writes; more wait for the next one. */
const MAX_ROWS = 500;

const writers = new WeakMap<Db, (row: OutboxValues) => Promise<void>>();

/**
 * Group commit for enqueues on the pool: while one statement is on its way, the rows enqueued
 * meanwhile gather and go together in the next, one INSERT and one commit (one WAL flush) for all
 * of them. An enqueue never waits when nothing else is being written. Every caller learns its own
 * row's fate: when a statement fails, its rows are written again one by one, so a row PostgreSQL
 * refuses fails alone. Measured with 10 concurrent producers: about twice the rows per second, and
 * a third of PostgreSQL's CPU per row, against a statement each.
 */
function poolWriter(db: Db) {
  let write = writers.get(db);
  if (write) return write;
  const queued: { row: OutboxValues; resolve: () => void; reject: (error: unknown) => void }[] = [];
  let writing = false;
  const insert = (rows: OutboxValues[]) =>
    rows.length === 1
      ? execute(db, INSERT_OUTBOX_ROW, rows[0]!)
      : execute(
          db,
          INSERT_OUTBOX_ROWS,
          [0, 1, 2, 3, 4].map((column) => rows.map((row) => row[column])),
        );
  const drain = async () => {
    writing = true;
    while (queued.length > 0) {
      const batch = queued.splice(0, MAX_ROWS);
      try {
        await insert(batch.map((entry) => entry.row));
        for (const entry of batch) entry.resolve();
      } catch (error) {
        if (batch.length === 1) batch[0]!.reject(error);
        else await Promise.all(batch.map((entry) => insert([entry.row]).then(entry.resolve, entry.reject)));
      }
    }
    writing = false;
  };
  write = (row) =>
    new Promise<void>((resolve, reject) => {
      queued.push({ row, resolve, reject });
      if (!writing) void drain();
    });
  writers.set(db, write);
  return write;
}
