import type { SigningRoomIdentifier } from "@signet/contract";
import type { Actor } from "../actor.ts";
import type { CoreDeps } from "../core-deps.ts";
import { findVisiblePackage } from "../packages/find-package.ts";
import { loadPackageAccess } from "../packages/package-access.ts";
import { participantOrder } from "../participants/participant-views.ts";

/** Spec §3 signing-room participant identifiers of a package the caller sees. */
export async function listSigningRoomIdentifiers(
  actor: Actor,
  input: { organizationId: string; packageId: string },
  deps: CoreDeps,
): Promise<{ records: SigningRoomIdentifier[]; count: number }> {
  const access = await loadPackageAccess(actor, input.organizationId, deps);
  access.require("VIEW_DOCUMENTS_PACKAGES");
  await findVisiblePackage(deps.db, access, input.packageId);
  const participants = await deps.db.participant.findMany({
    where: { packageId: input.packageId },
    orderBy: participantOrder,
  });
  const records = participants.map((participant) => ({
    identifier: participant.id,
    participantUid: participant.id,
    packageUid: participant.packageId,
    organizationUid: participant.organizationId,
    givenName: participant.givenName,
    middleName: participant.middleName,
    familyName: participant.familyName,
    generationQualifier: null,
    email: participant.email,
    phoneNumber: participant.phoneNumber,
    type: participant.type,
    accessMethod: participant.accessMethod,
    signingStatus: participant.signingStatus,
  }));
  return { records, count: records.length };
}
