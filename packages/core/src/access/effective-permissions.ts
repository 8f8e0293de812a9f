import { DEFAULTS, type PermissionsResponse } from "@signet/contract";
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

/** The organization row every permissions answer carries (its name and feature flags). */
export type OrganizationFeatures = PermissionsResponse["organization"];

/** Everything a user's access in one organization is decided from, read in one statement. */
export interface AccessSnapshot {
  /**
   * the organization's access version in the same snapshot as the rest (null when it has no
   * counter, e.g. it is gone): what a cached copy is checked against (see access-cache.ts)
   */
  version: bigint | null;
  bits: number;
  groups: GroupPermissions[];
  organization: OrganizationFeatures | null;
}

/**
 * One round trip: the organization's access version, its row, its group tree and the user's role
 * bits per group. This runs whenever no cached copy is current, so it avoids a query per table;
 * one statement means one snapshot, so the version read matches the permissions read.
 *
 * Decision: system-defined roles (Admin, support roles) administer the whole organization, so
 * their bits apply in every group wherever they were granted. Other roles apply in the group
 * where they are granted and its sub-groups.
 */
export async function loadAccessSnapshot(db: Db, userId: string, organizationId: string): Promise<AccessSnapshot> {
  const [row] = await db.$queryRaw<
    {
      version: bigint | null;
      organization: OrganizationFeatures | null;
      groups: GroupNode[] | null;
      own: { groupId: string; permissions: number; organizationWide: boolean }[] | null;
    }[]
  >`
    SELECT
      (SELECT v.version FROM "OrganizationAccessVersion" v WHERE v."organizationId" = ${organizationId}::uuid) AS version,
      (SELECT json_build_object('id', o.id, 'name', o.name, 'eoSupport', o."eoSupport",
                                'embeddedSrEnabled', o."embeddedSrEnabled", 'enabledTrid', o."enabledTrid",
                                'enabledAV', o."enabledAV", 'enabledSmartDoc', o."enabledSmartDoc",
                                'enabledClosingCenter', o."enabledClosingCenter",
                                'enabledPkgCollaboration', o."enabledPkgCollaboration",
                                'enabledMultiLangSRSupport', o."enabledMultiLangSRSupport")
         FROM "Organization" o WHERE o.id = ${organizationId}::uuid) AS organization,
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
  const groups = inheritPermissions(row?.groups ?? [], own, organizationWide);
  const bits = groups.reduce((all, group) => all | group.permissions, organizationWide);
  return { version: row?.version ?? null, bits, groups, organization: row?.organization ?? null };
}

/** The user's effective bits, overall and per group, read afresh (no cache). */
export async function loadEffectivePermissions(db: Db, userId: string, organizationId: string) {
  const { bits, groups } = await loadAccessSnapshot(db, userId, organizationId);
  return { bits, groups };
}
