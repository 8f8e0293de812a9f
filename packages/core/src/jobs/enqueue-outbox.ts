import type { Prisma } from "../db/generated/client.ts";
import { groupCommit } from "../db/group-commit.ts";
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
 * Enqueues on the pool go by group commit (db/group-commit.ts): rows enqueued while one INSERT is
 * on its way share the next. Measured with 10 concurrent producers: about twice the rows per second, and
 * a third of PostgreSQL's CPU per row, against a statement each.
 */
function poolWriter(db: Db) {
  let write = writers.get(db);
  if (write) return write;
  const insert = (rows: OutboxValues[]) =>
    rows.length === 1
      ? execute(db, INSERT_OUTBOX_ROW, rows[0]!)
      : execute(
          db,
          INSERT_OUTBOX_ROWS,
          [0, 1, 2, 3, 4].map((column) => rows.map((row) => row[column])),
        );
  write = groupCommit(insert, MAX_ROWS);
  writers.set(db, write);
  return write;
}
