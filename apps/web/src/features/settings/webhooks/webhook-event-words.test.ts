import { WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT_TYPE } from "@signet/contract";
import { describe, expect, it } from "vitest";
import { WEBHOOK_EVENT_GROUPS, webhookEventSummary, webhookEventWords } from "./webhook-event-words.ts";

describe("webhook event words", () => {
  it.each(WEBHOOK_EVENT_TYPES)("%s reads as words, not as its type", (type) => {
    const words = webhookEventWords(type);
    expect(words).not.toBe("Other event");
    expect(words).not.toMatch(/[._]/);
    expect(words.charAt(0)).toBe(words.charAt(0).toUpperCase());
    // sentence case: no capital after the first letter
    expect(words.slice(1)).toBe(words.slice(1).toLowerCase());
  });

  it("gives every type its own words", () => {
    const words = WEBHOOK_EVENT_TYPES.map(webhookEventWords);
    expect(new Set(words).size).toBe(WEBHOOK_EVENT_TYPES.length);
  });

  it.each([
    ["package.completed", "Package completed"],
    ["participant.signed", "Participant signed"],
    [WEBHOOK_TEST_EVENT_TYPE, "Test event"],
    ["package.unheard_of", "Other event"],
  ])("%s → %s", (type, words) => {
    expect(webhookEventWords(type)).toBe(words);
  });

  it("puts every type in exactly one group", () => {
    const grouped = WEBHOOK_EVENT_GROUPS.flatMap((group) => group.types);
    expect([...grouped].sort()).toEqual([...WEBHOOK_EVENT_TYPES].sort());
  });

  it.each([
    [[...WEBHOOK_EVENT_TYPES], "All events"],
    [WEBHOOK_EVENT_TYPES.filter((t) => t.startsWith("package.")), "All package events"],
    [["participant.signed", "package.completed"], "Package completed; Participant signed"],
  ])("summarises %j as %s", (types, summary) => {
    expect(webhookEventSummary(types)).toBe(summary);
  });
});
