import type { CoreDeps } from "../core-deps.ts";
import type { Prisma } from "../db/generated/client.ts";
import { enqueueOutbox } from "../jobs/enqueue-outbox.ts";
import type { Logger } from "../logger.ts";
import { repeatEvery } from "../scheduling/repeat-every.ts";

/** How many due artifacts one pass queues (the next pass takes the rest). */
const BATCH = 100;

/**
 * Queues a seal.renew-timestamp job for every sealed artifact whose renewTimestampBy has come. One
 * job per artifact and due date (the outbox key), so several workers passing at once queue it once.
 */
export async function enqueueDueTimestampRenewals(deps: Pick<CoreDeps, "db">, now = new Date()): Promise<number> {
  const due = await deps.db.sealedArtifact.findMany({
    where: { renewTimestampBy: { lte: now } },
    select: { id: true, renewTimestampBy: true },
    orderBy: { renewTimestampBy: "asc" },
    take: BATCH,
  });
  let queued = 0;
  for (const artifact of due) {
    try {
      await enqueueOutbox(
        deps.db as unknown as Prisma.TransactionClient,
        "seal.renew-timestamp",
        { artifactId: artifact.id },
        `seal.renew-timestamp:${artifact.id}:${artifact.renewTimestampBy!.toISOString()}`,
      );
      queued++;
    } catch (error) {
      // another worker queued it at the same moment: the unique key kept it once
      if ((error as { code?: string }).code !== "P2002") throw error;
    }
  }
  return queued;
}

/** Runs in every worker (and in the API of the embedded default) beside the package scheduler. */
export function startTimestampRenewalScheduler(deps: Pick<CoreDeps, "db">, logger: Logger, intervalMs = 60 * 60_000) {
  return repeatEvery(intervalMs, async () => {
    try {
      const queued = await enqueueDueTimestampRenewals(deps);
      if (queued > 0) logger.info({ queued }, "seal timestamp renewals queued");
    } catch (error) {
      logger.error({ err: error }, "timestamp renewal scheduler failed");
    }
  });
}
