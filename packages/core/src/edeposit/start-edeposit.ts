import { decideTransition } from "@signet/contract";
import { systemActor } from "../actor.ts";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import type { Prisma } from "../db/generated/client.ts";
import { enqueueOutbox } from "../jobs/enqueue-outbox.ts";

type Tx = Prisma.TransactionClient;

/** The outbox key of one deposit attempt: an automatic and a manual retry of the same attempt coincide. */
export const depositAttemptKey = (packageId: string, attempt: number) => `edeposit:${packageId}:${attempt}`;

export function enqueueDepositAttempt(tx: Tx, packageId: string, attempt: number, availableAt?: Date) {
  return enqueueOutbox(tx, "edeposit.run", { packageId, attempt }, depositAttemptKey(packageId, attempt), availableAt);
}

/**
 * DOMAIN.md §1/§2: a sealed COMPLETED package whose eDeposit is enabled becomes EDEPOSIT_PENDING and
 * its first deposit attempt is queued, in the transaction that marks it sealed. Returns whether it
 * started (false: eDeposit off, or already started).
 */
export async function startEDepositIfEnabled(
  tx: Tx,
  pkg: { id: string; organizationId: string },
  now = new Date(),
): Promise<boolean> {
  const deposit = await tx.packageEDeposit.findUnique({ where: { packageId: pkg.id } });
  if (!deposit?.enabled || deposit.status !== null) return false;
  const current = await tx.package.findUniqueOrThrow({ where: { id: pkg.id }, select: { status: true } });
  const decision = decideTransition(current.status, "startEDeposit");
  if (!decision.allowed || !decision.to) return false;
  const { count } = await tx.packageEDeposit.updateMany({
    where: { packageId: pkg.id, status: null },
    data: { status: "IN_PROGRESS", attemptNum: 1, startedAt: now, nextStage: "OPEN_TRANSACTION" },
  });
  if (count === 0) return false;
  const updated = await tx.package.update({
    where: { id: pkg.id },
    data: { status: decision.to, version: { increment: 1 } },
  });
  await appendAuditEvent(tx, systemActor, {
    organizationId: pkg.organizationId,
    streamType: "package",
    streamId: pkg.id,
    type: "package.edeposit-started",
    data: { action: "startEDeposit", from: current.status, to: decision.to, version: updated.version },
  });
  await enqueueDepositAttempt(tx, pkg.id, 1);
  return true;
}
