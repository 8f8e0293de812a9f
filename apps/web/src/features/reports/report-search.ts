import {
  PACKAGE_REPORT_SORT_FIELDS,
  PACKAGE_STATUSES,
  type PackageReportFilter,
  type PackageReportQuery,
  type PackageStatus,
  UI,
} from "@signet/contract";
import {
  isoDate,
  oneOf,
  pageNumber,
  type SearchValues,
  searchSchema,
  someOf,
  sortDirection,
  text,
  uuid,
} from "../../app/search.ts";

// The package report's filters, paging and sort live in the URL (deep links and back work). A
// stale or hand-edited URL still opens the page: every field falls back to "no filter".

export const reportSearchSchema = searchSchema({
  status: someOf(PACKAGE_STATUSES),
  groupId: uuid(),
  senderId: uuid(),
  participantType: text({ trim: true, min: 1, max: 50 }),
  createdFrom: isoDate(),
  createdTo: isoDate(),
  page: pageNumber(),
  sortBy: oneOf(PACKAGE_REPORT_SORT_FIELDS),
  sortDirection: sortDirection(),
});
export type ReportSearch = SearchValues<typeof reportSearchSchema>;

type ReportQueryInput = Partial<Omit<PackageReportQuery, "status">> & { status?: PackageStatus[] };

/** The report's filters only (the charts and the CSV take these), empty ones left out. */
export function toReportFilter(
  search: ReportSearch,
): Omit<PackageReportFilter, "status"> & { status?: PackageStatus[] } {
  return {
    ...(search.status && search.status.length > 0 ? { status: search.status } : {}),
    ...(search.groupId ? { groupId: search.groupId } : {}),
    ...(search.senderId ? { senderId: search.senderId } : {}),
    ...(search.participantType ? { participantType: search.participantType } : {}),
    ...(search.createdFrom ? { createdFrom: search.createdFrom } : {}),
    ...(search.createdTo ? { createdTo: search.createdTo } : {}),
  };
}

/** The table's call: the filters with paging and sort, defaults filled in. */
export function toReportQuery(search: ReportSearch): ReportQueryInput {
  return {
    pageNumber: search.page ?? 1,
    pageSize: UI.pageSize,
    sortBy: search.sortBy ?? "createdAt",
    sortDirection: search.sortDirection ?? "desc",
    ...toReportFilter(search),
  };
}

/** Drops empty fields so they do not show in the URL. */
export function compactSearch(search: ReportSearch): ReportSearch {
  const out: ReportSearch = {};
  for (const [key, value] of Object.entries(search) as [keyof ReportSearch, unknown][]) {
    if (value === undefined || value === null || value === "") continue;
    if (Array.isArray(value) && value.length === 0) continue;
    (out as Record<string, unknown>)[key] = value;
  }
  return out;
}

/** Search params after a filter change: back to page 1, empty values dropped. */
export function withReportFilter(search: ReportSearch, change: Partial<ReportSearch>): ReportSearch {
  return compactSearch({ ...search, ...change, page: undefined });
}

export function hasReportFilters(search: ReportSearch): boolean {
  return Object.keys(toReportFilter(search)).length > 0;
}
