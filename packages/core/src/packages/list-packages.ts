import {
  NO_STATUS_FILTER,
  PACKAGE_STATUSES,
  type PackageList,
  type PackageListQuery,
  type PackageStatus,
  type PackageStatusCounts,
  type WorkspacePackageList,
} from "@signet/contract";
import type { Actor } from "../actor.ts";
import type { CoreDeps } from "../core-deps.ts";
import type { Prisma } from "../db/generated/client.ts";
import { keptStatusCounts } from "./kept-status-counts.ts";
import { loadPackageAccess, type PackageAccess } from "./package-access.ts";
import { toPackage, toWorkspacePackage, WORKSPACE_COLUMNS } from "./package-views.ts";
import { readPackagePage } from "./read-package-page.ts";
import { type PackageRow, readPackageRows } from "./read-package-rows.ts";
import { readTridContext } from "./trid-view.ts";

type ListInput = PackageListQuery & { organizationId: string };

const DAY_MS = 24 * 60 * 60 * 1000;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** Packages the caller sees: shared with a group in which they hold VIEW_DOCUMENTS_PACKAGES. */
export function visiblePackagesWhere(access: PackageAccess): Prisma.PackageWhereInput {
  // a closing-center user sees exactly the packages with a live share to their center (issue 16 §3)
  if (access.closingCenter) {
    if (!access.closingCenter.active) return { id: { in: [] } };
    return {
      organizationId: access.organizationId,
      templateKind: null,
      closingCenterShares: { some: { closingCenterId: access.closingCenter.id, revokedAt: null } },
    };
  }
  return { organizationId: access.organizationId, groups: { some: { groupId: { in: access.visibleGroupIds } } } };
}

/** Prisma passes `contains` to LIKE as it is: % and _ in what the user typed must match themselves. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

const statusFilter = (query: Partial<PackageListQuery>) =>
  (query.status ?? []).filter((status): status is PackageStatus => status !== NO_STATUS_FILTER);
const searchWords = (query: Partial<PackageListQuery>) =>
  (query.text ?? "").toLocaleLowerCase("en").split(/\s+/).filter(Boolean);

/** The workspace filters (spec §3, issue 4): status (NONE = none selected = every status), group, text, dates. */
export function packageFilterWhere(access: PackageAccess, query: Partial<PackageListQuery>): Prisma.PackageWhereInput {
  const and: Prisma.PackageWhereInput[] = [visiblePackagesWhere(access)];
  const statuses = statusFilter(query);
  if (statuses.length > 0) and.push({ status: { in: statuses } });
  if (query.groupId) and.push({ groups: { some: { groupId: query.groupId } } });
  if (query.vaultId) and.push({ vaultId: query.vaultId });
  if (query.createdFrom) and.push({ createdAt: { gte: new Date(query.createdFrom) } });
  if (query.createdTo) {
    const to = createdToBound(query.createdTo);
    and.push({ createdAt: to.inclusive ? { lte: to.at } : { lt: to.at } });
  }
  // searchText is kept by database triggers (lower-cased name, short id, participants' names and emails)
  for (const word of searchWords(query)) {
    and.push({ searchText: { contains: escapeLike(word) } });
  }
  return { AND: and };
}

/** The query's dates as bounds on createdAt: a date-only `createdTo` covers its whole UTC day. */
function createdToBound(createdTo: string) {
  return DATE_ONLY.test(createdTo)
    ? { at: new Date(new Date(createdTo).getTime() + DAY_MS), inclusive: false }
    : { at: new Date(createdTo), inclusive: true };
}

/**
 * One page of the filtered list and its total. A caller seeing packages through groups gets both
 * in one statement (read-package-page.ts); a closing-center user's shares go through Prisma: the
 * page's ids and the count, then the rows.
 */
async function findPage<C extends keyof PackageRow & string = keyof PackageRow & string>(
  access: PackageAccess,
  input: ListInput,
  deps: CoreDeps,
  columns?: readonly C[],
): Promise<{ rows: Pick<PackageRow, C | "groups" | "participants">[]; count: number }> {
  if (!access.closingCenter) {
    return readPackagePage(
      deps.db,
      {
        organizationId: access.organizationId,
        visibleGroupIds: access.visibleGroupIds,
        statuses: statusFilter(input),
        groupId: input.groupId,
        vaultId: input.vaultId,
        createdFrom: input.createdFrom ? new Date(input.createdFrom) : undefined,
        createdTo: input.createdTo ? createdToBound(input.createdTo) : undefined,
        words: searchWords(input).map(escapeLike),
        sortBy: input.sortBy,
        sortDirection: input.sortDirection,
        pageNumber: input.pageNumber,
        pageSize: input.pageSize,
      },
      columns,
    );
  }
  const where = packageFilterWhere(access, input);
  const [page, count] = await Promise.all([
    deps.db.package.findMany({
      where,
      select: { id: true },
      orderBy: [{ [input.sortBy]: input.sortDirection }, { id: input.sortDirection }],
      skip: (input.pageNumber - 1) * input.pageSize,
      take: input.pageSize,
    }),
    deps.db.package.count({ where }),
  ]);
  const rows = await readPackageRows(
    deps.db,
    page.map((row) => row.id),
  );
  return { rows, count };
}

async function viewerAccess(actor: Actor, organizationId: string, deps: CoreDeps) {
  const access = await loadPackageAccess(actor, organizationId, deps);
  access.require("VIEW_DOCUMENTS_PACKAGES");
  return access;
}

export async function listPackages(actor: Actor, input: ListInput, deps: CoreDeps): Promise<PackageList> {
  const access = await viewerAccess(actor, input.organizationId, deps);
  const [{ rows, count }, trid] = await Promise.all([
    findPage(access, input, deps),
    readTridContext(deps.db, input.organizationId),
  ]);
  return { records: rows.map((row) => toPackage(row, access, trid)), count };
}

/** The workspace list: the same filters, each package with its participants, contact summary and counts. */
export async function listWorkspacePackages(
  actor: Actor,
  input: ListInput,
  deps: CoreDeps,
): Promise<WorkspacePackageList> {
  const access = await viewerAccess(actor, input.organizationId, deps);
  const { rows, count } = await findPage(access, input, deps, WORKSPACE_COLUMNS);
  // the organization's TRID settings only matter to TRID packages (their risk); most pages have none
  const trid = rows.some((row) => row.tridPackageType)
    ? await readTridContext(deps.db, input.organizationId)
    : undefined;
  return { records: rows.map((row) => toWorkspacePackage(row, access, trid)), count };
}

/** The workspace's status counts over every package the caller sees; every status present. */
export async function packageStatusCounts(
  actor: Actor,
  input: { organizationId: string },
  deps: CoreDeps,
): Promise<PackageStatusCounts> {
  const access = await viewerAccess(actor, input.organizationId, deps);
  if (!access.closingCenter) return keptStatusCounts(deps.db, input.organizationId, access.visibleGroupIds);
  const grouped = await deps.db.package.groupBy({
    by: ["status"],
    where: visiblePackagesWhere(access),
    _count: { _all: true },
  });
  const counts = Object.fromEntries(PACKAGE_STATUSES.map((status) => [status, 0])) as PackageStatusCounts;
  for (const row of grouped) counts[row.status] = row._count._all;
  return counts;
}
