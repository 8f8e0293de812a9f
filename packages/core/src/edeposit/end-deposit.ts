import type { PackageStatus } from "@signet/contract";
import type { Actor } from "../actor.ts";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import type { Prisma } from "../db/generated/client.ts";
import { depositAttemptKey } from "./start-edeposit.ts";

/**
 * Ends a deposit — deposited (the job's last stage, or confirm) or cancelled — in the caller's
 * transaction: the deposit's final state with nothing held or scheduled, the queued automatic
 * retry dropped, the package's status moved and the audit event with the change.
 */
export async function endDeposit(
  tx: Prisma.TransactionClient,
  actor: Actor,
  input: {
    packageId: string;
    organizationId: string;
    attemptNum: number;
    from: PackageStatus;
    to: PackageStatus;
    deposit: Prisma.PackageEDepositUpdateInput;
    audit: { type: "package.edeposited" | "package.edeposit-cancelled"; data: Record<string, unknown> };
  },
): Promise<void> {
  await tx.packageEDeposit.update({
    where: { packageId: input.packageId },
    data: { ...input.deposit, nextAttemptAt: null, leaseUntil: null, runToken: null },
  });
  await tx.outboxMessage.deleteMany({
    where: { idempotencyKey: depositAttemptKey(input.packageId, input.attemptNum + 1), publishedAt: null },
  });
  const updated = await tx.package.update({
    where: { id: input.packageId },
    data: { status: input.to, version: { increment: 1 } },
  });
  await appendAuditEvent(tx, actor, {
    organizationId: input.organizationId,
    streamType: "package",
    streamId: input.packageId,
    type: input.audit.type,
    data: { ...input.audit.data, from: input.from, to: input.to, version: updated.version },
  });
}
