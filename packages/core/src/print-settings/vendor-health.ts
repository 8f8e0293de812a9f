import type { OutboundPolicy } from "@signet/contract";
import { outboundFetch } from "../outbound/outbound-fetch.ts";

/** How long a connection test waits for the vendor before saying it did not answer. */
export const VENDOR_HEALTH_TIMEOUT_MS = 10_000;

export interface VendorHealth {
  ok: boolean;
  message: string;
}

/**
 * Asks the print vendor's GET /health with the stored credentials (HTTP Basic) and says in plain
 * words what happened. The print-and-mail adapter can replace this call once it exists; until then
 * the settings page still tells an administrator whether the address and credentials work.
 */
export async function checkVendorHealth(
  vendor: { url: string; clientId: string; clientSecret: string },
  policy: OutboundPolicy,
  timeoutMs = VENDOR_HEALTH_TIMEOUT_MS,
): Promise<VendorHealth> {
  const url = `${vendor.url.replace(/\/+$/, "")}/health`;
  const auth = Buffer.from(`${vendor.clientId}:${vendor.clientSecret}`).toString("base64");
  let response: Response;
  try {
    response = await outboundFetch(policy)(url, {
      headers: { authorization: `Basic ${auth}`, accept: "application/json" },
      signal: AbortSignal.timeout(timeoutMs),
      redirect: "manual",
    });
  } catch {
    // refused, timed out, no such host, not allowed by the outbound policy: one answer, so the test
    // cannot be used to tell open ports from closed ones
    return { ok: false, message: "Not reachable: the print vendor did not answer at this address." };
  }
  await response.body?.cancel().catch(() => undefined);
  if (response.status === 401 || response.status === 403)
    return { ok: false, message: "The print vendor refused the client ID or client secret." };
  if (response.status === 404)
    return { ok: false, message: "This address answered but is not a print vendor (no health check found)." };
  if (!response.ok) return { ok: false, message: `The print vendor answered with an error (HTTP ${response.status}).` };
  return { ok: true, message: "Connected: the print vendor answered." };
}
