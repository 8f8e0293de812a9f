import type { Config } from "../config/config.ts";

/**
 * How a job that failed is tried again: the wait after the first failure, each later wait `growth`
 * times the one before (1: a fixed interval), never more than `maxDelayMs`, and no attempt after the
 * `maxAttempts`th (the first try counts). Every retry schedule of the product is one of these, so
 * the numbers live in one table (retryPolicies) instead of in each job.
 */
export interface RetryPolicy {
  firstDelayMs: number;
  growth: number;
  maxDelayMs?: number;
  maxAttempts: number;
  /** each wait is drawn evenly from ±jitter of itself (0.2: ±20 %), rounded to the millisecond */
  jitter?: number;
}

/**
 * The wait after failed attempt n (1-based) before attempt n + 1, whether or not one is left: the
 * outbox relay still stamps a parked row with it.
 */
export function retryDelayMs(policy: RetryPolicy, failedAttempt: number, random: () => number = Math.random): number {
  const grown = policy.firstDelayMs * policy.growth ** (failedAttempt - 1);
  const capped = policy.maxDelayMs === undefined ? grown : Math.min(grown, policy.maxDelayMs);
  if (!policy.jitter) return capped;
  return Math.round(capped * (1 - policy.jitter + 2 * policy.jitter * random()));
}

/** Whether `attempt` (1-based) was the last one the policy allows. */
export const isExhausted = (policy: RetryPolicy, attempt: number) => attempt >= policy.maxAttempts;

/** When attempt failedAttempt + 1 is due, or null when failedAttempt was the last. */
export function nextAttemptAt(
  policy: RetryPolicy,
  failedAttempt: number,
  now: Date = new Date(),
  random: () => number = Math.random,
): Date | null {
  if (isExhausted(policy, failedAttempt)) return null;
  return new Date(now.getTime() + retryDelayMs(policy, failedAttempt, random));
}

/** The schedules that do not depend on the installation's settings. */
export const RETRY_POLICIES = {
  /**
   * A webhook event: the first try and 14 retries, 5 s doubling (5 s … 11.4 h, about 22.75 h in all).
   * The jitter spreads the retries of many events that failed together (a receiver's outage)
   * instead of stampeding the receiver when it returns.
   */
  webhookDelivery: { firstDelayMs: 5_000, growth: 2, maxAttempts: 15, jitter: 0.2 },
  /** An outbox row that could not be handed on (Redis away): 2 s doubling, at most 10 min; parked after 8. */
  outbox: { firstDelayMs: 2_000, growth: 2, maxDelayMs: 10 * 60_000, maxAttempts: 8 },
  /**
   * A BullMQ job whose handler threw: BullMQ itself waits (its "exponential" backoff, 2 s doubling)
   * and gives up after 8 runs. Only a policy bullmqRetryOptions can express belongs here.
   */
  queuedJob: { firstDelayMs: 2_000, growth: 2, maxAttempts: 8 },
} as const satisfies Record<string, RetryPolicy>;

type RetrySettings = Pick<
  Config,
  | "EDEPOSIT_AUTO_ATTEMPTS"
  | "EDEPOSIT_RETRY_BASE_SECONDS"
  | "PRINT_SUBMIT_AUTO_ATTEMPTS"
  | "PRINT_SUBMIT_RETRY_BASE_SECONDS"
  | "PRINT_POLL_SECONDS"
>;

/** About a month of hourly checks: a mailing's return leg takes days, not months. */
const MAILING_POLL_ROUNDS = 24 * 31;

/** Every retry schedule, those set by the installation's configuration included. */
export function retryPolicies(config: RetrySettings) {
  return {
    ...RETRY_POLICIES,
    /** A deposit to the eVault: the waits grow fourfold (by default 1, 4 and 16 min). */
    eDeposit: {
      firstDelayMs: config.EDEPOSIT_RETRY_BASE_SECONDS * 1000,
      growth: 4,
      maxAttempts: config.EDEPOSIT_AUTO_ATTEMPTS,
    },
    /** A print job the vendor did not accept (by default 30 s, 2 and 8 min); after the last one a person retries it. */
    printSubmission: {
      firstDelayMs: config.PRINT_SUBMIT_RETRY_BASE_SECONDS * 1000,
      growth: 4,
      maxAttempts: config.PRINT_SUBMIT_AUTO_ATTEMPTS,
    },
    /**
     * Asking the vendor for a mailing's milestones (callbacks that never came): a fixed interval,
     * each round an "attempt", until the mailing is final or the rounds run out.
     */
    mailingPoll: { firstDelayMs: config.PRINT_POLL_SECONDS * 1000, growth: 1, maxAttempts: MAILING_POLL_ROUNDS },
  } satisfies Record<string, RetryPolicy>;
}

/**
 * BullMQ's job options for a policy. Its "exponential" backoff doubles with no cap, and its jitter
 * only shortens a wait, so only a doubling policy without either fits.
 */
export function bullmqRetryOptions(policy: RetryPolicy & { growth: 2; maxDelayMs?: undefined; jitter?: undefined }) {
  return { attempts: policy.maxAttempts, backoff: { type: "exponential" as const, delay: policy.firstDelayMs } };
}
