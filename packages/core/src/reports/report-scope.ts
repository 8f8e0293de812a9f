import type { PackageReportFilter } from "@signet/contract";
import type { Actor } from "../actor.ts";
import type { CoreDeps } from "../core-deps.ts";
import { Prisma } from "../db/generated/client.ts";
import { packageFilterWhere } from "../packages/list-packages.ts";
import { loadPackageAccess, type PackageAccess } from "../packages/package-access.ts";

// A report covers the packages the caller may view: the workspace's rule (a package shared with a
// group in which the caller holds VIEW_DOCUMENTS_PACKAGES, loadPackageAccess), with the
// workspace's own filters (packageFilterWhere) plus the report's sender and participant type.

const DAY_MS = 24 * 60 * 60 * 1000;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** Another organization's id answers 404 (in loadPackageAccess); without the reports permission 403. */
export async function loadReportAccess(actor: Actor, organizationId: string, deps: CoreDeps): Promise<PackageAccess> {
  const access = await loadPackageAccess(actor, organizationId, deps);
  access.require("VIEW_AND_MANAGE_REPORTS");
  return access;
}

/** The report's packages as a Prisma filter: rows, counts and the CSV read through this. */
export function packageReportWhere(access: PackageAccess, filter: PackageReportFilter): Prisma.PackageWhereInput {
  const and: Prisma.PackageWhereInput[] = [packageFilterWhere(access, filter)];
  if (filter.senderId) and.push({ createdById: filter.senderId });
  if (filter.participantType) and.push({ participants: { some: { type: filter.participantType } } });
  return { AND: and };
}

/**
 * The same filter in SQL over `"Package" p`, for the aggregates Prisma cannot express (medians,
 * date buckets). The report test checks that both select the same packages under every filter.
 */
export function packageReportWhereSql(access: PackageAccess, filter: PackageReportFilter): Prisma.Sql {
  const parts: Prisma.Sql[] = [
    Prisma.sql`p."organizationId" = ${access.organizationId}::uuid`,
    Prisma.sql`EXISTS (SELECT 1 FROM "PackageGroup" vg WHERE vg."packageId" = p.id AND vg."groupId" = ANY(${access.visibleGroupIds}::uuid[]))`,
  ];
  if (filter.status && filter.status.length > 0) {
    parts.push(Prisma.sql`p.status::text = ANY(${filter.status}::text[])`);
  }
  if (filter.groupId) {
    parts.push(
      Prisma.sql`EXISTS (SELECT 1 FROM "PackageGroup" fg WHERE fg."packageId" = p.id AND fg."groupId" = ${filter.groupId}::uuid)`,
    );
  }
  if (filter.createdFrom) parts.push(Prisma.sql`p."createdAt" >= ${new Date(filter.createdFrom)}`);
  if (filter.createdTo) {
    parts.push(
      DATE_ONLY.test(filter.createdTo)
        ? Prisma.sql`p."createdAt" < ${new Date(new Date(filter.createdTo).getTime() + DAY_MS)}`
        : Prisma.sql`p."createdAt" <= ${new Date(filter.createdTo)}`,
    );
  }
  if (filter.senderId) parts.push(Prisma.sql`p."createdById" = ${filter.senderId}::uuid`);
  if (filter.participantType) {
    parts.push(
      Prisma.sql`EXISTS (SELECT 1 FROM "Participant" pt WHERE pt."packageId" = p.id AND pt.type = ${filter.participantType})`,
    );
  }
  return Prisma.join(parts, " AND ");
}

/** Only the report's filters of a query that may also carry paging. */
export function reportFilterOf(query: PackageReportFilter): PackageReportFilter {
  const { createdFrom, createdTo, status, groupId, senderId, participantType } = query;
  return { createdFrom, createdTo, status, groupId, senderId, participantType };
}
