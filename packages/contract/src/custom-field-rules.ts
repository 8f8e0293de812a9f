// Custom field rules (spec §3 Custom field): what a value must look like for its definition, and
// how dates show (DATE_LONG / DATE_MEDIUM / DATE_SHORT). Decision: the range bounds are optional
// (null = no bound); the spec's default 0 for both would allow only 0.
import { normalizePhoneInput } from "./users.ts";

export const CUSTOM_FIELD_SCOPES = ["PACKAGE", "DOCUMENT"] as const;
export type CustomFieldScope = (typeof CUSTOM_FIELD_SCOPES)[number];
export const CUSTOM_FIELD_DATA_TYPES = [
  "TEXT",
  "WHOLE_NUMBER",
  "REAL_NUMBER",
  "DATE",
  "SELECT",
  "BOOLEAN",
  "EMAIL",
  "PHONE",
] as const;
export type CustomFieldDataType = (typeof CUSTOM_FIELD_DATA_TYPES)[number];
export const CUSTOM_FIELD_DATE_FORMATS = ["DATE_LONG", "DATE_MEDIUM", "DATE_SHORT"] as const;
export type CustomFieldDateFormat = (typeof CUSTOM_FIELD_DATE_FORMATS)[number];

export const CUSTOM_FIELD_MESSAGES = {
  /** spec §8 */
  notFound: "Package/organization/customField not found.",
  required: "This field is required.",
  wholeNumber: "Enter a whole number.",
  realNumber: "Enter a number.",
  belowMinimum: (min: number) => `Enter a number of at least ${min}.`,
  aboveMaximum: (max: number) => `Enter a number of at most ${max}.`,
  date: "Enter a date as YYYY-MM-DD.",
  select: "Choose one of the options.",
  boolean: "Enter true or false.",
  email: "Enter a valid email address.",
  phone: "Enter a ten-digit phone number.",
  tooLong: "Enter at most 4000 characters.",
  optionsRequired: "A list field needs at least one option.",
  rangeOrder: "The minimum must not be above the maximum.",
  archived: "This custom field is archived: it takes no new values.",
  wrongScope: "This custom field belongs to the other scope (package or document).",
  /** spec §8, a value set for a field of the other scope (details say which, in words) */
  alreadyCreatedOrTypeNotMatched: "Already created or type not matched.",
  /** spec §8, a value set at a version it no longer has */
  alreadyCreatedOrVersionNotMatched: "Already Created or version not matched.",
} as const;

export interface CustomFieldDefinition {
  dataType: CustomFieldDataType;
  required: boolean;
  selectOptions: readonly string[];
  minRangeWholeNumber?: number | null;
  maxRangeWholeNumber?: number | null;
  minRangeRealNumber?: number | null;
  maxRangeRealNumber?: number | null;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function validDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === value;
}

function rangeProblem(value: number, min: number | null | undefined, max: number | null | undefined): string | null {
  if (min !== null && min !== undefined && value < min) return CUSTOM_FIELD_MESSAGES.belowMinimum(min);
  if (max !== null && max !== undefined && value > max) return CUSTOM_FIELD_MESSAGES.aboveMaximum(max);
  return null;
}

/**
 * The value as stored (trimmed; a phone as ten digits), or the problem with it. An empty value is
 * null: allowed unless the field is required.
 */
export function normalizeCustomFieldValue(
  definition: CustomFieldDefinition,
  raw: string | null | undefined,
): { value: string | null } | { problem: string } {
  const value = raw?.trim() ?? "";
  if (value === "") return definition.required ? { problem: CUSTOM_FIELD_MESSAGES.required } : { value: null };
  if (value.length > 4000) return { problem: CUSTOM_FIELD_MESSAGES.tooLong };
  switch (definition.dataType) {
    case "WHOLE_NUMBER": {
      if (!/^-?\d+$/.test(value)) return { problem: CUSTOM_FIELD_MESSAGES.wholeNumber };
      const problem = rangeProblem(Number(value), definition.minRangeWholeNumber, definition.maxRangeWholeNumber);
      return problem ? { problem } : { value: String(Number(value)) };
    }
    case "REAL_NUMBER": {
      if (!/^-?(\d+\.?\d*|\.\d+)$/.test(value)) return { problem: CUSTOM_FIELD_MESSAGES.realNumber };
      const problem = rangeProblem(Number(value), definition.minRangeRealNumber, definition.maxRangeRealNumber);
      return problem ? { problem } : { value: String(Number(value)) };
    }
    case "DATE":
      return validDate(value) ? { value } : { problem: CUSTOM_FIELD_MESSAGES.date };
    case "SELECT":
      return definition.selectOptions.includes(value) ? { value } : { problem: CUSTOM_FIELD_MESSAGES.select };
    case "BOOLEAN":
      return value === "true" || value === "false" ? { value } : { problem: CUSTOM_FIELD_MESSAGES.boolean };
    case "EMAIL":
      return EMAIL.test(value) ? { value: value.toLowerCase() } : { problem: CUSTOM_FIELD_MESSAGES.email };
    case "PHONE": {
      const digits = normalizePhoneInput(value);
      return digits ? { value: digits } : { problem: CUSTOM_FIELD_MESSAGES.phone };
    }
    default:
      return { value };
  }
}

/** What is wrong with a definition itself, as {field, message}, or null. */
export function customFieldDefinitionProblem(
  definition: CustomFieldDefinition & { defaultValue?: string | null },
): { field: string; message: string } | null {
  if (definition.dataType === "SELECT" && definition.selectOptions.length === 0) {
    return { field: "selectOptions", message: CUSTOM_FIELD_MESSAGES.optionsRequired };
  }
  const ordered = (min?: number | null, max?: number | null) =>
    min === null || min === undefined || max === null || max === undefined || min <= max;
  if (!ordered(definition.minRangeWholeNumber, definition.maxRangeWholeNumber)) {
    return { field: "minRangeWholeNumber", message: CUSTOM_FIELD_MESSAGES.rangeOrder };
  }
  if (!ordered(definition.minRangeRealNumber, definition.maxRangeRealNumber)) {
    return { field: "minRangeRealNumber", message: CUSTOM_FIELD_MESSAGES.rangeOrder };
  }
  if (definition.defaultValue) {
    const checked = normalizeCustomFieldValue({ ...definition, required: false }, definition.defaultValue);
    if ("problem" in checked) return { field: "defaultValue", message: checked.problem };
  }
  return null;
}

const DATE_STYLES: Record<CustomFieldDateFormat, Intl.DateTimeFormatOptions> = {
  DATE_LONG: { year: "numeric", month: "long", day: "numeric" },
  DATE_MEDIUM: { year: "numeric", month: "short", day: "numeric" },
  DATE_SHORT: { year: "numeric", month: "2-digit", day: "2-digit" },
};

/** Spec §3: a stored date (YYYY-MM-DD) shown long ('November 23, 2026'), medium ('Nov 23, 2026') or short ('11/23/2026'). */
export function formatCustomFieldDate(isoDate: string, format: CustomFieldDateFormat, locale = "en-US"): string {
  if (!validDate(isoDate)) return isoDate;
  const [year, month, day] = isoDate.split("-").map(Number) as [number, number, number];
  return new Intl.DateTimeFormat(locale, { ...DATE_STYLES[format], timeZone: "UTC" }).format(
    new Date(Date.UTC(year, month - 1, day)),
  );
}
