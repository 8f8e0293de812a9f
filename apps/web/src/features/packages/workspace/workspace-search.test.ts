import { describe, expect, it } from "vitest";
import { compact, hasFilters, toWorkspaceQuery, withFilter, workspaceSearchSchema } from "./workspace-search.ts";

describe("workspace search params", () => {
  it("keeps known statuses from an array or a comma list, without duplicates", () => {
    expect(workspaceSearchSchema.read({ status: ["STARTED", "BOGUS", "STARTED"] }).status).toEqual(["STARTED"]);
    expect(workspaceSearchSchema.read({ status: "CANCELLED,COMPLETED" }).status).toEqual(["CANCELLED", "COMPLETED"]);
  });

  it("turns invalid values into no filter instead of failing", () => {
    const parsed = workspaceSearchSchema.read({
      groupId: "not-a-uuid",
      createdFrom: "yesterday",
      page: "-3",
      sortBy: "password",
      sortDirection: "sideways",
    });
    expect(compact(parsed)).toEqual({});
  });

  it("coerces the page number from the URL", () => {
    expect(workspaceSearchSchema.read({ page: "3" }).page).toBe(3);
  });

  it("builds the list query with defaults: page 1 of 10, newest first, no status = every status", () => {
    expect(toWorkspaceQuery({})).toEqual({ pageNumber: 1, pageSize: 10, sortBy: "createdAt", sortDirection: "desc" });
    expect(toWorkspaceQuery({ status: [], text: "  " })).not.toHaveProperty("status");
    expect(toWorkspaceQuery({ status: [], text: "  " })).not.toHaveProperty("text");
  });

  it("passes filters, paging and sort to the list query", () => {
    expect(
      toWorkspaceQuery({
        status: ["CANCELLED"],
        text: " lopez ",
        createdFrom: "2026-01-01",
        createdTo: "2026-01-31",
        page: 2,
        sortBy: "name",
        sortDirection: "asc",
      }),
    ).toEqual({
      pageNumber: 2,
      pageSize: 10,
      sortBy: "name",
      sortDirection: "asc",
      status: ["CANCELLED"],
      text: "lopez",
      createdFrom: "2026-01-01",
      createdTo: "2026-01-31",
    });
  });

  it("a filter change restarts at page 1 and drops empty values", () => {
    expect(withFilter({ page: 4, text: "a", sortBy: "name" }, { text: "", status: ["STARTED"] })).toEqual({
      sortBy: "name",
      status: ["STARTED"],
    });
  });

  it("tells whether any filter is set", () => {
    expect(hasFilters({ page: 2, sortBy: "name" })).toBe(false);
    expect(hasFilters({ text: " " })).toBe(false);
    expect(hasFilters({ status: ["STARTED"] })).toBe(true);
  });
});
