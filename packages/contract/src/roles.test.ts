import { describe, expect, it } from "vitest";
import { createRoleSchema, isSystemDefinedRole } from "./roles.ts";

describe("isSystemDefinedRole (spec §3: eoSupport or named Admin)", () => {
  const cases: [string, { name: string; eoSupport: boolean }, boolean][] = [
    ["a support role", { name: "ROLE_EO_SUPPORT_USER", eoSupport: true }, true],
    ["a renamed support role", { name: "Helpdesk", eoSupport: true }, true],
    ["Admin", { name: "Admin", eoSupport: false }, true],
    ["admin in another case with spaces", { name: "  ADMIN ", eoSupport: false }, true],
    ["a custom role", { name: "Loan officer", eoSupport: false }, false],
    ["a name containing Admin", { name: "Admin assistant", eoSupport: false }, false],
  ];
  it.each(cases)("%s → %s", (_, role, expected) => {
    expect(isSystemDefinedRole(role)).toBe(expected);
  });
});

describe("createRoleSchema", () => {
  const cases: [string, unknown, boolean][] = [
    ["a valid role", { name: "Closer", roleColor: "#1A2b3C", permissions: ["MANAGE_GROUPS"] }, true],
    ["no color", { name: "Closer", permissions: [] }, true],
    ["a short color", { name: "Closer", roleColor: "#abc", permissions: [] }, false],
    ["a color without #", { name: "Closer", roleColor: "1A2B3C", permissions: [] }, false],
    ["an unknown permission", { name: "Closer", permissions: ["DO_ANYTHING"] }, false],
    ["a blank name", { name: "   ", permissions: [] }, false],
  ];
  it.each(cases)("%s → valid %s", (_, body, valid) => {
    expect(createRoleSchema.safeParse(body).success).toBe(valid);
  });
});
