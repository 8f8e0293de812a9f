import { describe, expect, it } from "vitest";
import { findUnstorableText, STORABLE_TEXT_MESSAGES, unstorableTextReason } from "./storable-text.ts";

describe("unstorableTextReason", () => {
  it.each([
    ["plain text", "Loan agreement – Jane & John Doe", null],
    ["accents, Polish, Turkish, Chinese", "Zażółć gęślą jaźń Işık 王小明", null],
    ["an emoji (a surrogate pair)", "signed 👍", null],
    ["tabs and new lines", "a\tb\r\nc", null],
    ["NUL in the middle", "a\u0000b", STORABLE_TEXT_MESSAGES.nul],
    ["NUL alone", "\u0000", STORABLE_TEXT_MESSAGES.nul],
    ["lone high surrogate", "x\uD800y", STORABLE_TEXT_MESSAGES.loneSurrogate],
    ["lone high surrogate at the end", "x\uD83D", STORABLE_TEXT_MESSAGES.loneSurrogate],
    ["lone low surrogate", "x\uDC00y", STORABLE_TEXT_MESSAGES.loneSurrogate],
    ["reversed pair", "\uDE00\uD83D", STORABLE_TEXT_MESSAGES.loneSurrogate],
  ])("%s", (_name, text, expected) => {
    expect(unstorableTextReason(text)).toBe(expected);
  });
});

describe("findUnstorableText", () => {
  it("names every offending value by its path, keys included", () => {
    const found = findUnstorableText(
      { name: "ok", participants: [{ email: "a\u0000@b.c" }, { note: ["fine", "x\uD800"] }], "k\u0000": 1 },
      "body",
    );
    expect(found).toEqual([
      { path: "body.participants.0.email", message: STORABLE_TEXT_MESSAGES.nul },
      { path: "body.participants.1.note.1", message: STORABLE_TEXT_MESSAGES.loneSurrogate },
      { path: "body.k\\u0000 (key)", message: STORABLE_TEXT_MESSAGES.nul },
    ]);
  });

  it("finds nothing in storable values of every JSON type", () => {
    expect(findUnstorableText({ a: 1, b: true, c: null, d: [1.5, "x"], e: { f: "é" } }, "body")).toEqual([]);
    expect(findUnstorableText(undefined, "query")).toEqual([]);
  });
});

describe("findUnstorableText on values nested without bound", () => {
  it("refuses a value deeper than the JSON depth limit instead of overflowing the stack", () => {
    let deep: unknown = "leaf";
    for (let level = 0; level < 50_000; level++) deep = [deep];
    const found = findUnstorableText({ name: deep }, "body");
    expect(found).toHaveLength(1);
    expect(found[0]!.message).toBe(STORABLE_TEXT_MESSAGES.tooDeep);
    expect(found[0]!.path).toMatch(/^body\.name(\.0)+$/);
  });
});
