import { PACKAGE_SORT_FIELDS, PACKAGE_STATUSES, UI } from "@signet/contract";
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
} from "../../../app/search.ts";
import type { WorkspaceQuery } from "../package-queries.ts";

// The workspace's filters live in the URL so reload and back keep them. A hand-edited or stale
// URL must still open the page, so every field falls back to "no filter" instead of failing.

export const workspaceSearchSchema = searchSchema({
  status: someOf(PACKAGE_STATUSES),
  groupId: uuid(),
  text: text({ max: 200 }),
  createdFrom: isoDate(),
  createdTo: isoDate(),
  page: pageNumber(),
  sortBy: oneOf(PACKAGE_SORT_FIELDS),
  sortDirection: sortDirection(),
});
export type WorkspaceSearch = SearchValues<typeof workspaceSearchSchema>;

/** The list call's query for these search params: defaults filled in, empty filters left out. */
export function toWorkspaceQuery(search: WorkspaceSearch): WorkspaceQuery {
  const text = search.text?.trim();
  return {
    pageNumber: search.page ?? 1,
    pageSize: UI.pageSize,
    sortBy: search.sortBy ?? "createdAt",
    sortDirection: search.sortDirection ?? "desc",
    ...(search.status && search.status.length > 0 ? { status: search.status } : {}),
    ...(search.groupId ? { groupId: search.groupId } : {}),
    ...(text ? { text } : {}),
    ...(search.createdFrom ? { createdFrom: search.createdFrom } : {}),
    ...(search.createdTo ? { createdTo: search.createdTo } : {}),
  };
}

/** Search params after a filter change: empty values dropped (clean URLs), paging back to page 1. */
export function withFilter(search: WorkspaceSearch, change: Partial<WorkspaceSearch>): WorkspaceSearch {
  const next: WorkspaceSearch = { ...search, ...change, page: undefined };
  return compact(next);
}

/** Drops empty fields so they do not show in the URL. */
export function compact(search: WorkspaceSearch): WorkspaceSearch {
  const out: WorkspaceSearch = {};
  for (const [key, value] of Object.entries(search) as [keyof WorkspaceSearch, unknown][]) {
    if (value === undefined || value === null || value === "") continue;
    if (Array.isArray(value) && value.length === 0) continue;
    (out as Record<string, unknown>)[key] = value;
  }
  return out;
}

/** Whether any filter (not paging or sort) is set: picks the empty-state text. */
export function hasFilters(search: WorkspaceSearch): boolean {
  return Boolean(
    (search.status && search.status.length > 0) ||
      search.groupId ||
      search.text?.trim() ||
      search.createdFrom ||
      search.createdTo,
  );
}
