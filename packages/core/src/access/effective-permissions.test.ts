import { describe, expect, it } from "vitest";
import { inheritPermissions } from "./effective-permissions.ts";

const tree = [
  { id: "root", parentId: null, name: "Root" },
  { id: "child", parentId: "root", name: "Child" },
  { id: "grandchild", parentId: "child", name: "Grandchild" },
  { id: "sibling", parentId: null, name: "Sibling" },
];

describe("inheritPermissions", () => {
  it("passes a group's bits down to every descendant", () => {
    const result = inheritPermissions(tree, new Map([["root", 0b01]]));
    expect(result).toEqual([
      { groupId: "root", name: "Root", permissions: 0b01, inherited: false },
      { groupId: "child", name: "Child", permissions: 0b01, inherited: true },
      { groupId: "grandchild", name: "Grandchild", permissions: 0b01, inherited: true },
    ]);
  });
  it("combines own and inherited bits, never upwards", () => {
    const result = inheritPermissions(
      tree,
      new Map([
        ["root", 0b01],
        ["grandchild", 0b10],
      ]),
    );
    expect(result.find((g) => g.groupId === "grandchild")).toMatchObject({ permissions: 0b11, inherited: false });
    expect(result.find((g) => g.groupId === "root")?.permissions).toBe(0b01);
    expect(result.find((g) => g.groupId === "sibling")).toBeUndefined();
  });
  it("applies organization-wide bits in every group", () => {
    const result = inheritPermissions(tree, new Map([["child", 0b100]]), 0b01);
    expect(result.map((g) => [g.groupId, g.permissions])).toEqual([
      ["root", 0b01],
      ["child", 0b101],
      ["grandchild", 0b101],
      ["sibling", 0b01],
    ]);
  });
  it("survives a cycle without hanging", () => {
    const cyclic = [
      { id: "a", parentId: "b", name: "A" },
      { id: "b", parentId: "a", name: "B" },
    ];
    expect(inheritPermissions(cyclic, new Map([["a", 1]])).length).toBe(2);
  });
});
