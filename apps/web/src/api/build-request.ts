import {
  COOKIE_RESPONSE_FORMAT,
  DEFAULT_API_VERSION,
  encodeRequestBody,
  HEADERS,
  type RouteDef,
  routeRequestPath,
} from "@signet/contract";

export interface RequestInput {
  params?: Record<string, string>;
  query?: Record<string, unknown>;
  body?: unknown;
}

export interface BuiltRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
}

/** Same-origin relative URL (spec §7: only these get the anti-forgery header). */
export function isRelativeUrl(url: string): boolean {
  return url.startsWith("/") && !url.startsWith("//") && !url.startsWith("/\\");
}

export function needsCsrf(method: string, url: string): boolean {
  const m = method.toUpperCase();
  return m !== "GET" && m !== "HEAD" && isRelativeUrl(url);
}

/** Turns a contract route and its inputs into a fetch request with the headers every call carries. */
export function buildRequest(
  route: Pick<RouteDef, "method" | "base" | "version" | "path" | "bodyType">,
  input: RequestInput,
  csrfToken: string | null,
): BuiltRequest {
  const url = routeRequestPath(route, input);
  const headers: Record<string, string> = {
    accept: "application/json",
    [HEADERS.apiVersion]: `v${route.version ?? DEFAULT_API_VERSION}`,
    // The browser always wants cookie-style token answers (payload + signature cookies).
    [HEADERS.responseFormat]: COOKIE_RESPONSE_FORMAT,
  };
  if (csrfToken && needsCsrf(route.method, url)) headers[HEADERS.csrf] = csrfToken;

  const encoded = encodeRequestBody(route, input.body);
  if (encoded) headers["content-type"] = encoded.contentType;
  const body = encoded?.body;
  return { url, method: route.method, headers, ...(body === undefined ? {} : { body }) };
}
