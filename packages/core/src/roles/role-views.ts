import { isSystemDefinedRole, permissionNames, type Role } from "@signet/contract";
import type { Prisma } from "../db/generated/client.ts";
import type { Db } from "../db/prisma-client.ts";

type Reader = Db | Prisma.TransactionClient;

/**
 * Visible roles of one organization with their counts: groupCount = groups whose role structure
 * has the role, memberCount = distinct users holding it in some group.
 */
export async function loadRoleViews(db: Reader, organizationId: string, ids: readonly string[] | null = null) {
  const where = { organizationId, hidden: false, ...(ids ? { id: { in: [...ids] } } : {}) };
  const [roles, groupCounts, memberCounts] = await Promise.all([
    db.role.findMany({ where }),
    db.groupRole.groupBy({ by: ["roleId"], where: { organizationId }, _count: { _all: true } }),
    db.$queryRaw<{ roleId: string; members: number }[]>`
      SELECT "roleId", count(DISTINCT "userId")::int AS members
        FROM "MemberRole" WHERE "organizationId" = ${organizationId}::uuid
       GROUP BY "roleId"`,
  ]);
  const groupsByRole = new Map(groupCounts.map((row) => [row.roleId, row._count._all]));
  const membersByRole = new Map(memberCounts.map((row) => [row.roleId, row.members]));
  return roles.map(
    (role): Role => ({
      id: role.id,
      name: role.name,
      description: role.description,
      roleColor: role.roleColor,
      permissions: role.permissions,
      permissionNames: permissionNames(role.permissions),
      groupCount: groupsByRole.get(role.id) ?? 0,
      memberCount: membersByRole.get(role.id) ?? 0,
      systemDefined: isSystemDefinedRole(role),
      hidden: role.hidden,
      eoSupport: role.eoSupport,
      version: role.version,
      createdAt: role.createdAt.toISOString(),
      lastUpdatedAt: role.lastUpdatedAt.toISOString(),
      createdBy: role.createdById,
      updatedBy: role.updatedById,
    }),
  );
}

export async function loadRoleView(db: Reader, organizationId: string, roleId: string): Promise<Role> {
  const [view] = await loadRoleViews(db, organizationId, [roleId]);
  if (!view) throw new Error(`role ${roleId} vanished`);
  return view;
}
