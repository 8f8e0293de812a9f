import { describe, expect, it } from "vitest";
import {
  descendantIds,
  GROUP_MESSAGES,
  type GroupTreeNode,
  groupPath,
  type LocationCandidate,
  locationCandidates,
  orderGroupTree,
  roleStructureMismatch,
} from "./groups.ts";

// Tree:            A (r1, r2)          E (r1)
//                 /        \
//            B (r1)        C (r1, r2, r3)
//              |
//            D (r1)
const tree: GroupTreeNode[] = [
  { id: "D", parentId: "B", name: "Delta" },
  { id: "C", parentId: "A", name: "Charlie" },
  { id: "E", parentId: null, name: "Echo" },
  { id: "B", parentId: "A", name: "bravo" },
  { id: "A", parentId: null, name: "Alpha" },
];
const roles = new Map<string, string[]>([
  ["A", ["r1", "r2"]],
  ["B", ["r1"]],
  ["C", ["r1", "r2", "r3"]],
  ["D", ["r1"]],
  ["E", ["r1"]],
]);

describe("descendantIds", () => {
  const cases: [string, string[]][] = [
    ["A", ["B", "C", "D"]],
    ["B", ["D"]],
    ["D", []],
    ["E", []],
    ["missing", []],
  ];
  it.each(cases)("below %s: %j", (id, expected) => {
    expect([...descendantIds(tree, id)].sort()).toEqual(expected);
  });

  it("survives a corrupt cycle", () => {
    const cyclic = [
      { id: "X", parentId: "Y" },
      { id: "Y", parentId: "X" },
    ];
    expect([...descendantIds(cyclic, "X")]).toEqual(["Y"]);
  });
});

describe("roleStructureMismatch (spec §5)", () => {
  const cases: [string, string[], string[] | null, boolean][] = [
    ["target has every role", ["r1"], ["r1", "r2"], false],
    ["same roles", ["r1", "r2"], ["r2", "r1"], false],
    ["target lacks a role", ["r1", "r3"], ["r1", "r2"], true],
    ["target has no roles", ["r1"], [], true],
    ["moved group has no roles", [], [], false],
    ["top level contains every role", ["r1", "r2", "r3"], null, false],
  ];
  it.each(cases)("%s", (_, moved, target, expected) => {
    expect(roleStructureMismatch(moved, target)).toBe(expected);
  });
});

describe("orderGroupTree", () => {
  it("puts parents before children, siblings by name regardless of case", () => {
    expect(orderGroupTree(tree).map((node) => node.id)).toEqual(["A", "B", "D", "C", "E"]);
  });

  it("treats a group whose parent is missing as a root", () => {
    const visible = tree.filter((node) => node.id !== "A");
    expect(orderGroupTree(visible).map((node) => node.id)).toEqual(["B", "D", "C", "E"]);
  });
});

describe("groupPath", () => {
  it.each([
    ["A", "Alpha"],
    ["D", "Alpha / bravo / Delta"],
    ["missing", ""],
  ])("%s → %s", (id, expected) => {
    expect(groupPath(tree, id)).toBe(expected);
  });
});

describe("locationCandidates (spec §5 location picker)", () => {
  const all = ["A", "B", "C", "D", "E"];
  const view = (candidates: LocationCandidate[]) => candidates.map((c) => [c.groupId, c.label, c.selectable] as const);
  const cases: [string, string, string[], boolean, (readonly [string | null, string | null, boolean])[]][] = [
    [
      "moving B: excludes B and its descendant D, current parent A, mismatch nowhere (r1 everywhere)",
      "B",
      all,
      true,
      [
        [null, null, true],
        ["A", GROUP_MESSAGES.currentLocationLabel, false],
        ["C", null, true],
        ["E", null, true],
      ],
    ],
    [
      "moving C (r1, r2, r3): every group lacks r3 except the top level",
      "C",
      all,
      true,
      [
        [null, null, true],
        ["A", GROUP_MESSAGES.currentLocationLabel, false],
        ["B", GROUP_MESSAGES.roleMismatchLabel, false],
        ["D", GROUP_MESSAGES.roleMismatchLabel, false],
        ["E", GROUP_MESSAGES.roleMismatchLabel, false],
      ],
    ],
    [
      "moving top-level A: the top level is its current location; its sub-tree is excluded",
      "A",
      all,
      true,
      [
        [null, GROUP_MESSAGES.currentLocationLabel, false],
        ["E", GROUP_MESSAGES.roleMismatchLabel, false],
      ],
    ],
    [
      "only manageable groups; no top level without organization-level management",
      "D",
      ["B", "C"],
      false,
      [
        ["B", GROUP_MESSAGES.currentLocationLabel, false],
        ["C", null, true],
      ],
    ],
    ["unknown group: nothing", "missing", all, true, []],
  ];
  it.each(cases)("%s", (_, moved, manageable, includeTopLevel, expected) => {
    expect(view(locationCandidates(tree, moved, manageable, roles, { includeTopLevel }))).toEqual(expected);
  });

  it("gives each candidate its name and full path", () => {
    const candidates = locationCandidates(tree, "E", new Set(["D"]), roles, { includeTopLevel: true });
    expect(candidates).toEqual([
      {
        groupId: null,
        name: GROUP_MESSAGES.topLevelName,
        path: "",
        label: GROUP_MESSAGES.currentLocationLabel,
        selectable: false,
      },
      { groupId: "D", name: "Delta", path: "Alpha / bravo / Delta", label: null, selectable: true },
    ]);
  });
});
