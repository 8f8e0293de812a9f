import { describe, expect, it } from "vitest";
import { isMailHeaderText } from "./mail-header-text.ts";

describe("isMailHeaderText", () => {
  it.each([
    ["Your documents are ready", true],
    ["Loan agreement – Jane & John Doe", true],
    ["Zażółć gęślą jaźń 王小明", true],
    ["", true],
    ["Hello\r\nBcc: victim@example.com", false],
    ["Hello\nX-Injected: 1", false],
    ["tab\there", false],
    ["nul\u0000", false],
    ["del\u007f", false],
    ["next line\u0085", false],
    ["line separator\u2028", false],
  ])("%j → %s", (text, expected) => {
    expect(isMailHeaderText(text)).toBe(expected);
  });
});
