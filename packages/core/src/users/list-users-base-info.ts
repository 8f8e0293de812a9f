import type { UserBaseInfo } from "@signet/contract";
import { requirePermission } from "../access/organization-access.ts";
import type { Actor } from "../actor.ts";
import type { CoreDeps } from "../core-deps.ts";
import { userSearchWhere } from "./user-search.ts";

/** Id, names and email of an organization's users, for pickers (e.g. adding members to a group). */
export async function listUsersBaseInfo(
  actor: Actor,
  input: { organizationId: string; search?: string | undefined; limit: number; enabledOnly: boolean },
  deps: CoreDeps,
): Promise<UserBaseInfo[]> {
  await requirePermission(
    actor,
    input.organizationId,
    ["VIEW_USERS_GROUPS_ROLES", "MANAGE_USERS", "MANAGE_GROUPS"],
    deps,
  );
  return deps.db.user.findMany({
    where: {
      memberships: {
        some: { organizationId: input.organizationId, ...(input.enabledOnly ? { enabled: true } : {}) },
      },
      ...userSearchWhere(input.search),
    },
    orderBy: [{ givenName: "asc" }, { familyName: "asc" }, { id: "asc" }],
    take: input.limit,
    select: { id: true, givenName: true, familyName: true, email: true },
  });
}
