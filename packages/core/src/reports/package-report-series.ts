import {
  PACKAGE_STATUSES,
  type PackageReportFilter,
  type PackageReportSeries,
  type PackageStatus,
} from "@signet/contract";
import type { Actor } from "../actor.ts";
import type { CoreDeps } from "../core-deps.ts";
import { chooseReportBucket, completionTimeBuckets, periodsBetween } from "./report-periods.ts";
import { loadReportAccess, packageReportWhere, packageReportWhereSql, reportFilterOf } from "./report-scope.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
const MAX_POINTS = 520;

const emptyCounts = () =>
  Object.fromEntries(PACKAGE_STATUSES.map((status) => [status, 0])) as Record<PackageStatus, number>;

/**
 * The package report's charts, each one aggregate query: packages created per day or week by their
 * status now, completed packages by time from sending to completion, and per group the share of
 * sent packages that completed.
 */
export async function packageReportSeries(
  actor: Actor,
  input: PackageReportFilter & { organizationId: string },
  deps: CoreDeps,
): Promise<PackageReportSeries> {
  const access = await loadReportAccess(actor, input.organizationId, deps);
  const filter = reportFilterOf(input);
  const where = packageReportWhereSql(access, filter);

  // the chart spans the filter's dates; an open end is where the matching packages end
  const span = await deps.db.package.aggregate({
    where: packageReportWhere(access, filter),
    _min: { createdAt: true },
    _max: { createdAt: true },
  });
  const from = filter.createdFrom ? new Date(filter.createdFrom) : span._min.createdAt;
  const to = filter.createdTo ? new Date(filter.createdTo) : span._max.createdAt;
  const bucket = from && to && to >= from ? chooseReportBucket(from, to) : "day";

  const [byPeriod, byDays, byGroup] = await Promise.all([
    deps.db.$queryRaw<{ period: string; status: PackageStatus; count: number }[]>`
      SELECT to_char(date_trunc(${bucket}::text, p."createdAt" AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS period,
             p.status::text AS status, count(*)::int AS count
      FROM "Package" p WHERE ${where}
      GROUP BY 1, 2 ORDER BY 1`,
    deps.db.$queryRaw<{ days: number; count: number }[]>`
      SELECT floor(extract(epoch FROM p."completedAt" - p."sentAt") / 86400)::int AS days, count(*)::int AS count
      FROM "Package" p
      WHERE ${where} AND p."sentAt" IS NOT NULL AND p."completedAt" IS NOT NULL AND p."completedAt" >= p."sentAt"
      GROUP BY 1`,
    deps.db.$queryRaw<{ groupId: string; name: string; sent: number; completed: number }[]>`
      SELECT g.id AS "groupId", g.name,
             count(*) FILTER (WHERE p."sentAt" IS NOT NULL)::int AS sent,
             count(*) FILTER (WHERE p."sentAt" IS NOT NULL AND p."completedAt" IS NOT NULL)::int AS completed
      FROM "Package" p
      JOIN "PackageGroup" pg ON pg."packageId" = p.id
      JOIN "Group" g ON g.id = pg."groupId"
      WHERE ${where} AND pg."groupId" = ANY(${access.visibleGroupIds}::uuid[])
      GROUP BY g.id, g.name ORDER BY g.name`,
  ]);

  const counted = new Map<string, Record<PackageStatus, number>>();
  for (const row of byPeriod) {
    const counts = counted.get(row.period) ?? emptyCounts();
    counts[row.status] = row.count;
    counted.set(row.period, counts);
  }
  // every period of the span is a point, so quiet days show as zero rather than being skipped
  // (unless a hand-made range would make thousands of empty points)
  const points =
    from && to && to >= from ? (to.getTime() - from.getTime()) / (bucket === "day" ? DAY_MS : 7 * DAY_MS) : 0;
  const periods = from && to && to >= from && points <= MAX_POINTS ? periodsBetween(from, to, bucket) : [];
  const allPeriods = [...new Set([...periods, ...counted.keys()])].sort();

  return {
    bucket,
    byStatus: allPeriods.map((period) => ({ period, counts: counted.get(period) ?? emptyCounts() })),
    completionTime: completionTimeBuckets(byDays),
    completionByGroup: byGroup.map((row) => ({
      ...row,
      rate: row.sent === 0 ? 0 : Math.round((row.completed / row.sent) * 1000) / 1000,
    })),
  };
}
