import type { Prisma } from "../db/generated/client.ts";
import type { JobName, JobPayload } from "./job-registry.ts";
import { JOBS } from "./job-registry.ts";

/**
 * Records work to do in the caller's transaction: it happens if and only if the change commits.
 * The idempotency key makes a second enqueue of the same work a no-op.
 */
export async function enqueueOutbox<N extends JobName>(
  tx: Prisma.TransactionClient,
  jobName: N,
  payload: JobPayload<N>,
  idempotencyKey: string,
  availableAt?: Date,
): Promise<void> {
  const job = JOBS[jobName];
  const data = job.payload.parse(payload) as Prisma.InputJsonValue;
  await tx.outboxMessage.upsert({
    where: { idempotencyKey },
    create: { queue: job.queue, jobName, payload: data, idempotencyKey, availableAt: availableAt ?? new Date() },
    update: {},
  });
}
