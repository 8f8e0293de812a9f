import type { Group } from "@signet/contract";
import type { Actor } from "../actor.ts";
import type { CoreDeps } from "../core-deps.ts";
import { forbidden } from "../errors/app-error.ts";
import { findGroup } from "./find-group.ts";
import { loadGroupView } from "./group-views.ts";
import { loadGroupAccess } from "./load-group-access.ts";

export async function getGroup(
  actor: Actor,
  input: { organizationId: string; groupId: string },
  deps: CoreDeps,
): Promise<Group> {
  const permissions = await loadGroupAccess(actor, input.organizationId, deps);
  await findGroup(deps.db, input.organizationId, input.groupId);
  if (!permissions.canIn(input.groupId, "VIEW_USERS_GROUPS_ROLES")) throw forbidden();
  return loadGroupView(deps.db, input.organizationId, input.groupId, permissions);
}
