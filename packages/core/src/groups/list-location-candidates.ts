import { type LocationCandidates, locationCandidates } from "@signet/contract";
import type { Actor } from "../actor.ts";
import type { CoreDeps } from "../core-deps.ts";
import { forbidden } from "../errors/app-error.ts";
import { findGroup } from "./find-group.ts";
import { loadGroupAccess } from "./load-group-access.ts";
import { loadGroupTree } from "./load-group-tree.ts";

/** The move dialog's location picker (spec §5), computed by the same rule the move enforces. */
export async function listLocationCandidates(
  actor: Actor,
  input: { organizationId: string; groupId: string },
  deps: CoreDeps,
): Promise<LocationCandidates> {
  const { organizationId, groupId } = input;
  const permissions = await loadGroupAccess(actor, organizationId, deps);
  await findGroup(deps.db, organizationId, groupId);
  if (!permissions.canIn(groupId, "MANAGE_GROUPS")) throw forbidden();
  const { tree, roleIdsByGroup } = await loadGroupTree(deps.db, organizationId);
  const manageable = tree.filter((node) => permissions.canIn(node.id, "MANAGE_GROUPS")).map((node) => node.id);
  return {
    records: locationCandidates(tree, groupId, manageable, roleIdsByGroup, {
      includeTopLevel: permissions.canInOrganization("MANAGE_GROUPS"),
    }),
  };
}
