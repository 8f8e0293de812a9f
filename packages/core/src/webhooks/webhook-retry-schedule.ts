/** Attempts per event: the first try and 14 retries. */
export const WEBHOOK_MAX_ATTEMPTS = 15;
const FIRST_RETRY_MS = 5_000;

/**
 * Delay after a failed attempt n (1-based) before attempt n + 1: 5 s doubling each time
 * (5 s, 10 s, 20 s … 11.4 h), so the 14 retries span about 22.75 hours. ±20 % jitter spreads the
 * retries of many events that failed together (a receiver's outage) instead of stampeding it.
 * null: no further attempt.
 */
export function webhookRetryDelayMs(failedAttempt: number, random: () => number = Math.random): number | null {
  if (failedAttempt >= WEBHOOK_MAX_ATTEMPTS) return null;
  const base = FIRST_RETRY_MS * 2 ** (failedAttempt - 1);
  return Math.round(base * (0.8 + 0.4 * random()));
}
