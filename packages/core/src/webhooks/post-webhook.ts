import { type OutboundPolicy, webhookUrlProblem } from "@signet/contract";
import { isOutboundRefusal, outboundFetch } from "../outbound/outbound-fetch.ts";

export const WEBHOOK_TIMEOUT_MS = 10_000;
export const RESPONSE_EXCERPT_BYTES = 1024;

export interface WebhookPostResult {
  /** null: no HTTP answer */
  statusCode: number | null;
  latencyMs: number;
  responseExcerpt: string | null;
  error: string | null;
}

/** The first bytes of an answer; the rest is never read. */
async function excerpt(body: ReadableStream<Uint8Array> | null): Promise<string> {
  if (!body) return "";
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < RESPONSE_EXCERPT_BYTES) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.length;
    }
  } catch {
    // an answer that broke off: what arrived is the excerpt
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return Buffer.concat(chunks).subarray(0, RESPONSE_EXCERPT_BYTES).toString("utf8");
}

/** Why a POST got no answer, in words for the deliveries list (no socket codes). */
function failure(error: unknown, timeoutMs: number): string {
  const name = (error as Error | null)?.name;
  if (name === "TimeoutError" || name === "AbortError") return `No answer within ${timeoutMs} ms`;
  if (isOutboundRefusal(error)) return "Not sent: the address is not allowed by this server's outbound policy";
  return "The receiver could not be reached";
}

/**
 * One POST through the outbound policy (the resolved address checked at connection time, so a
 * name re-pointed inside after the endpoint was saved is refused): at most `timeoutMs` until the
 * answer's excerpt, redirects not followed (a 3xx is a failed attempt), only the first
 * RESPONSE_EXCERPT_BYTES of the answer read.
 */
export async function postWebhook(
  url: string,
  body: string,
  headers: Record<string, string>,
  options: { policy: OutboundPolicy; timeoutMs?: number },
): Promise<WebhookPostResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const problem = webhookUrlProblem(url, options.policy);
  if (problem) return { statusCode: null, latencyMs: 0, responseExcerpt: null, error: problem };
  const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const response = await outboundFetch(options.policy)(url, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      body,
      redirect: "manual",
      signal,
    });
    const text = await excerpt(response.body);
    if (signal.aborted) throw signal.reason;
    return { statusCode: response.status, latencyMs: elapsed(), responseExcerpt: text, error: null };
  } catch (error) {
    return { statusCode: null, latencyMs: elapsed(), responseExcerpt: null, error: failure(error, timeoutMs) };
  }
}
