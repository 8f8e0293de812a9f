import { describe, expect, it } from "vitest";
import {
  changingExecutionTypeClearsTags,
  DOCUMENT_MESSAGES,
  EXECUTION_TYPE_LABELS,
  EXECUTION_TYPES,
  type ExecutionType,
  ExecutionTypeError,
  executionTypeSchema,
  isTagSizeValid,
  MIN_TAG_SIZE,
  maxUploadLabel,
  parseExecutionType,
  uniqueDocumentName,
} from "./document-rules.ts";

const INVALID = "String value is not a valid execution type";

describe("execution types (spec §3)", () => {
  it("has E-Sign, View Only and Paper", () => {
    expect([...EXECUTION_TYPES]).toEqual(["E_SIGN", "VIEW_ONLY", "PAPER"]);
    expect(EXECUTION_TYPE_LABELS).toEqual({ E_SIGN: "E-Sign", VIEW_ONLY: "View Only", PAPER: "Paper" });
  });
});

describe("parseExecutionType (spec §5)", () => {
  const valid: [string, ExecutionType][] = [
    ["E_SIGN", "E_SIGN"],
    ["E-Sign", "E_SIGN"],
    ["eSign", "E_SIGN"],
    ["e-sign", "E_SIGN"],
    [" E-Sign ", "E_SIGN"],
    ["VIEW_ONLY", "VIEW_ONLY"],
    ["View Only", "VIEW_ONLY"],
    ["view only", "VIEW_ONLY"],
    ["PAPER", "PAPER"],
    ["Paper", "PAPER"],
  ];
  it.each(valid)("%s → %s", (value, expected) => {
    expect(parseExecutionType(value)).toBe(expected);
    expect(executionTypeSchema.parse(value)).toBe(expected);
  });

  const invalid = ["", "   ", "SIGN", "E", "VIEW", "Paperless", "WET_SIGN", "E_SIGN,PAPER", "0", "null"];
  it.each(invalid)("%j is refused with the spec's message", (value) => {
    expect(() => parseExecutionType(value)).toThrow(ExecutionTypeError);
    expect(() => parseExecutionType(value)).toThrow(INVALID);
    const result = executionTypeSchema.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(INVALID);
  });
  it("refuses a non-string in the schema", () => {
    expect(executionTypeSchema.safeParse(1).success).toBe(false);
  });
});

describe("changingExecutionTypeClearsTags (spec §4)", () => {
  const cases: [ExecutionType, ExecutionType, boolean][] = [
    ["E_SIGN", "E_SIGN", false],
    ["E_SIGN", "VIEW_ONLY", true],
    ["E_SIGN", "PAPER", true],
    ["VIEW_ONLY", "E_SIGN", false],
    ["VIEW_ONLY", "VIEW_ONLY", false],
    ["VIEW_ONLY", "PAPER", false],
    ["PAPER", "E_SIGN", false],
    ["PAPER", "VIEW_ONLY", false],
    ["PAPER", "PAPER", false],
  ];
  it.each(cases)("%s → %s clears %s", (from, to, expected) => {
    expect(changingExecutionTypeClearsTags(from, to)).toBe(expected);
  });
});

describe("isTagSizeValid (spec §9: at least 9×9)", () => {
  const cases: [number, number, boolean][] = [
    [9, 9, true],
    [9.5, 200, true],
    [100, 9, true],
    [8.99, 9, false],
    [9, 8, false],
    [0, 0, false],
    [-10, 20, false],
    [Number.NaN, 10, false],
    [10, Number.POSITIVE_INFINITY, false],
  ];
  it("uses 9", () => expect(MIN_TAG_SIZE).toBe(9));
  it.each(cases)("%s × %s → %s", (width, height, expected) => {
    expect(isTagSizeValid(width, height)).toBe(expected);
  });
});

describe("uniqueDocumentName (spec §5)", () => {
  const existing = ["Closing Disclosure.pdf", "  Note.pdf ", "Deed"];
  const cases: [string, string | null][] = [
    ["Closing Disclosure.pdf", DOCUMENT_MESSAGES.nameMustBeUnique],
    ["closing disclosure.PDF", DOCUMENT_MESSAGES.nameMustBeUnique],
    ["  Note.pdf", DOCUMENT_MESSAGES.nameMustBeUnique],
    ["DEED ", DOCUMENT_MESSAGES.nameMustBeUnique],
    ["Deed.pdf", null],
    ["Closing Disclosure", null],
    ["Note 2.pdf", null],
  ];
  it.each(cases)("%j → %s", (name, expected) => {
    expect(uniqueDocumentName(existing, name)).toBe(expected);
  });
  it("accepts any name when there are no documents", () => {
    expect(uniqueDocumentName([], "Deed")).toBeNull();
  });
  it("uses the spec's text", () => {
    expect(DOCUMENT_MESSAGES.nameMustBeUnique).toBe("Document name must be unique");
  });
});

describe("maxUploadLabel (spec §9: MB with two decimals)", () => {
  const cases: [number | undefined, string][] = [
    [undefined, "50.00 MB"],
    [52428800, "50.00 MB"],
    [10 * 1048576, "10.00 MB"],
    [1572864, "1.50 MB"],
    [1000000, "0.95 MB"],
    [0, "0.00 MB"],
  ];
  it.each(cases)("%s → %s", (bytes, expected) => {
    expect(maxUploadLabel(bytes)).toBe(expected);
  });
});

describe("document messages (spec §5, §8)", () => {
  it.each([
    ["uploadTooLarge", "Upload failed. Maximum file size exceeded."],
    ["uploadUnsupported", "Upload failed. File format not supported."],
    ["uploadCancelled", "File upload has been cancelled."],
    ["deleteNotFound", "Delete unsuccessful as file not found."],
    ["uploadFailed", "Upload failed."],
  ] as const)("%s is %s", (key, text) => {
    expect(DOCUMENT_MESSAGES[key]).toBe(text);
  });
});
