import type { Role } from "@signet/contract";
import { requirePermission } from "../access/organization-access.ts";
import type { Actor } from "../actor.ts";
import type { CoreDeps } from "../core-deps.ts";
import { findRole } from "./find-role.ts";
import { loadRoleView } from "./role-views.ts";

export async function getRole(
  actor: Actor,
  input: { organizationId: string; roleId: string },
  deps: CoreDeps,
): Promise<Role> {
  await requirePermission(actor, input.organizationId, "VIEW_USERS_GROUPS_ROLES", deps);
  await findRole(deps.db, input.organizationId, input.roleId);
  return loadRoleView(deps.db, input.organizationId, input.roleId);
}
