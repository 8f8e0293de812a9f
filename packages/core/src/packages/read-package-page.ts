import { PACKAGE_STATUSES, type PackageListQuery, type PackageStatus } from "@signet/contract";
import { Prisma } from "../db/generated/client.ts";
import { queryRowsUnprepared } from "../db/pool-query.ts";
import type { Db } from "../db/prisma-client.ts";
import { PACKAGE_RELATIONS_SQL, type PackageRow, type RawPackageRow, toPackageRow } from "./read-package-rows.ts";

/** What one page is read from: the filters (already split into their parts) and the caller's groups. */
export interface PackagePageQuery {
  organizationId: string;
  /** the groups in which the caller sees packages: a package shared with one of them is visible */
  visibleGroupIds: readonly string[];
  statuses: readonly PackageStatus[];
  groupId?: string | undefined;
  vaultId?: string | undefined;
  createdFrom?: Date | undefined;
  /** inclusive when `createdToInclusive`, else exclusive (a date-only bound is the next day's start) */
  createdTo?: { at: Date; inclusive: boolean } | undefined;
  /** each word must be found in searchText (LIKE '%word%', already escaped) */
  words: readonly string[];
  sortBy: PackageListQuery["sortBy"];
  sortDirection: PackageListQuery["sortDirection"];
  pageNumber: number;
  pageSize: number;
}

// the sort fields as SQL: only these names ever reach the statement
const SORT_COLUMNS: Record<PackageListQuery["sortBy"], Prisma.Sql> = {
  createdAt: Prisma.raw('p."createdAt"'),
  lastUpdatedAt: Prisma.raw('p."lastUpdatedAt"'),
  name: Prisma.raw('p."name"'),
  status: Prisma.raw('p."status"'),
  shortId: Prisma.raw('p."shortId"'),
};

/** Date-only columns (TRID's dates): read as UTC midnight, the instant Prisma answers for a date. */
const DATE_ONLY_COLUMNS: ReadonlySet<string> = new Set([
  "tridMilestoneApplication",
  "tridMilestoneChangeCircumstances",
  "tridMilestoneConsummation",
  "tridSentAt",
]);

function ownColumn(column: string): string {
  return DATE_ONLY_COLUMNS.has(column)
    ? `(p."${column}"::timestamp AT TIME ZONE 'UTC') AS "${column}"`
    : `p."${column}"`;
}

/** Same statement as visiblePackagesWhere + packageFilterWhere build through Prisma, for a caller seeing through groups. */
function filterSql(query: PackagePageQuery): Prisma.Sql {
  const and: Prisma.Sql[] = [
    Prisma.sql`p."organizationId" = ${query.organizationId}::uuid`,
    Prisma.sql`EXISTS (SELECT 1 FROM "PackageGroup" vg WHERE vg."packageId" = p."id" AND vg."groupId" = ANY(${query.visibleGroupIds}::uuid[]))`,
  ];
  if (query.statuses.length > 0) and.push(Prisma.sql`p."status" = ANY(${query.statuses}::"PackageStatus"[])`);
  if (query.groupId)
    and.push(
      Prisma.sql`EXISTS (SELECT 1 FROM "PackageGroup" fg WHERE fg."packageId" = p."id" AND fg."groupId" = ${query.groupId}::uuid)`,
    );
  if (query.vaultId) and.push(Prisma.sql`p."vaultId" = ${query.vaultId}`);
  if (query.createdFrom) and.push(Prisma.sql`p."createdAt" >= ${query.createdFrom.toISOString()}::timestamptz`);
  if (query.createdTo) {
    const at = query.createdTo.at.toISOString();
    and.push(
      query.createdTo.inclusive
        ? Prisma.sql`p."createdAt" <= ${at}::timestamptz`
        : Prisma.sql`p."createdAt" < ${at}::timestamptz`,
    );
  }
  for (const word of query.words) and.push(Prisma.sql`p."searchText" LIKE ${`%${word}%`}`);
  return Prisma.join(and, " AND ");
}

/**
 * The total: for a list filtered at most by status and group, the sum of the kept counts
 * (kept-status-counts.ts says why that counts each visible package once); otherwise a count
 * under the same WHERE as the page.
 */
function countSql(query: PackagePageQuery, where: Prisma.Sql): Prisma.Sql {
  const kept = !query.vaultId && !query.createdFrom && !query.createdTo && query.words.length === 0;
  if (!kept) return Prisma.sql`SELECT count(*)::int FROM "Package" p WHERE ${where}`;
  const statuses = query.statuses.length > 0 ? [...new Set(query.statuses)] : PACKAGE_STATUSES;
  return Prisma.sql`
    SELECT coalesce(sum(c."count"), 0)::int FROM "PackageStatusCount" c
     WHERE c."organizationId" = ${query.organizationId}::uuid
       AND c."groupIds" && ${query.visibleGroupIds}::uuid[]
       AND c."status" = ANY(${statuses}::"PackageStatus"[])
       ${query.groupId ? Prisma.sql`AND ${query.groupId}::uuid = ANY(c."groupIds")` : Prisma.empty}`;
}

/**
 * One page of the filtered list and its total in ONE statement, for a caller who sees packages
 * through groups: the page's ids walk the sort (ties broken by id in the same direction, as the
 * Prisma path sorts), then each row is read with its groups and participants as readPackageRows
 * reads them. The total rides on every row; a page past the end answers one row holding only it.
 */
export async function readPackagePage<C extends keyof PackageRow & string = keyof PackageRow & string>(
  db: Db,
  query: PackagePageQuery,
  /** the package's own columns to read (every column when not given): a view that shows a few reads only those */
  columns?: readonly C[],
): Promise<{ rows: Pick<PackageRow, C | "groups" | "participants">[]; count: number }> {
  const own = columns ? Prisma.raw(columns.map(ownColumn).join(", ")) : Prisma.raw("p.*");
  const where = filterSql(query);
  const direction = query.sortDirection === "asc" ? Prisma.raw("ASC") : Prisma.raw("DESC");
  const sort = SORT_COLUMNS[query.sortBy];
  // literals, not parameters: a prepared statement's generic plan would not know how few rows are
  // wanted and walk all visible packages to sort them instead of the index's order
  const limit = Prisma.raw(String(Math.trunc(query.pageSize)));
  const offset = Prisma.raw(String(Math.trunc((query.pageNumber - 1) * query.pageSize)));
  const statement = Prisma.sql`
    WITH page AS MATERIALIZED (
      SELECT p."id", row_number() OVER (ORDER BY ${sort} ${direction}, p."id" ${direction}) AS "position"
        FROM "Package" p
       WHERE ${where}
       ORDER BY ${sort} ${direction}, p."id" ${direction}
       LIMIT ${limit} OFFSET ${offset})
    SELECT t."total" AS "__total", r.*
      FROM (${countSql(query, where)}) AS t("total")
      LEFT JOIN LATERAL (
        SELECT page."position" AS "__position", ${own},
               ${PACKAGE_RELATIONS_SQL}
          FROM page JOIN "Package" p ON p."id" = page."id") r ON true
     ORDER BY r."__position"`;
  // the named columns on the pg pool (Prisma's own work per query was as much CPU as the rest of
  // the workspace page): each one reads there as through Prisma (date-only ones as UTC midnight,
  // see ownColumn). Every column (p.*) stays on Prisma, which knows them all. Not prepared: the
  // literal LIMIT and OFFSET make a text per page
  type Raw = RawPackageRow & { __total: number; __position: string | bigint | null };
  const rows = columns
    ? await queryRowsUnprepared<Raw>(db, statement.text, statement.values)
    : await db.$queryRaw<Raw[]>(statement);
  const count = rows[0]?.__total ?? 0;
  const page = rows
    .filter((row) => row.__position !== null)
    .map(({ __total: _total, __position: _position, ...row }) => toPackageRow(row));
  return { rows: page, count };
}
