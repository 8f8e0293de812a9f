import { createHmac, timingSafeEqual } from "node:crypto";
import { type WebhookEventPayload, webhookEventPayloadSchema } from "@signet/contract";

// Verification of Signet's webhook deliveries as the Standard Webhooks specification says (what
// packages/core/src/webhooks/webhook-signature.ts signs): webhook-signature holds one or more
// "v1,<base64 HMAC-SHA256 of '<webhook-id>.<webhook-timestamp>.<raw body>'>" separated by spaces
// (two during a secret rotation), keyed with the base64 bytes after "whsec_".

const SECRET_PREFIX = "whsec_";
/** The specification's window: a delivery stamped further from now is refused (replays). */
const DEFAULT_TOLERANCE_SECONDS = 5 * 60;

/** A delivery whose signature, timestamp or body does not check out: answer it with 400 and ignore it. */
export class SignetWebhookVerificationError extends Error {
  override name = "SignetWebhookVerificationError";
}

/** Request headers as Node (IncomingHttpHeaders), fetch (Headers) or a plain object give them. */
export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

export interface VerifyOptions {
  /** default 300 (5 minutes) */
  toleranceSeconds?: number;
  /** for tests: the current time in Unix seconds */
  nowSeconds?: number;
}

function header(headers: WebhookHeaders, name: string): string | null {
  if (typeof (headers as Headers).get === "function") return (headers as Headers).get(name);
  const record = headers as Record<string, string | string[] | undefined>;
  const key = Object.keys(record).find((candidate) => candidate.toLowerCase() === name);
  const value = key === undefined ? undefined : record[key];
  return (Array.isArray(value) ? value[0] : value) ?? null;
}

/**
 * Checks that a delivery comes from Signet and is recent, and answers its event. `payload` must be
 * the raw body as received (bytes or text): parsing and re-serializing JSON changes what was signed.
 * `secret` is the endpoint's `whsec_…` secret (during a rotation the delivery is signed with both
 * the new and the old one, so either verifies).
 */
export function verifyWebhook(
  payload: string | Uint8Array,
  headers: WebhookHeaders,
  secret: string,
  options: VerifyOptions = {},
): WebhookEventPayload {
  const id = header(headers, "webhook-id");
  const timestamp = header(headers, "webhook-timestamp");
  const signatures = header(headers, "webhook-signature");
  if (!id || !timestamp || !signatures) {
    throw new SignetWebhookVerificationError("Missing webhook-id, webhook-timestamp or webhook-signature header");
  }
  if (!/^\d+$/.test(timestamp)) throw new SignetWebhookVerificationError("webhook-timestamp is not Unix seconds");
  const now = options.nowSeconds ?? Math.floor(Date.now() / 1000);
  const tolerance = options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  if (Math.abs(now - Number(timestamp)) > tolerance) {
    throw new SignetWebhookVerificationError("webhook-timestamp is outside the tolerance window");
  }

  const body = typeof payload === "string" ? payload : Buffer.from(payload).toString("utf8");
  const key = Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, "base64");
  const expected = createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest();
  const matches = signatures.split(" ").some((entry) => {
    const [version, signature] = entry.split(",", 2);
    if (version !== "v1" || !signature) return false;
    const given = Buffer.from(signature, "base64");
    // constant time: how much of a forged signature matched must not show in how long the check took
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches) throw new SignetWebhookVerificationError("No signature matches this secret");

  let event: unknown;
  try {
    event = JSON.parse(body);
  } catch {
    throw new SignetWebhookVerificationError("The signed body is not JSON");
  }
  const parsed = webhookEventPayloadSchema.safeParse(event);
  if (!parsed.success) throw new SignetWebhookVerificationError("The signed body is not a Signet event");
  return parsed.data;
}
