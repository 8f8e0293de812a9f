import { PACKAGE_STATUSES, type PackageStatus, type PackageStatusCounts } from "@signet/contract";
import { Prisma } from "../db/generated/client.ts";
import type { Db } from "../db/prisma-client.ts";

/**
 * Packages per status among those shared with at least one of `visibleGroupIds` (and, when given,
 * with `groupId`), read from the counts the database keeps (migration package_status_counts).
 * Each package sits in exactly one count row, the one of its exact set of groups; it is visible
 * exactly when that set meets the visible groups and passes the group filter exactly when the set
 * holds the group, so the sum over the matching rows counts every such package once, whether it is
 * shared with one group or several and whichever groups the caller sees. A few rows per
 * organization are read, however many packages it has.
 */
export async function keptStatusCounts(
  db: Db,
  organizationId: string,
  visibleGroupIds: readonly string[],
  groupId?: string,
): Promise<PackageStatusCounts> {
  const rows = await db.$queryRaw<{ status: PackageStatus; count: number }[]>`
    SELECT c."status"::text AS "status", sum(c."count")::int AS "count"
      FROM "PackageStatusCount" c
     WHERE c."organizationId" = ${organizationId}::uuid
       AND c."groupIds" && ${visibleGroupIds}::uuid[]
       ${groupId ? Prisma.sql`AND ${groupId}::uuid = ANY(c."groupIds")` : Prisma.empty}
     GROUP BY c."status"`;
  const counts = Object.fromEntries(PACKAGE_STATUSES.map((status) => [status, 0])) as PackageStatusCounts;
  for (const row of rows) counts[row.status] = row.count;
  return counts;
}
