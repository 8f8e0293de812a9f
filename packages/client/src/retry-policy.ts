/** Statuses that mean "not done, try again later": the server did not act on the request. */
export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([429, 503]);

/** Methods a network failure may be retried for: repeating them cannot do the work twice. */
export const IDEMPOTENT_METHODS: ReadonlySet<string> = new Set(["GET", "HEAD", "PUT", "DELETE", "OPTIONS"]);

/**
 * Statuses retried only for a request that is safe to repeat (an idempotent method, or a POST with
 * an Idempotency-Key, which the API answers once): a gateway that lost or never got the answer.
 */
export const RETRYABLE_WHEN_REPEATABLE: ReadonlySet<number> = new Set([502, 504]);

export interface RetryOptions {
  maxRetries: number;
  /** first backoff; doubles with every attempt */
  baseDelayMs: number;
  /** no single wait is longer; a Retry-After beyond it ends the retries */
  maxDelayMs: number;
}

/** Retry-After as milliseconds: delta-seconds or an HTTP date (RFC 9110 §10.2.3); null when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (value === null || value.trim() === "") return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/**
 * How long to wait before retry number `attempt` (0 first): the server's Retry-After when given,
 * else exponential backoff with jitter (half of it random) so that many clients throttled together do not come
 * back together. Null: give up.
 */
export function retryDelay(
  attempt: number,
  retryAfterMs: number | null,
  options: RetryOptions,
  random: () => number = Math.random,
): number | null {
  if (attempt >= options.maxRetries) return null;
  if (retryAfterMs !== null) return retryAfterMs > options.maxDelayMs ? null : retryAfterMs;
  const ceiling = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** attempt);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}
