import { describe, expect, it } from "vitest";
import { applyBlockedReason, countsSentence, importedSentence } from "./plan-words.ts";

const counts = (CREATE: number, CHANGE: number, UNCHANGED: number, CONFLICT: number) => ({
  CREATE,
  CHANGE,
  UNCHANGED,
  CONFLICT,
});

describe("plan words", () => {
  it.each([
    [counts(3, 2, 40, 1), "3 to create, 2 to change, 40 unchanged, 1 conflict"],
    [counts(0, 0, 5, 2), "5 unchanged, 2 conflicts"],
    [counts(0, 0, 0, 0), "No items"],
  ])("says %o as %s", (value, sentence) => {
    expect(countsSentence(value)).toBe(sentence);
  });

  it.each([
    [{ counts: counts(1, 0, 0, 2), canApply: false }, "Resolve the 2 conflicts first, then run the dry run again."],
    [
      { counts: counts(0, 0, 4, 0), canApply: false },
      "Nothing to import: this organization already has this configuration.",
    ],
    [{ counts: counts(1, 0, 4, 0), canApply: true }, null],
  ])("blocks Apply for %o", (plan, reason) => {
    expect(applyBlockedReason(plan)).toBe(reason);
  });

  it("tells what was imported", () => {
    expect(importedSentence(counts(1, 3, 9, 0))).toBe("Configuration imported: 1 item created, 3 changed.");
  });
});
