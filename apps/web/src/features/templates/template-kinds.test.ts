import { describe, expect, it } from "vitest";
import { sortedPage } from "./template-kinds.ts";

const rows = [
  { name: "beta", active: false, lastUpdatedAt: "2026-01-03T00:00:00Z" },
  { name: "Alpha", active: true, lastUpdatedAt: "2026-01-01T00:00:00Z" },
  { name: "gamma", active: true, lastUpdatedAt: "2026-01-02T00:00:00Z" },
];
const names = (list: { name: string }[]) => list.map((row) => row.name);

describe("template lists sorted and paged in the browser", () => {
  it("sorts by name without regard to case, either way", () => {
    expect(names(sortedPage(rows, "name", "asc", 1, 10))).toEqual(["Alpha", "beta", "gamma"]);
    expect(names(sortedPage(rows, "name", "desc", 1, 10))).toEqual(["gamma", "beta", "Alpha"]);
  });
  it("puts active templates first, by name among equals", () => {
    expect(names(sortedPage(rows, "status", "asc", 1, 10))).toEqual(["Alpha", "gamma", "beta"]);
  });
  it("sorts by last update and cuts one page", () => {
    expect(names(sortedPage(rows, "lastUpdatedAt", "desc", 1, 2))).toEqual(["beta", "gamma"]);
    expect(names(sortedPage(rows, "lastUpdatedAt", "desc", 2, 2))).toEqual(["Alpha"]);
  });
});
