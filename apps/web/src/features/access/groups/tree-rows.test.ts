import { describe, expect, it } from "vitest";
import { parentIds, treeRows } from "./tree-rows.ts";

const g = (id: string, parentId: string | null, name = id) => ({ id, parentId, name });

// Org Admin
//   Loan Officers
//     Closers
//   Auditors
// Branch (its parent "hidden" is not visible to the user)
const groups = [
  g("closers", "officers", "Closers"),
  g("admin", null, "Org Admin"),
  g("branch", "hidden", "Branch"),
  g("officers", "admin", "Loan Officers"),
  g("auditors", "admin", "Auditors"),
];

const shape = (rows: ReturnType<typeof treeRows<(typeof groups)[number]>>) =>
  rows.map((r) => `${"  ".repeat(r.depth)}${r.group.name}${r.hasChildren ? (r.expanded ? " -" : " +") : ""}`);

describe("treeRows", () => {
  it("orders parents before children, siblings by name, unknown parents as roots", () => {
    expect(shape(treeRows(groups, new Set()))).toEqual([
      "Branch",
      "Org Admin -",
      "  Auditors",
      "  Loan Officers -",
      "    Closers",
    ]);
  });

  it("hides everything below a collapsed group", () => {
    expect(shape(treeRows(groups, new Set(["admin"])))).toEqual(["Branch", "Org Admin +"]);
    expect(shape(treeRows(groups, new Set(["officers"])))).toEqual([
      "Branch",
      "Org Admin -",
      "  Auditors",
      "  Loan Officers +",
    ]);
  });

  it("knows which groups have children", () => {
    expect(parentIds(groups)).toEqual(new Set(["admin", "officers"]));
  });
});
