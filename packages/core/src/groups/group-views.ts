import type { Group } from "@signet/contract";
import type { Prisma } from "../db/generated/client.ts";
import type { Db } from "../db/prisma-client.ts";
import type { GroupAccess } from "./load-group-access.ts";

type Reader = Db | Prisma.TransactionClient;

/**
 * Groups of one organization as the API shows them. `ids` null loads every group. Hidden roles are
 * left out of the role structure shown (they are never listed), not out of the rules.
 */
export async function loadGroupViews(
  db: Reader,
  organizationId: string,
  ids: readonly string[] | null,
  permissions: GroupAccess,
): Promise<Group[]> {
  const groups = await db.group.findMany({
    where: { organizationId, ...(ids ? { id: { in: [...ids] } } : {}) },
    include: {
      parent: { select: { name: true } },
      roles: {
        where: { role: { hidden: false } },
        select: { role: { select: { id: true, name: true, roleColor: true } } },
      },
      _count: { select: { members: true, subGroups: true, packages: true } },
    },
  });
  const uniqueFor = await groupsOnlyGroupOfAPackage(db, organizationId, ids);
  return groups.map((group) => ({
    id: group.id,
    parentId: group.parentId,
    parentName: group.parent?.name ?? null,
    name: group.name,
    description: group.description,
    memberCount: group._count.members,
    roles: group.roles
      .map(({ role }) => role)
      .sort((a, b) => a.name.localeCompare(b.name, "en", { sensitivity: "base" })),
    version: group.version,
    createdBy: group.createdById,
    updatedBy: group.updatedById,
    hasChildren: group._count.subGroups > 0,
    hasPackages: group._count.packages > 0,
    uniqueForPackage: uniqueFor.has(group.id),
    createdAt: group.createdAt.toISOString(),
    lastUpdatedAt: group.lastUpdatedAt.toISOString(),
    canManage: permissions.canIn(group.id, "MANAGE_GROUPS"),
  }));
}

/** Groups that are the only group of some package (spec §5: they cannot be deleted). */
async function groupsOnlyGroupOfAPackage(
  db: Reader,
  organizationId: string,
  ids: readonly string[] | null,
): Promise<Set<string>> {
  const rows = await db.$queryRaw<{ groupId: string }[]>`
    SELECT DISTINCT pg."groupId"::text AS "groupId"
      FROM "PackageGroup" pg
     WHERE pg."organizationId" = ${organizationId}::uuid
       AND (${ids === null} OR pg."groupId"::text = ANY(${ids ?? []}::text[]))
       AND NOT EXISTS (SELECT 1 FROM "PackageGroup" other
                        WHERE other."packageId" = pg."packageId" AND other."groupId" <> pg."groupId")`;
  return new Set(rows.map((row) => row.groupId));
}

export async function loadGroupView(
  db: Reader,
  organizationId: string,
  id: string,
  permissions: GroupAccess,
): Promise<Group> {
  const [view] = await loadGroupViews(db, organizationId, [id], permissions);
  if (!view) throw new Error(`group ${id} vanished`);
  return view;
}
