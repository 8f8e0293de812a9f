import { PARTICIPANT_API_MESSAGES } from "@signet/contract";
import type { Actor } from "../actor.ts";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import type { CoreDeps } from "../core-deps.ts";
import { notFound } from "../errors/app-error.ts";
import { claimStartedPackage, findManageablePackage } from "../packages/find-package.ts";
import { loadPackageAccess, packageVersionConflict } from "../packages/package-access.ts";
import { assertNotWitnessed } from "./participant-witness.ts";

/**
 * Spec §8: removing a participant deletes its configuration (and, once they exist, its tags). A signer
 * someone witnesses is not removed (409): the witness must go or name another signer first.
 */
export async function removeParticipant(
  actor: Actor,
  input: { organizationId: string; packageId: string; participantId: string; version: number },
  deps: CoreDeps,
): Promise<void> {
  const { organizationId, packageId, participantId, version } = input;
  const access = await loadPackageAccess(actor, organizationId, deps);
  await findManageablePackage(deps.db, access, packageId, "EDIT_PARTICIPANTS");
  await deps.db.$transaction(async (tx) => {
    const packageVersion = await claimStartedPackage(tx, organizationId, packageId);
    const current = await tx.participant.findFirst({ where: { id: participantId, packageId, organizationId } });
    if (!current) throw notFound(PARTICIPANT_API_MESSAGES.participantNotFound);
    // issue 34 §2b: refused rather than silently leaving a witness who attests nobody
    assertNotWitnessed(current, await tx.participant.findMany({ where: { packageId } }));
    const { count } = await tx.participant.deleteMany({ where: { id: participantId, packageId, version } });
    if (count === 0) throw packageVersionConflict();
    await appendAuditEvent(tx, actor, {
      organizationId,
      streamType: "package",
      streamId: packageId,
      type: "participant.removed",
      data: { participantId, type: current.type, roleNumber: current.roleNumber, packageVersion },
    });
  });
}
