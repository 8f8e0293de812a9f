import type { Role, RoleListQuery, RolePage } from "@signet/contract";
import { requirePermission } from "../access/organization-access.ts";
import type { Actor } from "../actor.ts";
import type { CoreDeps } from "../core-deps.ts";
import { loadRoleViews } from "./role-views.ts";

const byName = (a: Role, b: Role) => a.name.localeCompare(b.name, "en", { sensitivity: "base" });
const COMPARE: Record<RoleListQuery["sortBy"], (a: Role, b: Role) => number> = {
  name: byName,
  createdAt: (a, b) => a.createdAt.localeCompare(b.createdAt),
  memberCount: (a, b) => a.memberCount - b.memberCount,
  groupCount: (a, b) => a.groupCount - b.groupCount,
};

/**
 * Hidden roles are not listed. An organization has tens of roles, so counts, sorting and paging
 * happen over the whole (small) list.
 */
export async function listRoles(
  actor: Actor,
  input: RoleListQuery & { organizationId: string },
  deps: CoreDeps,
): Promise<RolePage> {
  await requirePermission(actor, input.organizationId, "VIEW_USERS_GROUPS_ROLES", deps);
  const roles = await loadRoleViews(deps.db, input.organizationId);
  const direction = input.sortDirection === "desc" ? -1 : 1;
  const compare = COMPARE[input.sortBy];
  roles.sort((a, b) => direction * compare(a, b) || byName(a, b) || a.id.localeCompare(b.id));
  const start = (input.pageNumber - 1) * input.pageSize;
  return { records: roles.slice(start, start + input.pageSize), count: roles.length };
}
