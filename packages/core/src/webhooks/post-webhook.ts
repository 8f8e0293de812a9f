import { type LookupAddress, lookup } from "node:dns";
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { isPrivateAddress, webhookUrlProblem } from "@signet/contract";

export const WEBHOOK_TIMEOUT_MS = 10_000;
export const RESPONSE_EXCERPT_BYTES = 1024;

export interface WebhookPostResult {
  /** null: no HTTP answer */
  statusCode: number | null;
  latencyMs: number;
  responseExcerpt: string | null;
  error: string | null;
}

/**
 * Resolves like the system resolver, then refuses when any address is private: the check runs on
 * the very addresses the socket connects to, so a name re-pointed inside after the endpoint was
 * saved (DNS rebinding) is refused too.
 */
export function lookupPublicOnly(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, "", 0);
      if (!allowPrivate && addresses.some((entry) => isPrivateAddress(entry.address))) {
        return callback(new Error(`${hostname} resolves to a private address; refused`), "", 0);
      }
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      const first = addresses[0];
      if (!first) return callback(new Error(`${hostname} has no address`), "", 0);
      callback(null, first.address, first.family);
    });
  };
}

/**
 * One POST: at most WEBHOOK_TIMEOUT_MS from start to the answer's excerpt, redirects not followed
 * (a 3xx is a failed attempt), only the first RESPONSE_EXCERPT_BYTES of the answer read.
 */
export function postWebhook(
  url: string,
  body: string,
  headers: Record<string, string>,
  options: { allowPrivate: boolean; timeoutMs?: number },
): Promise<WebhookPostResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const problem = webhookUrlProblem(url, { allowPrivate: options.allowPrivate });
  if (problem) return Promise.resolve({ statusCode: null, latencyMs: 0, responseExcerpt: null, error: problem });
  const target = new URL(url);
  const client = target.protocol === "https:" ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: Omit<WebhookPostResult, "latencyMs">) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.destroy();
      resolve({ ...result, latencyMs: elapsed() });
    };
    const request = client.request(
      target,
      {
        method: "POST",
        headers: { ...headers, "content-type": "application/json", "content-length": Buffer.byteLength(body) },
        lookup: lookupPublicOnly(options.allowPrivate),
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const done = () =>
          finish({
            statusCode: response.statusCode ?? null,
            responseExcerpt: Buffer.concat(chunks).subarray(0, RESPONSE_EXCERPT_BYTES).toString("utf8"),
            error: null,
          });
        response.on("data", (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.length;
          if (size >= RESPONSE_EXCERPT_BYTES) done();
        });
        response.on("end", done);
        response.on("error", done);
      },
    );
    const timer = setTimeout(
      () =>
        finish({
          statusCode: null,
          responseExcerpt: null,
          error: `No answer within ${options.timeoutMs ?? WEBHOOK_TIMEOUT_MS} ms`,
        }),
      options.timeoutMs ?? WEBHOOK_TIMEOUT_MS,
    );
    request.on("error", (error) =>
      finish({ statusCode: null, responseExcerpt: null, error: error.message.slice(0, 500) }),
    );
    request.end(body);
  });
}
