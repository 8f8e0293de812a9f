import type { IncomingMessage } from "node:http";
import { defaultApiVersion, HEADERS, parseApiVersionHeader } from "@signet/contract";

const VERSIONED = /^\/api\/v(\d{1,3})(\/.*)?$/;

/**
 * Spec §7: calls go to /api/v{n}/…. A call to /api/… without a version is routed to the version
 * named by the X-EO-API-VERSION header, or to the path's default version (packages v9, …).
 * Used as Fastify's rewriteUrl, so routing sees one canonical URL.
 */
export function rewriteApiVersion(req: IncomingMessage): string {
  const url = req.url ?? "/";
  if (!url.startsWith("/api/") || VERSIONED.test(url.split("?")[0]!) || url.startsWith("/api/docs")) return url;
  const header = req.headers[HEADERS.apiVersion];
  const requested = parseApiVersionHeader(Array.isArray(header) ? header[0] : header);
  const rest = url.slice("/api".length);
  return `/api/v${requested ?? defaultApiVersion(rest)}${rest}`;
}
