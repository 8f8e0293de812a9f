import { createHmac, randomBytes } from "node:crypto";

// Standard Webhooks: the secret is "whsec_" + base64 of the key bytes; the signature is
// "v1," + base64(HMAC-SHA256(key, "<webhook-id>.<webhook-timestamp>.<body>")); several
// signatures (during a rotation) are separated by spaces.

const PREFIX = "whsec_";

/** A new secret: 32 random bytes, in the form the Standard Webhooks libraries accept. */
export function generateWebhookSecret(): string {
  return `${PREFIX}${randomBytes(32).toString("base64")}`;
}

export function signWebhook(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, "base64");
  return `v1,${createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest("base64")}`;
}

/** The webhook-signature header: one signature per secret still valid. */
export function webhookSignatureHeader(
  secrets: readonly string[],
  id: string,
  timestamp: number,
  body: string,
): string {
  return secrets.map((secret) => signWebhook(secret, id, timestamp, body)).join(" ");
}
