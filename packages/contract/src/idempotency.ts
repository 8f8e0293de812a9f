import type { RouteDef } from "./route-def.ts";

// Issue 36: a POST sent with an Idempotency-Key (IETF draft "The Idempotency-Key HTTP Header
// Field") is done once; a retry under the same key gets the first answer again.

/** The request header naming one intended action across its retries. */
export const IDEMPOTENCY_KEY_HEADER = "idempotency-key";
/** Set on an answer replayed from a first request under the same key. */
export const IDEMPOTENT_REPLAYED_HEADER = "idempotent-replayed";

export const IDEMPOTENCY_RULES = {
  /** how long the first answer is kept for retries */
  retentionHours: 24,
  maxKeyLength: 255,
} as const;

export const IDEMPOTENCY_MESSAGES = {
  invalidKey: `The Idempotency-Key header must be 1 to ${IDEMPOTENCY_RULES.maxKeyLength} visible ASCII characters.`,
  inProgress: "A request with this Idempotency-Key is still being processed. Retry once it has finished.",
  reused: "This Idempotency-Key was already used for a different request. Use a new key for a new request.",
} as const;

/** A key is 1–255 visible ASCII characters (no spaces or controls: it travels in a header and in logs). */
export function isValidIdempotencyKey(key: string): boolean {
  return key.length > 0 && key.length <= IDEMPOTENCY_RULES.maxKeyLength && /^[\x21-\x7e]+$/.test(key);
}

/** Which routes honour the key: a signed-in POST that answers JSON (not a file, not a sign-in step). */
export function honoursIdempotencyKey(route: Pick<RouteDef, "method" | "produces" | "auth">): boolean {
  return route.method === "POST" && !route.produces && (route.auth === "user" || route.auth === "session");
}
