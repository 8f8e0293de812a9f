import { PERMISSIONS } from "@signet/contract";
import { describe, expect, it } from "vitest";
import { dialogButtons, submitDisabled, truncateTitle } from "./dialog-model.ts";

describe("truncateTitle", () => {
  const forty = "a".repeat(40);
  it.each([
    ["Delete group", { text: "Delete group", truncated: false }],
    [forty, { text: forty, truncated: false }],
    [`${forty}b`, { text: `${forty}…`, truncated: true }],
    [
      "Remove participant Jonathan Alexander Smith-Whitaker",
      { text: "Remove participant Jonathan Alexander Sm…", truncated: true },
    ],
    [`${"x".repeat(39)} tail`, { text: `${"x".repeat(39)}…`, truncated: true }],
    ["", { text: "", truncated: false }],
  ])("%j", (title, expected) => {
    expect(truncateTitle(title)).toEqual(expected);
  });

  it("counts characters, not UTF-16 units", () => {
    expect(truncateTitle("é".repeat(40)).truncated).toBe(false);
    expect(truncateTitle("😀".repeat(41)).text).toBe(`${"😀".repeat(40)}…`);
  });
});

describe("dialogButtons", () => {
  it.each([
    ["Confirm", {}, { confirm: "Confirm", cancel: "Cancel", heading: null }],
    ["Warning", {}, { confirm: "Confirm", cancel: "Cancel", heading: "Warning" }],
    ["Error", {}, { confirm: null, cancel: "Cancel", heading: null }],
    ["Info", {}, { confirm: null, cancel: "Cancel", heading: null }],
    ["Confirm", { confirm: "Delete", cancel: "Keep" }, { confirm: "Delete", cancel: "Keep", heading: null }],
    ["Error", { confirm: "Delete" }, { confirm: null, cancel: "Cancel", heading: null }],
  ] as const)("%s %j", (type, labels, expected) => {
    expect(dialogButtons(type, labels)).toEqual(expected);
  });
});

describe("submitDisabled", () => {
  const { MANAGE_GROUPS, MANAGE_ROLES, MANAGE_USERS } = PERMISSIONS;
  it.each([
    ["loading", true, MANAGE_GROUPS, undefined, true],
    ["no permission needed", false, 0, undefined, false],
    ["holds the one permission", false, MANAGE_GROUPS, "MANAGE_GROUPS", false],
    ["lacks the one permission", false, MANAGE_USERS, "MANAGE_GROUPS", true],
    ["holds one of a list", false, MANAGE_ROLES, ["MANAGE_GROUPS", "MANAGE_ROLES"], false],
    ["holds none of a list", false, MANAGE_USERS, ["MANAGE_GROUPS", "MANAGE_ROLES"], true],
    ["permissions not loaded yet", false, null, "MANAGE_GROUPS", true],
    ["loading, permission held", true, MANAGE_GROUPS, "MANAGE_GROUPS", true],
  ] as const)("%s", (_label, loading, bits, required, expected) => {
    expect(submitDisabled(loading, bits, required)).toBe(expected);
  });
});
