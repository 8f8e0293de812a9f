import { describe, expect, it } from "vitest";
import {
  evaluateTagStates,
  hasTagValue,
  missingRequiredTags,
  type RuleShape,
  radioGroupProblem,
  ruleCreatesCycle,
  TAG_MESSAGES,
  type TagShape,
  tagGeometryProblem,
  tagSettingsProblem,
} from "./tag-rules.ts";

const A4 = { width: 595, height: 842 };
const place = (extra: object = {}) => ({ page: 1, x: 10, y: 10, width: 9, height: 9, ...extra });

describe("tagGeometryProblem", () => {
  it("accepts 9×9 on an existing page inside it", () => {
    expect(tagGeometryProblem(place(), 1, A4)).toBeNull();
    expect(tagGeometryProblem(place({ x: 586, y: 833 }), 1, A4)).toBeNull();
  });
  it.each([
    [{ width: 8.99 }, TAG_MESSAGES.tooSmall],
    [{ height: 0 }, TAG_MESSAGES.tooSmall],
    [{ width: Number.NaN }, TAG_MESSAGES.tooSmall],
    [{ page: 0 }, TAG_MESSAGES.pageOutOfRange],
    [{ page: 3 }, TAG_MESSAGES.pageOutOfRange],
    [{ page: 1.5 }, TAG_MESSAGES.pageOutOfRange],
    [{ x: -1 }, TAG_MESSAGES.outsidePage],
    [{ x: 590 }, TAG_MESSAGES.outsidePage],
    [{ y: 840 }, TAG_MESSAGES.outsidePage],
  ])("refuses %o", (change, message) => {
    expect(tagGeometryProblem(place(change), 2, A4)).toBe(message);
  });
  it("checks only size and page without a known page size", () => {
    expect(tagGeometryProblem(place({ x: 5000 }), 1)).toBeNull();
  });
});

describe("tagSettingsProblem and radioGroupProblem", () => {
  const base = { participantId: "p1", required: true };
  it("needs distinct, non-empty dropdown options", () => {
    expect(tagSettingsProblem({ ...base, type: "DROPDOWN", options: [] })?.message).toBe(TAG_MESSAGES.optionsRequired);
    expect(tagSettingsProblem({ ...base, type: "DROPDOWN", options: ["a", " "] })?.message).toBe(
      TAG_MESSAGES.optionsRequired,
    );
    expect(tagSettingsProblem({ ...base, type: "DROPDOWN", options: ["a", "a "] })?.message).toBe(
      TAG_MESSAGES.optionsUnique,
    );
    expect(tagSettingsProblem({ ...base, type: "DROPDOWN", options: ["a", "b"] })).toBeNull();
  });
  it("needs a group and value for a radio button and a field for a custom-field tag", () => {
    expect(tagSettingsProblem({ ...base, type: "RADIO", groupName: "g" })?.field).toBe("groupName");
    expect(tagSettingsProblem({ ...base, type: "RADIO", groupName: "g", optionValue: "1" })).toBeNull();
    expect(tagSettingsProblem({ ...base, type: "CUSTOM_FIELD" })?.field).toBe("customFieldId");
    expect(tagSettingsProblem({ ...base, type: "SIGNATURE" })).toBeNull();
  });
  it("keeps a radio group to one participant with distinct values", () => {
    const radio = (id: string, participantId: string, optionValue: string) => ({
      id,
      type: "RADIO" as const,
      participantId,
      groupName: "term",
      optionValue,
    });
    expect(radioGroupProblem([radio("1", "p1", "15"), radio("2", "p1", "30")])).toBeNull();
    expect(radioGroupProblem([radio("1", "p1", "15"), radio("2", "p1", "15")])).toBe(TAG_MESSAGES.radioValueUnique);
    expect(radioGroupProblem([radio("1", "p1", "15"), radio("2", "p2", "30")])).toBe(
      TAG_MESSAGES.radioGroupOneParticipant,
    );
  });
});

describe("ruleCreatesCycle", () => {
  const rules = [
    { sourceTagId: "a", targetTagId: "b" },
    { sourceTagId: "b", targetTagId: "c" },
  ] as RuleShape[];
  it("finds direct and indirect loops", () => {
    expect(ruleCreatesCycle(rules, { sourceTagId: "c", targetTagId: "a" })).toBe(true);
    expect(ruleCreatesCycle(rules, { sourceTagId: "b", targetTagId: "a" })).toBe(true);
    expect(ruleCreatesCycle(rules, { sourceTagId: "x", targetTagId: "x" })).toBe(true);
  });
  it("allows a diamond", () => {
    expect(ruleCreatesCycle(rules, { sourceTagId: "a", targetTagId: "c" })).toBe(false);
  });
});

describe("evaluateTagStates and missingRequiredTags", () => {
  const tag = (id: string, type: TagShape["type"], required = false, extra: Partial<TagShape> = {}): TagShape => ({
    id,
    type,
    participantId: "p1",
    required,
    ...extra,
  });
  const tags = [
    tag("married", "CHECKBOX"),
    tag("spouse", "TEXT", true),
    tag("spouseSignature", "SIGNATURE", true),
    tag("comment", "TEXT"),
    tag("sign", "SIGNATURE", true),
  ];
  const rules: RuleShape[] = [
    { sourceTagId: "married", targetTagId: "spouse", condition: "HAS_VALUE", action: "SHOW" },
    { sourceTagId: "spouse", targetTagId: "spouseSignature", condition: "HAS_VALUE", action: "SHOW" },
    { sourceTagId: "spouse", targetTagId: "comment", condition: "EQUALS", value: "Sam", action: "REQUIRE" },
  ];

  it("hides SHOW targets until their rule fires, through chains", () => {
    const states = evaluateTagStates(tags, rules, {});
    expect(states.get("spouse")).toEqual({ visible: false, required: false });
    expect(states.get("spouseSignature")).toEqual({ visible: false, required: false });
    expect(missingRequiredTags(tags, rules, {})).toEqual(["sign"]);

    const checked = { married: "true" };
    expect(evaluateTagStates(tags, rules, checked).get("spouse")).toEqual({ visible: true, required: true });
    expect(missingRequiredTags(tags, rules, checked)).toEqual(["spouse", "sign"]);
    // a hidden source fires nothing, even with a stale value
    expect(missingRequiredTags(tags, rules, { married: "false", spouse: "Sam" })).toEqual(["sign"]);
  });

  it("requires a REQUIRE target when its condition holds", () => {
    const values = { married: "true", spouse: "Sam", spouseSignature: "x", sign: "x" };
    expect(missingRequiredTags(tags, rules, values)).toEqual(["comment"]);
    expect(missingRequiredTags(tags, rules, { ...values, spouse: "Alex" })).toEqual([]);
  });

  it("counts a radio group as answered when one of its buttons is chosen", () => {
    const radios = [
      tag("r15", "RADIO", true, { groupName: "term", optionValue: "15" }),
      tag("r30", "RADIO", true, { groupName: "term", optionValue: "30" }),
    ];
    expect(missingRequiredTags(radios, [], {})).toEqual(["r15", "r30"]);
    expect(missingRequiredTags(radios, [], { r30: "30" })).toEqual([]);
  });

  it("never counts a Date signed tag as missing: the server fills it when the participant finishes", () => {
    const dated = [tag("sign", "SIGNATURE", true), tag("date", "DATE_SIGNED", true), tag("name", "FULL_NAME", true)];
    expect(missingRequiredTags(dated, [], {})).toEqual(["sign", "name"]);
    expect(missingRequiredTags(dated, [], { sign: "x", name: "Ada" })).toEqual([]);
  });

  it("counts a checkbox only when checked", () => {
    expect(hasTagValue("CHECKBOX", "false")).toBe(false);
    expect(hasTagValue("CHECKBOX", "true")).toBe(true);
    expect(hasTagValue("TEXT", "  ")).toBe(false);
  });
});
