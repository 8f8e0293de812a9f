import { UI } from "@signet/contract";
import { useCallback, useState } from "react";

export type SortDirection = "asc" | "desc";

export interface PageState<S extends string> {
  pageNumber: number;
  sortBy: S;
  sortDirection: SortDirection;
}

/** Spec §9: lists are paged by 10 and sortable; a new sort (or filter) starts again at page 1. */
export function usePageState<S extends string>(defaultSort: S, defaultDirection: SortDirection = "asc") {
  const [state, setState] = useState<PageState<S>>({
    pageNumber: 1,
    sortBy: defaultSort,
    sortDirection: defaultDirection,
  });

  const setPage = useCallback((pageNumber: number) => setState((s) => ({ ...s, pageNumber })), []);
  const toggleSort = useCallback(
    (field: S) =>
      setState((s) => ({
        pageNumber: 1,
        sortBy: field,
        sortDirection: s.sortBy === field && s.sortDirection === "asc" ? "desc" : "asc",
      })),
    [],
  );
  const restart = useCallback(() => setState((s) => ({ ...s, pageNumber: 1 })), []);

  return {
    ...state,
    pageSize: UI.pageSize,
    query: {
      pageNumber: state.pageNumber,
      pageSize: UI.pageSize,
      sortBy: state.sortBy,
      sortDirection: state.sortDirection,
    },
    setPage,
    toggleSort,
    restart,
  };
}

export type PageControl<S extends string> = ReturnType<typeof usePageState<S>>;

/** Search params that hold a table's page and sort (the URL is the state: deep links work). */
export interface PagedSearch<S extends string> {
  page?: number;
  sortBy?: S;
  sortDirection?: SortDirection;
}

/**
 * A table's paging and sort read from and written to the URL's search params; `current` is the
 * page and sort the search stands for (its defaults applied).
 */
export function urlPageControl<S extends string, T extends PagedSearch<S>>(
  search: T,
  current: PageState<S>,
  onSearch: (next: T) => void,
): PageControl<S> {
  const { pageNumber, sortBy, sortDirection } = current;
  return {
    pageNumber,
    sortBy,
    sortDirection,
    pageSize: UI.pageSize,
    query: { pageNumber, pageSize: UI.pageSize, sortBy, sortDirection },
    setPage: (page) => onSearch({ ...search, page: page > 1 ? page : undefined }),
    toggleSort: (field) =>
      onSearch({
        ...search,
        page: undefined,
        sortBy: field,
        sortDirection: sortBy === field && sortDirection === "asc" ? "desc" : "asc",
      }),
    restart: () => onSearch({ ...search, page: undefined }),
  };
}
