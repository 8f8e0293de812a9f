import { describe, expect, it } from "vitest";
import { WEBHOOK_MAX_ATTEMPTS, webhookRetryDelayMs } from "./webhook-retry-schedule.ts";

describe("webhookRetryDelayMs", () => {
  it.each([
    [1, 5_000],
    [2, 10_000],
    [5, 80_000],
    [14, 40_960_000],
  ])("after attempt %i waits %i ms without jitter", (attempt, expected) => {
    expect(webhookRetryDelayMs(attempt, () => 0.5)).toBe(expected);
  });

  it("keeps jitter within ±20 %", () => {
    expect(webhookRetryDelayMs(3, () => 0)).toBe(16_000);
    expect(webhookRetryDelayMs(3, () => 1)).toBe(24_000);
  });

  it("stops after the last attempt, having spread the retries over about a day", () => {
    expect(webhookRetryDelayMs(WEBHOOK_MAX_ATTEMPTS)).toBeNull();
    let total = 0;
    for (let attempt = 1; attempt < WEBHOOK_MAX_ATTEMPTS; attempt++) total += webhookRetryDelayMs(attempt, () => 0.5)!;
    expect(total / 3_600_000).toBeGreaterThan(20);
    expect(total / 3_600_000).toBeLessThan(26);
  });
});
