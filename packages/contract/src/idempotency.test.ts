import { describe, expect, it } from "vitest";
import { IDEMPOTENCY_RULES, isValidIdempotencyKey } from "./idempotency.ts";

describe("isValidIdempotencyKey", () => {
  it("takes a UUID, a loan number and the longest key allowed", () => {
    expect(isValidIdempotencyKey("0b6f4f0e-4e0b-4c3c-9f11-2f3c1e6a9d10")).toBe(true);
    expect(isValidIdempotencyKey("loan-2026-000123/create")).toBe(true);
    expect(isValidIdempotencyKey("k".repeat(IDEMPOTENCY_RULES.maxKeyLength))).toBe(true);
  });

  it("refuses an empty key, a longer one, spaces, controls and non-ASCII", () => {
    expect(isValidIdempotencyKey("")).toBe(false);
    expect(isValidIdempotencyKey("k".repeat(IDEMPOTENCY_RULES.maxKeyLength + 1))).toBe(false);
    expect(isValidIdempotencyKey("two words")).toBe(false);
    expect(isValidIdempotencyKey("tab\there")).toBe(false);
    expect(isValidIdempotencyKey("clé")).toBe(false);
  });
});
