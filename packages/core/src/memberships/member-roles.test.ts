import { describe, expect, it } from "vitest";
import { ancestorsAndSelf, type Grant, rolesInGroup } from "./member-roles.ts";

const tree = [
  { id: "top", parentId: null, name: "Top" },
  { id: "mid", parentId: "top", name: "Mid" },
  { id: "leaf", parentId: "mid", name: "Leaf" },
  { id: "other", parentId: null, name: "Other" },
];
const role = (id: string) => ({ id, name: id.toUpperCase(), roleColor: null });
const grant = (groupId: string, roleId: string): Grant => ({ groupId, userId: "u", role: role(roleId) });

describe("ancestorsAndSelf", () => {
  it.each([
    ["leaf", ["leaf", "mid", "top"]],
    ["top", ["top"]],
    ["missing", []],
  ])("%s → %j", (id, expected) => {
    expect(ancestorsAndSelf(tree, id)).toEqual(expected);
  });

  it("stops on a corrupt cycle", () => {
    const cyclic = [
      { id: "a", parentId: "b", name: "A" },
      { id: "b", parentId: "a", name: "B" },
    ];
    expect(ancestorsAndSelf(cyclic, "a")).toEqual(["a", "b"]);
  });
});

describe("rolesInGroup (roles granted in a group apply in its sub-groups)", () => {
  const cases: [string, string, Grant[], [string, boolean][]][] = [
    [
      "own roles only",
      "mid",
      [grant("mid", "b"), grant("mid", "a")],
      [
        ["a", false],
        ["b", false],
      ],
    ],
    ["inherited from two levels up", "leaf", [grant("top", "a")], [["a", true]]],
    [
      "own first, then inherited",
      "leaf",
      [grant("top", "a"), grant("leaf", "c")],
      [
        ["c", false],
        ["a", true],
      ],
    ],
    ["a role held here and above counts as own", "mid", [grant("top", "a"), grant("mid", "a")], [["a", false]]],
    ["nothing from sub-groups or other branches", "mid", [grant("leaf", "a"), grant("other", "b")], []],
  ];
  it.each(cases)("%s", (_, groupId, grants, expected) => {
    expect(rolesInGroup(ancestorsAndSelf(tree, groupId), grants).map((r) => [r.id, r.inherited])).toEqual(expected);
  });
});
