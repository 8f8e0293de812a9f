import type { GroupMember, GroupMembersPage, GroupMembersQuery } from "@signet/contract";
import type { Actor } from "../actor.ts";
import type { CoreDeps } from "../core-deps.ts";
import type { Db } from "../db/prisma-client.ts";
import { forbidden } from "../errors/app-error.ts";
import { findGroup } from "../groups/find-group.ts";
import { loadGroupAccess } from "../groups/load-group-access.ts";
import { loadGroupTree } from "../groups/load-group-tree.ts";
import { ancestorsAndSelf, type Grant, rolesInGroup } from "./member-roles.ts";

const ROLE_SELECT = { id: true, name: true, roleColor: true } as const;

/**
 * Members of a group as shown (own roles first, then roles from ancestor groups), for the given
 * users or — `userIds` null — for every direct member and every user with a role in an ancestor.
 */
export async function loadGroupMembers(
  db: Db,
  organizationId: string,
  groupId: string,
  userIds: readonly string[] | null,
): Promise<GroupMember[]> {
  const { tree } = await loadGroupTree(db, organizationId);
  const chain = ancestorsAndSelf(tree, groupId);
  const userFilter = userIds ? { userId: { in: [...userIds] } } : {};
  const [direct, grants] = await Promise.all([
    db.groupMember.findMany({ where: { groupId, ...userFilter }, select: { userId: true } }),
    db.memberRole.findMany({
      where: { organizationId, groupId: { in: chain }, role: { hidden: false }, ...userFilter },
      select: { groupId: true, userId: true, role: { select: ROLE_SELECT } },
    }),
  ]);
  const directIds = new Set(direct.map((row) => row.userId));
  const grantsByUser = new Map<string, Grant[]>();
  for (const grant of grants) {
    const list = grantsByUser.get(grant.userId) ?? [];
    list.push(grant);
    grantsByUser.set(grant.userId, list);
  }
  const ids = new Set([...directIds, ...grantsByUser.keys()]);
  const users = await db.user.findMany({
    where: { id: { in: [...ids] } },
    select: { id: true, givenName: true, familyName: true, email: true },
  });
  return users
    .map((user) => ({
      userId: user.id,
      givenName: user.givenName,
      familyName: user.familyName,
      email: user.email,
      inherited: !directIds.has(user.id),
      roles: rolesInGroup(chain, grantsByUser.get(user.id) ?? []),
    }))
    .filter((member) => !member.inherited || member.roles.length > 0);
}

const text = (a: string, b: string) => a.localeCompare(b, "en", { sensitivity: "base" });
const COMPARE: Record<GroupMembersQuery["sortBy"], (a: GroupMember, b: GroupMember) => number> = {
  name: (a, b) => text(a.familyName, b.familyName) || text(a.givenName, b.givenName),
  email: (a, b) => text(a.email, b.email),
};

export async function listGroupMembers(
  actor: Actor,
  input: GroupMembersQuery & { organizationId: string; groupId: string },
  deps: CoreDeps,
): Promise<GroupMembersPage> {
  const { organizationId, groupId } = input;
  const access = await loadGroupAccess(actor, organizationId, deps);
  await findGroup(deps.db, organizationId, groupId);
  if (!access.canIn(groupId, "VIEW_USERS_GROUPS_ROLES")) throw forbidden();
  const members = await loadGroupMembers(deps.db, organizationId, groupId, null);
  const direction = input.sortDirection === "desc" ? -1 : 1;
  const compare = COMPARE[input.sortBy];
  members.sort((a, b) => direction * compare(a, b) || a.email.localeCompare(b.email));
  const start = (input.pageNumber - 1) * input.pageSize;
  return { records: members.slice(start, start + input.pageSize), count: members.length };
}
