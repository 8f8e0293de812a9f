import { PARTICIPANT_API_MESSAGES, type ParticipantList, type ParticipantsOrder } from "@signet/contract";
import type { Actor } from "../actor.ts";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import type { CoreDeps } from "../core-deps.ts";
import { AppError } from "../errors/app-error.ts";
import { claimStartedPackage, findManageablePackage } from "../packages/find-package.ts";
import { loadPackageAccess } from "../packages/package-access.ts";
import { participantOrder, toParticipants } from "./participant-views.ts";

/**
 * Ordered signing (signingOrder PARTICIPANT): each participant's place, 1 first; equal numbers sign
 * together. The list names every participant of the package once, at the package's version.
 */
export async function setParticipantsOrder(
  actor: Actor,
  input: ParticipantsOrder & { organizationId: string; packageId: string },
  deps: CoreDeps,
): Promise<ParticipantList> {
  const { organizationId, packageId } = input;
  const access = await loadPackageAccess(actor, organizationId, deps);
  await findManageablePackage(deps.db, access, packageId, "EDIT_PARTICIPANTS");
  const rows = await deps.db.$transaction(async (tx) => {
    const packageVersion = await claimStartedPackage(tx, organizationId, packageId, input.version);
    const current = await tx.participant.findMany({ where: { packageId }, select: { id: true, orderSequence: true } });
    const named = new Set(input.participants.map((entry) => entry.participantUid));
    if (
      named.size !== input.participants.length ||
      named.size !== current.length ||
      !current.every((participant) => named.has(participant.id))
    ) {
      throw new AppError("BAD_REQUEST", PARTICIPANT_API_MESSAGES.orderMustListEveryParticipant);
    }
    const before = new Map(current.map((participant) => [participant.id, participant.orderSequence]));
    for (const entry of input.participants) {
      if (before.get(entry.participantUid) === entry.signingOrder) continue;
      await tx.participant.update({
        where: { id: entry.participantUid },
        data: { orderSequence: entry.signingOrder, version: { increment: 1 } },
      });
    }
    await appendAuditEvent(tx, actor, {
      organizationId,
      streamType: "package",
      streamId: packageId,
      type: "participants.reordered",
      data: { packageVersion, order: input.participants },
    });
    return tx.participant.findMany({ where: { packageId }, orderBy: participantOrder });
  });
  return { records: toParticipants(rows), count: rows.length };
}
