import { DEFAULTS } from "@signet/contract";
import type { Db } from "../db/prisma-client.ts";

const SYSTEM_ADMIN_ROLE_KEY = DEFAULTS.adminRoleName.toLowerCase();

export interface GroupPermissions {
  groupId: string;
  name: string;
  permissions: number;
  /** the user holds no role in this group itself: every bit comes from an ancestor group */
  inherited: boolean;
}

/** A group tree node as the inheritance rule needs it. */
export interface GroupNode {
  id: string;
  parentId: string | null;
  name: string;
}

/**
 * Roles granted in a group apply in its sub-groups: a group's effective bits are its own bits
 * OR-ed with those of every ancestor, plus the organization-wide bits (see loadEffectivePermissions).
 * Pure, so the rule is tested without a database.
 */
export function inheritPermissions(
  groups: readonly GroupNode[],
  ownBits: ReadonlyMap<string, number>,
  organizationWideBits = 0,
): GroupPermissions[] {
  const byId = new Map(groups.map((group) => [group.id, group]));
  const memo = new Map<string, number>();
  const effective = (id: string, depth = 0): number => {
    const cached = memo.get(id);
    if (cached !== undefined) return cached;
    const group = byId.get(id);
    // depth guard: a corrupt cycle must not hang a request
    const parentBits = group?.parentId && depth < 256 ? effective(group.parentId, depth + 1) : 0;
    const bits = (ownBits.get(id) ?? 0) | parentBits | organizationWideBits;
    memo.set(id, bits);
    return bits;
  };
  return groups
    .map((group) => ({
      groupId: group.id,
      name: group.name,
      permissions: effective(group.id),
      inherited: (ownBits.get(group.id) ?? 0) === 0,
    }))
    .filter((group) => group.permissions !== 0);
}

/**
 * One round trip: the organization's group tree and the user's role bits per group. This runs on
 * every permission check, so it avoids a query per table.
 *
 * Decision: system-defined roles (Admin, support roles) administer the whole organization, so
 * their bits apply in every group wherever they were granted. Other roles apply in the group
 * where they are granted and its sub-groups.
 */
export async function loadEffectivePermissions(db: Db, userId: string, organizationId: string) {
  const [row] = await db.$queryRaw<
    { groups: GroupNode[] | null; own: { groupId: string; permissions: number; organizationWide: boolean }[] | null }[]
  >`
    SELECT
      (SELECT json_agg(json_build_object('id', g.id, 'parentId', g."parentId", 'name', g.name))
         FROM "Group" g WHERE g."organizationId" = ${organizationId}::uuid) AS groups,
      (SELECT json_agg(json_build_object('groupId', mr."groupId", 'permissions', r.permissions,
                                         'organizationWide', r."eoSupport" OR r."nameKey" = ${SYSTEM_ADMIN_ROLE_KEY}))
         FROM "MemberRole" mr JOIN "Role" r ON r.id = mr."roleId"
        WHERE mr."userId" = ${userId}::uuid AND mr."organizationId" = ${organizationId}::uuid) AS own`;
  const own = new Map<string, number>();
  let organizationWide = 0;
  for (const entry of row?.own ?? []) {
    own.set(entry.groupId, (own.get(entry.groupId) ?? 0) | entry.permissions);
    if (entry.organizationWide) organizationWide |= entry.permissions;
  }
  const perGroup = inheritPermissions(row?.groups ?? [], own, organizationWide);
  const bits = perGroup.reduce((all, group) => all | group.permissions, organizationWide);
  return { bits, groups: perGroup };
}
