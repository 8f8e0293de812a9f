import type { z } from "zod";
import type { PermissionName } from "./permissions.ts";

/**
 * Who may call a route:
 * - none: anyone
 * - session: any valid token, also a partial one or one with expired credentials
 * - partial: a valid token that is not limited to changing an expired password
 * - user: a full sign-in with current credentials
 * - participant: a signing-room session (signing origin only)
 */
export type RouteAuth = "none" | "session" | "partial" | "user" | "participant";
export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface RouteDef {
  method: HttpMethod;
  base: "api" | "cas";
  /** API version in the path; cas routes are unversioned */
  version?: number;
  /** Fastify-style path below the base, e.g. /organizations/:orgId/users/me/permissions */
  path: string;
  auth: RouteAuth;
  /** any one suffices (checked again in the core use case) */
  permission?: readonly PermissionName[];
  summary: string;
  tags: readonly string[];
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  bodyType?: "json" | "form";
  /**
   * The parts of a multipart/form-data body (files as `z.file()`). Documentation only: the handler
   * streams the parts itself, so nothing validates them against this schema.
   */
  multipart?: z.ZodType;
  /** The success answer is a file of this type instead of JSON (response is then null). */
  produces?: "application/pdf" | "application/zip" | "text/csv" | "image/*" | "video/webm";
  response: z.ZodType | null;
  status: number;
}

/** Declares one route entry with its literal types kept (the API and the web client infer from them). */
export const defineRouteEntry = <const R extends RouteDef>(route: R) => route;

/** The full URL path of a route, e.g. /api/v1/organizations/:orgId/users/me/permissions. */
export function routeUrl(route: Pick<RouteDef, "base" | "version" | "path">): string {
  return route.base === "cas" ? `/cas${route.path}` : `/api/v${route.version ?? 1}${route.path}`;
}

/** Fills :params into a route path. */
export function fillPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:(\w+)/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`Missing path parameter ${key}`);
    return encodeURIComponent(value);
  });
}

/** A query object as a URL's search part: lists repeat their key, dates are ISO, absent values go. */
export function queryString(query: Record<string, unknown> | undefined): string {
  if (!query) return "";
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === undefined || item === null) continue;
      search.append(key, item instanceof Date ? item.toISOString() : String(item));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : "";
}

/** The path and query of one call of a route: what the web app and the typed client both request. */
export function routeRequestPath(
  route: Pick<RouteDef, "base" | "version" | "path">,
  input: { params?: Record<string, string> | undefined; query?: Record<string, unknown> | undefined },
): string {
  return routeUrl({ ...route, path: fillPath(route.path, input.params) }) + queryString(input.query);
}
