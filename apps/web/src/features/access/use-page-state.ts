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
