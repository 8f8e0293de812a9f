import { describe, expect, it } from "vitest";
import { parseRetryAfter, retryDelay } from "./retry-policy.ts";

// The arithmetic of waiting; that retries happen at all is proven against the real API in
// apps/api/test/typed-client.test.ts.

const options = { maxRetries: 4, baseDelayMs: 100, maxDelayMs: 1000 };

describe("Retry-After", () => {
  it("reads seconds and HTTP dates, and nothing else", () => {
    const now = Date.parse("2026-01-01T00:00:00Z");
    expect(parseRetryAfter("3", now)).toBe(3000);
    expect(parseRetryAfter("Thu, 01 Jan 2026 00:00:05 GMT", now)).toBe(5000);
    expect(parseRetryAfter("Wed, 31 Dec 2025 23:00:00 GMT", now)).toBe(0);
    expect([parseRetryAfter(null, now), parseRetryAfter("", now), parseRetryAfter("soon", now)]).toEqual([
      null,
      null,
      null,
    ]);
  });
});

describe("backoff", () => {
  it("doubles per attempt, with half of each wait random, up to the longest wait", () => {
    expect([0, 1, 2, 3].map((attempt) => retryDelay(attempt, null, options, () => 0))).toEqual([50, 100, 200, 400]);
    expect([0, 1, 2, 3].map((attempt) => retryDelay(attempt, null, options, () => 1))).toEqual([100, 200, 400, 800]);
    expect(retryDelay(3, null, { ...options, maxDelayMs: 300 }, () => 1)).toBe(300);
  });

  it("waits what the server asks, gives up when that is too long, and after the last retry", () => {
    expect(retryDelay(0, 700, options)).toBe(700);
    expect(retryDelay(0, 0, options)).toBe(0);
    expect(retryDelay(0, 1001, options)).toBeNull();
    expect(retryDelay(4, null, options)).toBeNull();
    expect(retryDelay(0, null, { ...options, maxRetries: 0 })).toBeNull();
  });
});
