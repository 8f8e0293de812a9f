// Issue 14 §1 / CONVENTIONS "delivery URLs are checked against private addresses (SSRF)": a webhook
// endpoint follows the outbound rule every server-called address follows (outbound-url-rule.ts).
import {
  type OutboundPolicy,
  outboundUrlMessages,
  outboundUrlProblem,
  outboundUrlShapeProblem,
} from "./outbound-url-rule.ts";

export const WEBHOOK_URL_MESSAGES = outboundUrlMessages("The webhook URL", "https://example.com/webhooks");

/** The first problem with a webhook URL under the installation's outbound policy, or null when it may be used. */
export function webhookUrlProblem(raw: string, policy: OutboundPolicy): string | null {
  return outboundUrlProblem(raw, policy, WEBHOOK_URL_MESSAGES);
}

/** The problems a browser can see without knowing the installation's policy. */
export function webhookUrlShapeProblem(raw: string): string | null {
  return outboundUrlShapeProblem(raw, WEBHOOK_URL_MESSAGES);
}
