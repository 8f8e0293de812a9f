import { describe, expect, it } from "vitest";
import {
  CUSTOM_FIELD_MESSAGES,
  type CustomFieldDefinition,
  customFieldDefinitionProblem,
  formatCustomFieldDate,
  normalizeCustomFieldValue,
} from "./custom-field-rules.ts";

const field = (dataType: CustomFieldDefinition["dataType"], extra: Partial<CustomFieldDefinition> = {}) => ({
  dataType,
  required: false,
  selectOptions: [],
  ...extra,
});

describe("normalizeCustomFieldValue", () => {
  it.each([
    [field("TEXT"), "  Loan 42 ", { value: "Loan 42" }],
    [field("TEXT"), "", { value: null }],
    [field("TEXT", { required: true }), " ", { problem: CUSTOM_FIELD_MESSAGES.required }],
    [field("WHOLE_NUMBER"), "007", { value: "7" }],
    [field("WHOLE_NUMBER"), "7.5", { problem: CUSTOM_FIELD_MESSAGES.wholeNumber }],
    [
      field("WHOLE_NUMBER", { minRangeWholeNumber: 1, maxRangeWholeNumber: 30 }),
      "31",
      { problem: CUSTOM_FIELD_MESSAGES.aboveMaximum(30) },
    ],
    [field("WHOLE_NUMBER", { minRangeWholeNumber: 1 }), "0", { problem: CUSTOM_FIELD_MESSAGES.belowMinimum(1) }],
    [field("REAL_NUMBER", { maxRangeRealNumber: 7.5 }), "6.25", { value: "6.25" }],
    [field("REAL_NUMBER"), "1e5", { problem: CUSTOM_FIELD_MESSAGES.realNumber }],
    [field("DATE"), "2026-02-29", { problem: CUSTOM_FIELD_MESSAGES.date }],
    [field("DATE"), "2028-02-29", { value: "2028-02-29" }],
    [field("SELECT", { selectOptions: ["FHA", "VA"] }), "VA", { value: "VA" }],
    [field("SELECT", { selectOptions: ["FHA", "VA"] }), "va", { problem: CUSTOM_FIELD_MESSAGES.select }],
    [field("BOOLEAN"), "yes", { problem: CUSTOM_FIELD_MESSAGES.boolean }],
    [field("EMAIL"), "Ann@Example.com", { value: "ann@example.com" }],
    [field("PHONE"), "(555) 123-4567", { value: "5551234567" }],
    [field("PHONE"), "123", { problem: CUSTOM_FIELD_MESSAGES.phone }],
  ])("%o %s", (definition, value, expected) => {
    expect(normalizeCustomFieldValue(definition, value)).toEqual(expected);
  });
});

describe("customFieldDefinitionProblem", () => {
  it("needs options for a list, ordered ranges and a valid default", () => {
    expect(customFieldDefinitionProblem(field("SELECT"))?.field).toBe("selectOptions");
    expect(
      customFieldDefinitionProblem(field("WHOLE_NUMBER", { minRangeWholeNumber: 5, maxRangeWholeNumber: 1 }))?.field,
    ).toBe("minRangeWholeNumber");
    expect(customFieldDefinitionProblem({ ...field("DATE"), defaultValue: "tomorrow" })?.field).toBe("defaultValue");
    expect(
      customFieldDefinitionProblem({ ...field("SELECT", { selectOptions: ["A"] }), defaultValue: "A" }),
    ).toBeNull();
  });
});

describe("formatCustomFieldDate", () => {
  it("shows long, medium and short dates", () => {
    expect(formatCustomFieldDate("2026-11-23", "DATE_LONG")).toBe("November 23, 2026");
    expect(formatCustomFieldDate("2026-11-23", "DATE_MEDIUM")).toBe("Nov 23, 2026");
    expect(formatCustomFieldDate("2026-11-23", "DATE_SHORT")).toBe("11/23/2026");
    expect(formatCustomFieldDate("not a date", "DATE_SHORT")).toBe("not a date");
  });
});
