import type { WebhookDelivery, WebhookEndpoint } from "@signet/contract";

// Node's socket errors reach the log as the system's text ("connect ECONNREFUSED 127.0.0.1:443");
// an administrator reads what happened instead. Unknown texts are already the server's own words.
const NETWORK_ERRORS: [RegExp, string][] = [
  [/ECONNREFUSED/, "The receiver refused the connection"],
  [/ENOTFOUND|EAI_AGAIN/, "The host name could not be found"],
  [/ECONNRESET|socket hang up/i, "The receiver closed the connection"],
  [/ETIMEDOUT|EHOSTUNREACH|ENETUNREACH/, "The receiver could not be reached"],
  [/certificate|CERT_|SSL|TLS/i, "The receiver's HTTPS certificate was not accepted"],
];

export interface DeliveryResult {
  label: string;
  tone: "success" | "failure" | "skipped";
}

/** A delivery's outcome in words: its status code when the receiver answered, else why it failed. */
export function deliveryResult(delivery: Pick<WebhookDelivery, "statusCode" | "succeeded" | "error">): DeliveryResult {
  if (delivery.succeeded) return { label: `${delivery.statusCode ?? ""} OK`.trim(), tone: "success" };
  if (delivery.statusCode !== null) return { label: `${delivery.statusCode} error`, tone: "failure" };
  const error = delivery.error ?? "";
  if (error.startsWith("Not sent")) return { label: error, tone: "skipped" };
  const known = NETWORK_ERRORS.find(([pattern]) => pattern.test(error));
  return { label: known?.[1] ?? (error || "No answer"), tone: "failure" };
}

/** The endpoint's last delivery outcome, from the times the API keeps. */
export function lastDeliveryWords(endpoint: Pick<WebhookEndpoint, "lastSuccessAt" | "lastFailureAt">): {
  label: string;
  at: string | null;
  tone: DeliveryResult["tone"] | "none";
} {
  const { lastSuccessAt, lastFailureAt } = endpoint;
  if (!lastSuccessAt && !lastFailureAt) return { label: "No deliveries yet", at: null, tone: "none" };
  if (lastFailureAt && (!lastSuccessAt || lastFailureAt > lastSuccessAt)) {
    return { label: "Failed", at: lastFailureAt, tone: "failure" };
  }
  return { label: "Delivered", at: lastSuccessAt, tone: "success" };
}
