import { type GroupTree, orderGroupTree } from "@signet/contract";
import type { Actor } from "../actor.ts";
import type { CoreDeps } from "../core-deps.ts";
import { forbidden } from "../errors/app-error.ts";
import { loadGroupViews } from "./group-views.ts";
import { loadGroupAccess } from "./load-group-access.ts";

/** Spec §5: the group tree shows only groups the user may view (VIEW_USERS_GROUPS_ROLES there). */
export async function listGroups(actor: Actor, input: { organizationId: string }, deps: CoreDeps): Promise<GroupTree> {
  const permissions = await loadGroupAccess(actor, input.organizationId, deps);
  if (!permissions.canInOrganization("VIEW_USERS_GROUPS_ROLES")) throw forbidden();
  const all = await loadGroupViews(deps.db, input.organizationId, null, permissions);
  const visible = orderGroupTree(all.filter((group) => permissions.canIn(group.id, "VIEW_USERS_GROUPS_ROLES")));
  return { records: visible, count: visible.length };
}
