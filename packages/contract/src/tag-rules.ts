// Pure rules of tags (issue 4 §4, spec §9 minimum size) and conditional rules: which tags a
// participant sees and must fill given the values entered so far. The builder, the API and the
// signing room all ask these.
import { LIMITS } from "./constants.ts";

export const TAG_TYPES = [
  "SIGNATURE",
  "INITIALS",
  "DATE_SIGNED",
  "FULL_NAME",
  "TEXT",
  "CHECKBOX",
  "RADIO",
  "DROPDOWN",
  "CUSTOM_FIELD",
  "WITNESS_SIGNATURE",
] as const;
export type TagType = (typeof TAG_TYPES)[number];

export const TAG_TYPE_LABELS: Record<TagType, string> = {
  SIGNATURE: "Signature",
  INITIALS: "Initials",
  DATE_SIGNED: "Date signed",
  FULL_NAME: "Full name",
  TEXT: "Text",
  CHECKBOX: "Checkbox",
  RADIO: "Radio button",
  DROPDOWN: "Dropdown",
  CUSTOM_FIELD: "Custom field",
  WITNESS_SIGNATURE: "Witness signature",
};

/** The size a new tag of each type gets in the builder (PDF points). */
export const DEFAULT_TAG_SIZE: Record<TagType, { width: number; height: number }> = {
  SIGNATURE: { width: 160, height: 36 },
  INITIALS: { width: 48, height: 30 },
  DATE_SIGNED: { width: 100, height: 20 },
  FULL_NAME: { width: 160, height: 20 },
  TEXT: { width: 140, height: 20 },
  CHECKBOX: { width: 14, height: 14 },
  RADIO: { width: 14, height: 14 },
  DROPDOWN: { width: 120, height: 20 },
  CUSTOM_FIELD: { width: 140, height: 20 },
  // the signature with two lines beneath it: the printed name and "Witness to <signer>"
  WITNESS_SIGNATURE: { width: 180, height: 64 },
};

/** Tags whose value the signing room fills itself (the signer only adopts or confirms). */
export const AUTO_FILLED_TAG_TYPES: readonly TagType[] = ["DATE_SIGNED", "FULL_NAME"];

/**
 * Tags the server fills in the finish transaction (the date the participant signs, in the
 * organization's time zone): the signer is never asked for them and they never count as missing.
 */
export const FILLED_ON_FINISH_TAG_TYPES: readonly TagType[] = ["DATE_SIGNED"];

export const CONDITIONAL_RULE_CONDITIONS = ["HAS_VALUE", "EQUALS"] as const;
export type ConditionalRuleCondition = (typeof CONDITIONAL_RULE_CONDITIONS)[number];
export const CONDITIONAL_RULE_ACTIONS = ["SHOW", "REQUIRE"] as const;
export type ConditionalRuleAction = (typeof CONDITIONAL_RULE_ACTIONS)[number];

export const TAG_MESSAGES = {
  tagNotFound: "Organization/package/document/tag not found",
  tooSmall: `A tag must be at least ${LIMITS.minTagSize} by ${LIMITS.minTagSize}.`,
  outsidePage: "The tag must lie inside the page.",
  pageOutOfRange: "The page does not exist in this document.",
  notESignDocument: "Tags can be placed only on E-Sign documents.",
  participantNotESign: "This participant does not sign this document electronically.",
  participantNotInPackage: "The participant is not part of this package.",
  optionsRequired: "A dropdown needs at least one option.",
  optionsUnique: "Dropdown options must be unique.",
  radioNeedsGroup: "A radio button needs a group name and a value.",
  radioValueUnique: "Each radio button of a group needs its own value.",
  radioGroupOneParticipant: "Every radio button of a group belongs to the same participant.",
  customFieldRequired: "A custom field tag needs a custom field.",
  /** spec §8 */
  customFieldNotFound: "Package/organization/customField not found.",
  ruleSelf: "A rule cannot depend on its own tag.",
  ruleCycle: "These rules would depend on each other in a loop.",
  ruleValueRequired: "Enter the value the tag must have.",
  ruleNotFound: "Conditional rule not found.",
  ruleAlreadyExists: "This rule already exists",
  signatureTagMissing: "has no signature tag on an E-Sign document",
} as const;

export interface TagGeometry {
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Why a tag's place is refused, or null: at least 9×9 (spec §9), on an existing page, inside it.
 * `pageSize` is the page's width and height in points; without it only the size and page are checked.
 */
export function tagGeometryProblem(
  tag: TagGeometry,
  numPages: number,
  pageSize?: { width: number; height: number },
): string | null {
  const { page, x, y, width, height } = tag;
  if (!Number.isFinite(width) || !Number.isFinite(height) || width < LIMITS.minTagSize || height < LIMITS.minTagSize) {
    return TAG_MESSAGES.tooSmall;
  }
  if (!Number.isInteger(page) || page < 1 || page > numPages) return TAG_MESSAGES.pageOutOfRange;
  if (!Number.isFinite(x) || !Number.isFinite(y) || x < 0 || y < 0) return TAG_MESSAGES.outsidePage;
  if (pageSize && (x + width > pageSize.width + 0.5 || y + height > pageSize.height + 0.5)) {
    return TAG_MESSAGES.outsidePage;
  }
  return null;
}

export interface TagShape {
  id: string;
  type: TagType;
  participantId: string;
  required: boolean;
  options?: readonly string[];
  groupName?: string | null;
  optionValue?: string | null;
  customFieldId?: string | null;
}

/** What is wrong with a tag's type-specific settings, as {field, message}, or null. */
export function tagSettingsProblem(tag: Omit<TagShape, "id">): { field: string; message: string } | null {
  if (tag.type === "DROPDOWN") {
    const options = (tag.options ?? []).map((option) => option.trim());
    if (options.length === 0 || options.some((option) => option === "")) {
      return { field: "options", message: TAG_MESSAGES.optionsRequired };
    }
    if (new Set(options).size !== options.length) return { field: "options", message: TAG_MESSAGES.optionsUnique };
  }
  if (tag.type === "RADIO" && (!tag.groupName?.trim() || !tag.optionValue?.trim())) {
    return { field: "groupName", message: TAG_MESSAGES.radioNeedsGroup };
  }
  if (tag.type === "CUSTOM_FIELD" && !tag.customFieldId) {
    return { field: "customFieldId", message: TAG_MESSAGES.customFieldRequired };
  }
  return null;
}

/** Radio groups across a document's tags: one participant per group, distinct values. */
export function radioGroupProblem(tags: readonly Omit<TagShape, "required">[]): string | null {
  const groups = new Map<string, { participantId: string; values: Set<string> }>();
  for (const tag of tags) {
    if (tag.type !== "RADIO" || !tag.groupName) continue;
    const key = tag.groupName.trim();
    const value = (tag.optionValue ?? "").trim();
    const group = groups.get(key);
    if (!group) {
      groups.set(key, { participantId: tag.participantId, values: new Set([value]) });
      continue;
    }
    if (group.participantId !== tag.participantId) return TAG_MESSAGES.radioGroupOneParticipant;
    if (group.values.has(value)) return TAG_MESSAGES.radioValueUnique;
    group.values.add(value);
  }
  return null;
}

export interface RuleShape {
  sourceTagId: string;
  targetTagId: string;
  condition: ConditionalRuleCondition;
  value?: string | null;
  action: ConditionalRuleAction;
}

/** True when adding `rule` to `rules` makes a tag depend on itself, directly or through others. */
export function ruleCreatesCycle(rules: readonly RuleShape[], rule: Pick<RuleShape, "sourceTagId" | "targetTagId">) {
  if (rule.sourceTagId === rule.targetTagId) return true;
  const next = new Map<string, string[]>();
  for (const existing of rules) {
    next.set(existing.sourceTagId, [...(next.get(existing.sourceTagId) ?? []), existing.targetTagId]);
  }
  // a cycle appears when the new target already reaches the new source
  const seen = new Set<string>();
  const stack = [rule.targetTagId];
  while (stack.length > 0) {
    const tag = stack.pop() as string;
    if (tag === rule.sourceTagId) return true;
    if (seen.has(tag)) continue;
    seen.add(tag);
    stack.push(...(next.get(tag) ?? []));
  }
  return false;
}

/** A tag's value counts as given when it is not empty; a checkbox counts only when checked. */
export function hasTagValue(type: TagType, value: string | null | undefined): boolean {
  if (value === null || value === undefined) return false;
  if (type === "CHECKBOX") return value === "true";
  return value.trim() !== "";
}

export interface TagState {
  visible: boolean;
  required: boolean;
}

/**
 * Which tags show and which must be filled, given the values entered so far (tag id → value;
 * a chosen radio button holds its optionValue, the others of its group nothing). A tag targeted by a SHOW rule is hidden
 * until one of its SHOW rules fires; a REQUIRE rule makes it required when it fires. A hidden tag is
 * never required, and a hidden source never fires its rules (so chains resolve in dependency order).
 */
export function evaluateTagStates(
  tags: readonly TagShape[],
  rules: readonly RuleShape[],
  values: Readonly<Record<string, string | null | undefined>>,
): Map<string, TagState> {
  const byId = new Map(tags.map((tag) => [tag.id, tag]));
  const memo = new Map<string, TagState>();
  const fires = (rule: RuleShape, visiting: Set<string>): boolean => {
    const source = byId.get(rule.sourceTagId);
    if (!source || !stateOf(source.id, visiting).visible) return false;
    const value = values[source.id];
    if (rule.condition === "EQUALS") return (value ?? "").trim() === (rule.value ?? "").trim();
    return hasTagValue(source.type, value);
  };
  const stateOf = (id: string, visiting: Set<string>): TagState => {
    const known = memo.get(id);
    if (known) return known;
    const tag = byId.get(id);
    // a loop (refused on write, but never trusted) or an unknown tag: hidden
    if (!tag || visiting.has(id)) return { visible: false, required: false };
    visiting.add(id);
    const targeting = rules.filter((rule) => rule.targetTagId === id);
    const showRules = targeting.filter((rule) => rule.action === "SHOW");
    const visible = showRules.length === 0 || showRules.some((rule) => fires(rule, visiting));
    const required =
      visible && (tag.required || targeting.some((rule) => rule.action === "REQUIRE" && fires(rule, visiting)));
    visiting.delete(id);
    const state = { visible, required };
    memo.set(id, state);
    return state;
  };
  for (const tag of tags) stateOf(tag.id, new Set());
  return memo;
}

/**
 * The visible, required tags still without a value: what stops a participant from finishing. Tags
 * filled on finish (Date signed) are never missing.
 */
export function missingRequiredTags(
  tags: readonly TagShape[],
  rules: readonly RuleShape[],
  values: Readonly<Record<string, string | null | undefined>>,
): string[] {
  const states = evaluateTagStates(tags, rules, values);
  const answeredRadioGroups = new Set(
    tags.filter((tag) => tag.type === "RADIO" && hasTagValue("RADIO", values[tag.id])).map((tag) => tag.groupName),
  );
  return tags
    .filter((tag) => {
      const state = states.get(tag.id);
      if (!state?.required || FILLED_ON_FINISH_TAG_TYPES.includes(tag.type)) return false;
      if (tag.type === "RADIO") return !answeredRadioGroups.has(tag.groupName);
      return !hasTagValue(tag.type, values[tag.id]);
    })
    .map((tag) => tag.id);
}
