import type { Prisma } from "../db/generated/client.ts";
import type { Db } from "../db/prisma-client.ts";
import type { JobName, JobPayload } from "./job-registry.ts";
import { JOBS } from "./job-registry.ts";

/**
 * Records work to do in the caller's transaction: it happens if and only if the change commits.
 * Work that goes with no other change (a job queueing its own next round) passes the pool instead:
 * the row is then its own transaction, one statement, with no BEGIN and COMMIT around it.
 * The idempotency key makes a second enqueue of the same work a no-op (the first payload is kept),
 * in one statement. No NOTIFY for the relay: PostgreSQL serialises the commits of every transaction
 * that notified (a cluster-wide lock held through the WAL flush), which measured at 1.3–2× fewer
 * enqueueing commits per second on this machine; the relay polls instead.
 */
export async function enqueueOutbox<N extends JobName>(
  tx: Prisma.TransactionClient | Db,
  jobName: N,
  payload: JobPayload<N>,
  idempotencyKey: string,
  availableAt?: Date,
): Promise<void> {
  const job = JOBS[jobName];
  const data = JSON.stringify(job.payload.parse(payload));
  await tx.$executeRaw`
    INSERT INTO "OutboxMessage" (queue, "jobName", payload, "idempotencyKey", "availableAt")
    VALUES (${job.queue}, ${jobName}, ${data}::jsonb, ${idempotencyKey}, ${(availableAt ?? new Date()).toISOString()}::timestamptz)
    ON CONFLICT ("idempotencyKey") DO NOTHING`;
}
