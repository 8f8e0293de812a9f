import { describe, expect, it } from "vitest";
import {
  hasReportFilters,
  reportSearchSchema,
  toReportFilter,
  toReportQuery,
  withReportFilter,
} from "./report-search.ts";

const GROUP = "7b0a4a4e-7d7e-4c55-9b0c-2f1f4e3a9a10";

describe("the package report's URL", () => {
  it.each([
    [{}, {}],
    [{ status: "COMPLETED,STARTED" }, { status: ["COMPLETED", "STARTED"] }],
    [{ status: ["COMPLETED", "NOPE", "COMPLETED"] }, { status: ["COMPLETED"] }],
    [{ groupId: "not-a-uuid", page: "0" }, {}],
    [{ createdFrom: "2026-02-30x", sortBy: "shortId" }, {}],
    [
      { participantType: "Borrower", page: "3", sortBy: "completedAt" },
      { participantType: "Borrower", page: 3, sortBy: "completedAt" },
    ],
  ])("reads %j as %j", (raw, parsed) => {
    const search = reportSearchSchema.read(raw);
    expect(Object.fromEntries(Object.entries(search).filter(([, v]) => v !== undefined))).toEqual(parsed);
  });

  it("fills paging defaults and keeps only set filters", () => {
    expect(toReportQuery({ groupId: GROUP })).toEqual({
      pageNumber: 1,
      pageSize: 10,
      sortBy: "createdAt",
      sortDirection: "desc",
      groupId: GROUP,
    });
    expect(toReportFilter({ page: 4, status: [] })).toEqual({});
  });

  it("goes back to page 1 when a filter changes, and says whether any filter is set", () => {
    const next = withReportFilter({ page: 3, sortBy: "name" }, { status: ["CANCELLED"] });
    expect(next).toEqual({ sortBy: "name", status: ["CANCELLED"] });
    expect(hasReportFilters(next)).toBe(true);
    expect(hasReportFilters({ page: 2, sortBy: "name" })).toBe(false);
  });
});
