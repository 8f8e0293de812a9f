import {
  COOKIE_RESPONSE_FORMAT,
  DEFAULT_API_VERSION,
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

  let body: string | undefined;
  if (input.body !== undefined) {
    if (route.bodyType === "form") {
      headers["content-type"] = "application/x-www-form-urlencoded";
      body = new URLSearchParams(
        Object.entries(input.body as Record<string, unknown>)
          .filter(([, v]) => v !== undefined && v !== null)
          .map(([k, v]) => [k, String(v)]),
      ).toString();
    } else {
      headers["content-type"] = "application/json";
      body = JSON.stringify(input.body);
    }
  }
  return { url, method: route.method, headers, ...(body === undefined ? {} : { body }) };
}
