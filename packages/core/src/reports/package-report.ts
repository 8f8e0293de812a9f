import {
  PACKAGE_STATUSES,
  type PackageReport,
  type PackageReportQuery,
  type PackageReportRow,
  type PackageReportTotals,
  type PackageStatus,
} from "@signet/contract";
import type { Actor } from "../actor.ts";
import type { CoreDeps } from "../core-deps.ts";
import type { Prisma } from "../db/generated/client.ts";
import type { PackageAccess } from "../packages/package-access.ts";
import { daysToComplete } from "./report-periods.ts";
import { loadReportAccess, packageReportWhere, packageReportWhereSql, reportFilterOf } from "./report-scope.ts";

export const packageReportSelect = {
  id: true,
  shortId: true,
  name: true,
  status: true,
  createdById: true,
  createdAt: true,
  sentAt: true,
  completedAt: true,
  groups: { select: { group: { select: { name: true } } } },
  _count: { select: { participants: true } },
} satisfies Prisma.PackageSelect;
type ReportPackage = Prisma.PackageGetPayload<{ select: typeof packageReportSelect }>;

/** Report rows for packages read together: senders' names are looked up once per batch. */
export async function toReportRows(packages: ReportPackage[], deps: CoreDeps): Promise<PackageReportRow[]> {
  const senderIds = [...new Set(packages.map((pkg) => pkg.createdById).filter((id): id is string => id !== null))];
  const senders = senderIds.length
    ? await deps.db.user.findMany({
        where: { id: { in: senderIds } },
        select: { id: true, givenName: true, familyName: true },
      })
    : [];
  const names = new Map(senders.map((user) => [user.id, `${user.givenName} ${user.familyName}`.trim()]));
  return packages.map((pkg) => ({
    id: pkg.id,
    shortId: pkg.shortId,
    name: pkg.name,
    status: pkg.status,
    senderName: pkg.createdById ? (names.get(pkg.createdById) ?? null) : null,
    groups: pkg.groups.map((link) => link.group.name).sort((a, b) => a.localeCompare(b)),
    createdAt: pkg.createdAt.toISOString(),
    sentAt: pkg.sentAt?.toISOString() ?? null,
    completedAt: pkg.completedAt?.toISOString() ?? null,
    participantCount: pkg._count.participants,
    daysToComplete: daysToComplete(pkg.sentAt, pkg.completedAt),
  }));
}

const NULLABLE_SORTS = new Set(["sentAt", "completedAt"]);

/** Totals over every matching package, in the database: counts by status and time to completion. */
async function reportTotals(
  access: PackageAccess,
  query: PackageReportQuery,
  deps: CoreDeps,
): Promise<PackageReportTotals> {
  const filter = reportFilterOf(query);
  const [grouped, [times]] = await Promise.all([
    deps.db.package.groupBy({ by: ["status"], where: packageReportWhere(access, filter), _count: { _all: true } }),
    deps.db.$queryRaw<{ completed: number; median: number | null; average: number | null }[]>`
      SELECT count(*)::int AS completed,
             percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM p."completedAt" - p."sentAt")) / 86400 AS median,
             avg(extract(epoch FROM p."completedAt" - p."sentAt"))::float8 / 86400 AS average
      FROM "Package" p
      WHERE ${packageReportWhereSql(access, filter)}
        AND p."sentAt" IS NOT NULL AND p."completedAt" IS NOT NULL AND p."completedAt" >= p."sentAt"`,
  ]);
  const byStatus = Object.fromEntries(PACKAGE_STATUSES.map((status) => [status, 0])) as Record<PackageStatus, number>;
  for (const row of grouped) byStatus[row.status] = row._count._all;
  const oneDecimal = (value: number | null | undefined) =>
    value === null || value === undefined ? null : Math.round(Number(value) * 10) / 10;
  return {
    count: grouped.reduce((sum, row) => sum + row._count._all, 0),
    byStatus,
    completedCount: times?.completed ?? 0,
    medianDaysToComplete: oneDecimal(times?.median),
    averageDaysToComplete: oneDecimal(times?.average),
  };
}

/** The package report (issue 14 §3): one page of rows and the totals over every matching package. */
export async function packageReport(
  actor: Actor,
  input: PackageReportQuery & { organizationId: string },
  deps: CoreDeps,
): Promise<PackageReport> {
  const access = await loadReportAccess(actor, input.organizationId, deps);
  const where = packageReportWhere(access, reportFilterOf(input));
  const order = NULLABLE_SORTS.has(input.sortBy)
    ? { [input.sortBy]: { sort: input.sortDirection, nulls: "last" } }
    : { [input.sortBy]: input.sortDirection };
  const [packages, totals] = await Promise.all([
    deps.db.package.findMany({
      where,
      select: packageReportSelect,
      orderBy: [order, { id: input.sortDirection }],
      skip: (input.pageNumber - 1) * input.pageSize,
      take: input.pageSize,
    }),
    reportTotals(access, input, deps),
  ]);
  return { records: await toReportRows(packages, deps), count: totals.count, totals };
}
