import type { CustomFieldValue } from "@signet/contract";
import { describe, expect, it } from "vitest";
import { customFieldChange, initialInput } from "./custom-field-input.ts";

const field = (over: Partial<CustomFieldValue>): CustomFieldValue => ({
  customFieldId: "00000000-0000-4000-8000-000000000001",
  packageCustomFieldId: null,
  documentId: null,
  key: "loan",
  name: "Loan number",
  dataType: "TEXT",
  dateFormat: null,
  selectOptions: [],
  required: false,
  encrypted: false,
  value: null,
  displayValue: null,
  isSet: false,
  version: null,
  ...over,
});

describe("package custom field input", () => {
  it("never shows an encrypted value that is set", () => {
    expect(initialInput(field({ encrypted: true, isSet: true, value: "secret" }))).toBe("");
    expect(initialInput(field({ value: "42" }))).toBe("42");
  });

  it("leaves an untouched encrypted value alone", () => {
    expect(customFieldChange(field({ encrypted: true, isSet: true, value: "x" }), "")).toBeUndefined();
  });

  it("saves nothing when a plain value did not change", () => {
    expect(customFieldChange(field({ isSet: true, value: "A1" }), "A1")).toBeUndefined();
  });

  it("validates by type", () => {
    expect(customFieldChange(field({ dataType: "WHOLE_NUMBER" }), "12")).toEqual({ value: "12" });
    expect(customFieldChange(field({ dataType: "WHOLE_NUMBER" }), "1.5")).toHaveProperty("problem");
    expect(customFieldChange(field({ dataType: "PHONE" }), "(555) 123-4567")).toEqual({ value: "5551234567" });
    expect(customFieldChange(field({ dataType: "SELECT", selectOptions: ["A"] }), "B")).toHaveProperty("problem");
    expect(customFieldChange(field({ required: true }), " ")).toHaveProperty("problem");
  });
});
