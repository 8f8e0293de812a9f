import { createHmac } from "node:crypto";

/**
 * README "Callbacks": `x-print-signature: v1=<hex HMAC-SHA256 of "<timestamp>.<body>">` keyed with
 * the client secret of the client that submitted the job; the timestamp (Unix seconds) travels in
 * `x-print-timestamp` so a receiver can refuse stale replays.
 */
export function signCallback(secret: string, timestamp: number, body: string): string {
  return `v1=${createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex")}`;
}
