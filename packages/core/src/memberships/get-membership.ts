import { MEMBERSHIP_MESSAGES, type Membership, orderGroupTree } from "@signet/contract";
import type { Actor } from "../actor.ts";
import type { CoreDeps } from "../core-deps.ts";
import { forbidden, notFound } from "../errors/app-error.ts";
import { loadGroupAccess } from "../groups/load-group-access.ts";
import { loadGroupTree } from "../groups/load-group-tree.ts";
import { ancestorsAndSelf, rolesInGroup } from "./member-roles.ts";

/**
 * A user's groups with own and inherited roles. Anyone may read their own; reading another user's
 * needs VIEW_USERS_GROUPS_ROLES, and then shows only groups the caller may view.
 */
export async function getMembership(
  actor: Actor,
  input: { organizationId: string; userId: string },
  deps: CoreDeps,
): Promise<Membership> {
  const { organizationId, userId } = input;
  const access = await loadGroupAccess(actor, organizationId, deps);
  const self = actor.kind === "user" && actor.userId === userId;
  if (!self && !access.canInOrganization("VIEW_USERS_GROUPS_ROLES")) throw forbidden();
  const membership = await deps.db.membership.findUnique({
    where: { userId_organizationId: { userId, organizationId } },
    select: { id: true },
  });
  if (!membership) throw notFound(MEMBERSHIP_MESSAGES.memberGroupOrganizationNotFound);
  const [{ tree }, direct, grants] = await Promise.all([
    loadGroupTree(deps.db, organizationId),
    deps.db.groupMember.findMany({ where: { organizationId, userId }, select: { groupId: true } }),
    deps.db.memberRole.findMany({
      where: { organizationId, userId, role: { hidden: false } },
      select: { groupId: true, userId: true, role: { select: { id: true, name: true, roleColor: true } } },
    }),
  ]);
  const directIds = new Set(direct.map((row) => row.groupId));
  const groups = orderGroupTree(tree)
    .filter((node) => self || access.canIn(node.id, "VIEW_USERS_GROUPS_ROLES"))
    .map((node) => ({
      groupId: node.id,
      name: node.name,
      parentId: node.parentId,
      member: directIds.has(node.id),
      roles: rolesInGroup(ancestorsAndSelf(tree, node.id), grants),
    }))
    .filter((group) => group.member || group.roles.length > 0);
  return { userId, organizationId, groups };
}
