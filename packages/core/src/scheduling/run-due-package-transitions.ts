import { EXPIRED_CANCELLATION_REASON } from "@signet/contract";
import { systemActor } from "../actor.ts";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import type { Db } from "../db/prisma-client.ts";
import {
  hashesStillCurrent,
  type MeasuredHashes,
  measureDocumentHashes,
} from "../package-actions/measure-document-hashes.ts";
import { expiryOnAvailability, openForSigning, sendProblems } from "../package-actions/send-package.ts";
import { enqueueSeal } from "../signing/complete-package.ts";
import { revokeSigningAccess } from "../signing/revoke-signing-access.ts";
import type { BlobStorage } from "../storage/blob-storage.ts";

interface DueRow {
  id: string;
}

export interface DueTransitions {
  /** scheduled packages that became AVAILABLE_TO_SIGNERS */
  madeAvailable: number;
  /** scheduled packages that could not become available (something went missing): unscheduled */
  unscheduled: number;
  /** AVAILABLE_TO_SIGNERS packages past their expiry: CANCELLED with reason EXPIRED */
  expired: number;
  /** completed packages left unsealed whose seal was queued again */
  sealsRequeued: number;
}

/** How long a completed package may wait for its seal before the sweep queues it again. */
export const UNSEALED_GRACE_MS = 5 * 60_000;

/**
 * One pass of the time-driven transitions of DOMAIN.md §1: 'send … when scheduledOn arrives' and
 * 'expiry time passes'. Rows are claimed with SKIP LOCKED, so any number of workers run it at once
 * and each package moves once; a package changed meanwhile is simply not due any more.
 */
export async function runDuePackageTransitions(
  db: Db,
  storage: BlobStorage,
  now = new Date(),
  batchSize = 100,
): Promise<DueTransitions> {
  // the documents of the packages due now are hashed before the transaction (storage I/O never runs
  // inside one); a package whose documents changed in between waits for the next pass
  const due = await db.package.findMany({
    where: { status: "STARTED", sentAt: { not: null }, scheduledOn: { lte: now } },
    select: { id: true, organizationId: true },
    orderBy: { scheduledOn: "asc" },
    take: batchSize,
  });
  const hashes = new Map<string, MeasuredHashes>();
  for (const pkg of due) {
    hashes.set(
      pkg.id,
      await measureDocumentHashes(db, storage, { organizationId: pkg.organizationId, packageId: pkg.id }),
    );
  }
  const result: DueTransitions = { madeAvailable: 0, unscheduled: 0, expired: 0, sealsRequeued: 0 };
  await db.$transaction(
    async (tx) => {
      const scheduled = await tx.$queryRaw<DueRow[]>`
        SELECT id FROM "Package"
        WHERE status = 'STARTED' AND "sentAt" IS NOT NULL AND "scheduledOn" <= ${now}
        ORDER BY "scheduledOn" LIMIT ${batchSize} FOR UPDATE SKIP LOCKED`;
      for (const { id } of scheduled) {
        const measured = hashes.get(id);
        if (!measured || !(await hashesStillCurrent(tx, id, measured))) continue;
        const pkg = await tx.package.findUniqueOrThrow({ where: { id } });
        const problems = await sendProblems(tx, pkg, now);
        if (problems.length > 0) {
          await tx.package.update({ where: { id }, data: { sentAt: null, version: { increment: 1 } } });
          await appendAuditEvent(tx, systemActor, {
            organizationId: pkg.organizationId,
            streamType: "package",
            streamId: id,
            type: "package.schedule-failed",
            data: { scheduledOn: pkg.scheduledOn?.toISOString() ?? null, problems },
          });
          result.unscheduled++;
          continue;
        }
        const packageExpiresAt = await expiryOnAvailability(tx, pkg, now);
        await tx.package.update({
          where: { id },
          data: { status: "AVAILABLE_TO_SIGNERS", availableAt: now, packageExpiresAt, version: { increment: 1 } },
        });
        await appendAuditEvent(tx, systemActor, {
          organizationId: pkg.organizationId,
          streamType: "package",
          streamId: id,
          type: "package.available",
          data: {
            action: "send",
            from: "STARTED",
            to: "AVAILABLE_TO_SIGNERS",
            scheduledOn: pkg.scheduledOn?.toISOString() ?? null,
            packageExpiresAt: packageExpiresAt?.toISOString() ?? null,
          },
        });
        await openForSigning(tx, pkg, now, measured);
        result.madeAvailable++;
      }

      const expired = await tx.$queryRaw<(DueRow & { organizationId: string; packageExpiresAt: Date })[]>`
        SELECT id, "organizationId", "packageExpiresAt" FROM "Package"
        WHERE status = 'AVAILABLE_TO_SIGNERS' AND "packageExpiresAt" <= ${now}
        ORDER BY "packageExpiresAt" LIMIT ${batchSize} FOR UPDATE SKIP LOCKED`;
      for (const row of expired) {
        await revokeSigningAccess(tx, row.id, "EXPIRED", now);
        await tx.package.update({
          where: { id: row.id },
          data: { status: "CANCELLED", cancelReason: EXPIRED_CANCELLATION_REASON, version: { increment: 1 } },
        });
        await appendAuditEvent(tx, systemActor, {
          organizationId: row.organizationId,
          streamType: "package",
          streamId: row.id,
          type: "package.expired",
          data: {
            action: "expire",
            from: "AVAILABLE_TO_SIGNERS",
            to: "CANCELLED",
            reason: EXPIRED_CANCELLATION_REASON,
            packageExpiresAt: row.packageExpiresAt.toISOString(),
          },
        });
        result.expired++;
      }

      // the sweep of issue 5 §4: a completed package still unsealed a while after completing gets its
      // seal queued again (a new key every ten minutes, so a parked job is retried, not deduplicated)
      const unsealed = await tx.$queryRaw<DueRow[]>`
        SELECT id FROM "Package"
        WHERE status IN ('COMPLETED', 'EDEPOSIT_PENDING', 'EDEPOSITED') AND "sealedAt" IS NULL
          AND "completedAt" <= ${new Date(now.getTime() - UNSEALED_GRACE_MS)}
        ORDER BY "completedAt" LIMIT ${batchSize} FOR UPDATE SKIP LOCKED`;
      for (const { id } of unsealed) {
        await enqueueSeal(tx, id, `:sweep:${Math.floor(now.getTime() / (10 * 60_000))}`);
        result.sealsRequeued++;
      }
    },
    { timeout: 60_000 },
  );
  return result;
}
