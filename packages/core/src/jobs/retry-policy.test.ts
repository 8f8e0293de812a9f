import { Backoffs } from "bullmq";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../config/config.ts";
import {
  bullmqRetryOptions,
  isExhausted,
  nextAttemptAt,
  RETRY_POLICIES,
  type RetryPolicy,
  retryDelayMs,
  retryPolicies,
} from "./retry-policy.ts";

const NOW = new Date("2026-11-29T12:00:00.000Z");
const middle = () => 0.5;

/** The wait after each failed attempt 1..maxAttempts (null: none follows), jitter at its middle. */
const schedule = (policy: RetryPolicy) =>
  Array.from({ length: policy.maxAttempts }, (_, index) => {
    const next = nextAttemptAt(policy, index + 1, NOW, middle);
    return next === null ? null : next.getTime() - NOW.getTime();
  });

// the numbers below were computed from each job's own formula before the schedules moved here
describe("retry policies keep the schedules they replaced", () => {
  it("webhook delivery: 5 s doubling over 14 retries, none after the 15th attempt", () => {
    expect(schedule(RETRY_POLICIES.webhookDelivery)).toEqual([
      5_000,
      10_000,
      20_000,
      40_000,
      80_000,
      160_000,
      320_000,
      640_000,
      1_280_000,
      2_560_000,
      5_120_000,
      10_240_000,
      20_480_000,
      40_960_000,
      null,
    ]);
  });

  it("webhook delivery: jitter stays within ±20 % and rounds to the millisecond", () => {
    const policy = RETRY_POLICIES.webhookDelivery;
    expect(retryDelayMs(policy, 3, () => 0)).toBe(16_000);
    expect(retryDelayMs(policy, 3, () => 1)).toBe(24_000);
    expect(retryDelayMs(policy, 14, () => 0)).toBe(32_768_000);
    expect(retryDelayMs(policy, 14, () => 1)).toBe(49_152_000);
    expect(retryDelayMs(policy, 3, () => 0.123)).toBe(16_984);
    expect(retryDelayMs(policy, 1, () => 0.7777)).toBe(5_555);
  });

  it("outbox: 2 s doubling, parked after the 8th attempt, a requeued row's wait capped at 10 min", () => {
    const policy = RETRY_POLICIES.outbox;
    expect(schedule(policy)).toEqual([2_000, 4_000, 8_000, 16_000, 32_000, 64_000, 128_000, null]);
    // the relay still stamps a parked row with the wait it would have had
    expect(retryDelayMs(policy, 8)).toBe(256_000);
    expect(retryDelayMs(policy, 9)).toBe(512_000);
    expect(retryDelayMs(policy, 10)).toBe(600_000);
    expect(retryDelayMs(policy, 20)).toBe(600_000);
  });

  it("queued job: BullMQ's own backoff waits exactly what the policy says, 8 runs in all", () => {
    const options = bullmqRetryOptions(RETRY_POLICIES.queuedJob);
    expect(options).toEqual({ attempts: 8, backoff: { type: "exponential", delay: 2_000 } });
    const bullmq = Array.from({ length: 7 }, (_, index) =>
      Backoffs.calculate(options.backoff, index + 1, new Error("failed"), {} as never),
    );
    expect(bullmq).toEqual([2_000, 4_000, 8_000, 16_000, 32_000, 64_000, 128_000]);
    expect(schedule(RETRY_POLICIES.queuedJob)).toEqual([...bullmq, null]);
  });

  const defaults = retryPolicies(loadConfig({}));

  it("eDeposit with the default settings: 60 s growing fourfold, 4 attempts", () => {
    expect(schedule(defaults.eDeposit)).toEqual([60_000, 240_000, 960_000, null]);
  });

  it("print submission with the default settings: 30 s growing fourfold, 4 attempts", () => {
    expect(schedule(defaults.printSubmission)).toEqual([30_000, 120_000, 480_000, null]);
  });

  it("mailing poll with the default settings: hourly for 744 rounds (about a month)", () => {
    const delays = schedule(defaults.mailingPoll);
    expect(delays).toHaveLength(744);
    expect(new Set(delays.slice(0, 743))).toEqual(new Set([3_600_000]));
    expect(delays[743]).toBeNull();
  });

  it("reads the configured bases and attempt counts", () => {
    const tuned = retryPolicies(
      loadConfig({
        EDEPOSIT_AUTO_ATTEMPTS: "3",
        EDEPOSIT_RETRY_BASE_SECONDS: "0.5",
        PRINT_SUBMIT_AUTO_ATTEMPTS: "2",
        PRINT_SUBMIT_RETRY_BASE_SECONDS: "10",
        PRINT_POLL_SECONDS: "60",
      }),
    );
    expect(schedule(tuned.eDeposit)).toEqual([500, 2_000, null]);
    expect(schedule(tuned.printSubmission)).toEqual([10_000, null]);
    expect(schedule(tuned.mailingPoll)[0]).toBe(60_000);
  });
});

describe("isExhausted", () => {
  it("is true from the last allowed attempt on", () => {
    const policy = { firstDelayMs: 1, growth: 1, maxAttempts: 3 };
    expect([1, 2, 3, 4].map((attempt) => isExhausted(policy, attempt))).toEqual([false, false, true, true]);
  });
});
