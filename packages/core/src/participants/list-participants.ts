import type { ParticipantList } from "@signet/contract";
import type { Actor } from "../actor.ts";
import type { CoreDeps } from "../core-deps.ts";
import { findVisiblePackage } from "../packages/find-package.ts";
import { loadPackageAccess } from "../packages/package-access.ts";
import { participantOrder, toParticipants } from "./participant-views.ts";

export async function listParticipants(
  actor: Actor,
  input: { organizationId: string; packageId: string },
  deps: CoreDeps,
): Promise<ParticipantList> {
  const access = await loadPackageAccess(actor, input.organizationId, deps);
  if (!access.canViewTemplates) access.require("VIEW_DOCUMENTS_PACKAGES");
  await findVisiblePackage(deps.db, access, input.packageId);
  const rows = await deps.db.participant.findMany({ where: { packageId: input.packageId }, orderBy: participantOrder });
  return { records: toParticipants(rows), count: rows.length };
}
