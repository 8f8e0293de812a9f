import { fillPath, type RouteDef, routeUrl, SIGNING_ROOM_HEADER } from "@signet/contract";

// Turns a contract route and its inputs into fetch arguments (pure: unit-tested in node).

export interface RequestInput {
  params?: Record<string, string>;
  body?: unknown;
}

export interface BuiltRequest {
  url: string;
  init: {
    method: string;
    headers: Record<string, string>;
    body?: string;
    credentials: "same-origin";
  };
}

/** Every write carries the signing-room header: a custom header forces a CORS preflight no other site passes. */
export function writeHeaders(method: string): Record<string, string> {
  const upper = method.toUpperCase();
  return upper === "GET" || upper === "HEAD" ? {} : { [SIGNING_ROOM_HEADER]: "1" };
}

export function buildRequest(route: Pick<RouteDef, "base" | "version" | "path" | "method">, input: RequestInput) {
  const url = routeUrl({ ...route, path: fillPath(route.path, input.params) });
  const headers: Record<string, string> = { accept: "application/json", ...writeHeaders(route.method) };
  const built: BuiltRequest = { url, init: { method: route.method, headers, credentials: "same-origin" } };
  if (input.body !== undefined) {
    headers["content-type"] = "application/json";
    built.init.body = JSON.stringify(input.body);
  }
  return built;
}
