import { PERMISSION_NAMES } from "@signet/contract";
import { describe, expect, it } from "vitest";
import { PERMISSION_LABELS, PERMISSION_SECTIONS } from "./permission-groups.ts";

describe("the role editor's permission sections", () => {
  it("show each of the twelve permissions exactly once", () => {
    const shown = PERMISSION_SECTIONS.flatMap((section) => section.permissions);
    expect(shown).toHaveLength(PERMISSION_NAMES.length);
    expect(new Set(shown)).toEqual(new Set(PERMISSION_NAMES));
  });

  it("label every permission differently", () => {
    const labels = PERMISSION_NAMES.map((name) => PERMISSION_LABELS[name].label);
    expect(new Set(labels).size).toBe(PERMISSION_NAMES.length);
  });
});
