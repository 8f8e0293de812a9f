import { completionOutcome, decideTransition } from "@signet/contract";
import type { Actor } from "../actor.ts";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import type { Prisma } from "../db/generated/client.ts";
import { enqueueOutbox } from "../jobs/enqueue-outbox.ts";
import { inviteDueParticipants } from "./invite-due-participants.ts";
import { loadSigningProgress } from "./signing-progress.ts";

type Tx = Prisma.TransactionClient;

/** Queues the seal of a completed package (idempotent by package: a second enqueue is a no-op). */
export function enqueueSeal(tx: Tx, packageId: string, attempt = "") {
  return enqueueOutbox(tx, "package.seal", { packageId }, `package-seal:${packageId}${attempt}`);
}

/**
 * After a participant finished (in the same transaction, with the package row locked): completes
 * the package when nobody is left (DOMAIN.md §1: COMPLETED and sealed, or PENDING_ENOTARY for an
 * A/V session; paper documents wait for the member's finish), else invites whoever's turn came.
 */
export async function advancePackage(
  tx: Tx,
  actor: Actor,
  pkg: {
    id: string;
    organizationId: string;
    status: "AVAILABLE_TO_SIGNERS" | string;
    signingOrder: "PARALLEL" | "PARTICIPANT";
    avEsign: boolean;
  },
  now = new Date(),
): Promise<"COMPLETED" | "PENDING_ENOTARY" | "WAIT_FOR_PAPER" | null> {
  const progress = await loadSigningProgress(tx, pkg.id);
  const outcome = completionOutcome({
    participants: progress.participants,
    avEsign: pkg.avEsign,
    hasPaperDocuments: progress.hasPaperDocuments,
  });
  if (outcome === null) {
    await inviteDueParticipants(tx, pkg, now);
    return null;
  }
  if (outcome === "WAIT_FOR_PAPER") return outcome;
  const action = outcome === "COMPLETED" ? "complete" : "completeWithPendingNotary";
  const decision = decideTransition(pkg.status as "AVAILABLE_TO_SIGNERS", action);
  if (!decision.allowed || !decision.to) return null;
  const updated = await tx.package.update({
    where: { id: pkg.id },
    data: { status: decision.to, version: { increment: 1 }, ...(outcome === "COMPLETED" ? { completedAt: now } : {}) },
  });
  await appendAuditEvent(tx, actor, {
    organizationId: pkg.organizationId,
    streamType: "package",
    streamId: pkg.id,
    type: outcome === "COMPLETED" ? "package.completed" : "package.pending-enotary",
    data: { action, from: pkg.status, to: decision.to, version: updated.version, by: "participants" },
  });
  if (outcome === "COMPLETED") await enqueueSeal(tx, pkg.id);
  return outcome;
}
