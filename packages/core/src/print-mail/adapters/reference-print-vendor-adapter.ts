// The adapter for Signet's reference print vendor (apps/print-vendor, protocol in its README.md):
// OAuth 2.0 client credentials, a JSON print job under the mailing's idempotency key, polling, and
// callbacks signed with the client secret (HMAC-SHA256 over "timestamp.body").
import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { type OutboundPolicy, printVendorCallbackSchema } from "@signet/contract";
import { z } from "zod";
import { outboundFetch } from "../../outbound/outbound-fetch.ts";
import {
  type PrintJobState,
  type PrintJobSubmission,
  type PrintVendorAdapter,
  type PrintVendorConnection,
  PrintVendorError,
} from "../print-vendor-adapter.ts";

/** A callback older (or further in the future) than this is refused as a possible replay. */
export const CALLBACK_TOLERANCE_SECONDS = 5 * 60;
const TOKEN_MARGIN_MS = 60_000;
const printJobAnswer = z.object({
  jobId: z.string().min(1).max(200),
  pageCount: z.number().int().min(0),
  milestones: z.array(printVendorCallbackSchema.omit({ jobId: true, reference: true })),
});
const tokens = new Map<string, { accessToken: string; expiresAt: number }>();
const tokenKey = (connection: PrintVendorConnection) =>
  `${connection.url}\n${connection.clientId}\n${createHash("sha256").update(connection.clientSecret).digest("hex")}`;

export function referencePrintVendorAdapter(
  options: { timeoutMs?: number; policy?: OutboundPolicy } = {},
): PrintVendorAdapter {
  const timeoutMs = options.timeoutMs ?? 30_000;
  const fetch = outboundFetch(options.policy ?? { allowedHosts: [] });
  const endpoint = (connection: PrintVendorConnection, path: string) =>
    new URL(path, connection.url.endsWith("/") ? connection.url : `${connection.url}/`);

  async function send(url: URL, init: RequestInit): Promise<Response> {
    try {
      return await fetch(url, { ...init, redirect: "manual", signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      const name = (error as { name?: string }).name;
      if (name === "TimeoutError" || name === "AbortError") {
        throw new PrintVendorError("timeout", `The print vendor did not answer within ${timeoutMs / 1000} s.`);
      }
      throw new PrintVendorError("unreachable", `The print vendor at ${url.origin} could not be reached.`);
    }
  }

  async function failure(response: Response): Promise<PrintVendorError> {
    let message = `The print vendor answered ${response.status}.`;
    try {
      const body = (await response.json()) as { message?: unknown };
      if (typeof body.message === "string") message = `The print vendor answered ${response.status}: ${body.message}`;
    } catch {
      // not JSON: the status says enough
    }
    const kind = response.status === 401 ? "auth" : response.status >= 500 ? "server" : "refused";
    return new PrintVendorError(kind, message, response.status);
  }

  async function accessToken(connection: PrintVendorConnection): Promise<string> {
    const key = tokenKey(connection);
    const cached = tokens.get(key);
    if (cached && cached.expiresAt - TOKEN_MARGIN_MS > Date.now()) return cached.accessToken;
    tokens.delete(key);
    const basic = Buffer.from(
      `${encodeURIComponent(connection.clientId)}:${encodeURIComponent(connection.clientSecret)}`,
    ).toString("base64");
    const response = await send(endpoint(connection, "oauth/token"), {
      method: "POST",
      headers: { authorization: `Basic ${basic}`, "content-type": "application/x-www-form-urlencoded" },
      body: "grant_type=client_credentials",
    });
    if (response.status === 401) {
      await response.body?.cancel();
      throw new PrintVendorError("auth", "The print vendor refused the client ID or secret.", 401);
    }
    if (!response.ok) throw await failure(response);
    const answer = (await response.json()) as { access_token?: unknown; expires_in?: unknown };
    if (typeof answer.access_token !== "string") {
      throw new PrintVendorError("server", "The print vendor answered without an access token.", response.status);
    }
    const lifetime = typeof answer.expires_in === "number" ? answer.expires_in : 300;
    tokens.set(key, { accessToken: answer.access_token, expiresAt: Date.now() + lifetime * 1000 });
    return answer.access_token;
  }

  /** One authenticated call; a 401 (token expired, vendor restarted) gets one new token and one retry. */
  async function call(connection: PrintVendorConnection, path: string, init: RequestInit): Promise<Response> {
    for (let attempt = 1; ; attempt++) {
      const token = await accessToken(connection);
      const response = await send(endpoint(connection, path), {
        ...init,
        headers: { ...(init.headers as Record<string, string>), authorization: `Bearer ${token}` },
      });
      if (response.status === 401 && attempt === 1) {
        await response.body?.cancel();
        tokens.delete(tokenKey(connection));
        continue;
      }
      if (!response.ok) throw await failure(response);
      return response;
    }
  }

  /**
   * The job a 2xx answer must hold. Anything else (a proxy's page, a broken release) is a vendor
   * failure to retry: taken as it came, a submission was recorded SUBMITTED without a job id, and
   * no poll or callback could ever find it again.
   */
  async function toState(response: Response): Promise<PrintJobState> {
    const answer = printJobAnswer.safeParse(await response.json().catch(() => null));
    if (!answer.success) {
      throw new PrintVendorError(
        "server",
        `The print vendor answered ${response.status} without a print job.`,
        response.status,
      );
    }
    const { jobId, pageCount, milestones } = answer.data;
    return {
      jobId,
      pageCount,
      milestones: milestones.map((milestone) => ({
        ...milestone,
        carrier: milestone.carrier ?? null,
        service: milestone.service ?? null,
        trackingNumber: milestone.trackingNumber ?? null,
        detail: milestone.detail ?? null,
      })),
    };
  }

  return {
    async submit(connection, job: PrintJobSubmission) {
      const response = await call(connection, "print-jobs", {
        method: "POST",
        headers: { "content-type": "application/json", "idempotency-key": job.idempotencyKey },
        body: JSON.stringify({
          reference: job.reference,
          document: {
            contentType: "application/pdf",
            base64: Buffer.from(job.pdf).toString("base64"),
            sha256: job.sha256,
          },
          recipient: job.recipient,
          returnAddress: job.returnAddress,
          businessReturnEnvelope: job.businessReturnEnvelope,
          outboundCarrier: job.outboundCarrier,
          returnCarrier: job.returnCarrier,
          callbackUrl: job.callbackUrl,
        }),
      });
      return toState(response);
    },
    async getJob(connection, jobId) {
      const response = await call(connection, `print-jobs/${encodeURIComponent(jobId)}`, { method: "GET" });
      return toState(response);
    },
    verifyCallback(connection, headers, rawBody, now = new Date()) {
      const timestamp = Number(headers["x-print-timestamp"]);
      const signature = headers["x-print-signature"] ?? "";
      if (!Number.isInteger(timestamp) || !signature.startsWith("v1=")) return false;
      if (Math.abs(now.getTime() / 1000 - timestamp) > CALLBACK_TOLERANCE_SECONDS) return false;
      const expected = createHmac("sha256", connection.clientSecret).update(`${timestamp}.${rawBody}`).digest();
      const given = Buffer.from(signature.slice(3), "hex");
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
