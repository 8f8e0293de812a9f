import { z } from "zod";
import {
  activeTokenSchema,
  buildInfoSchema,
  changePasswordSchema,
  createPasswordSchema,
  mailboxSchema,
  multiOrgLoginSchema,
  passwordResetLookupQuerySchema,
  passwordResetLookupSchema,
  passwordResetRequestSchema,
  permissionsResponseSchema,
  publicConfigSchema,
  tokenRequestSchema,
  tokenResponseSchema,
  userOrganizationsSchema,
} from "./auth.ts";
import type { PermissionName } from "./permissions.ts";

/**
 * Who may call a route:
 * - none: anyone
 * - session: any valid token, also a partial one or one with expired credentials
 * - partial: a valid token that is not limited to changing an expired password
 * - user: a full sign-in with current credentials
 */
export type RouteAuth = "none" | "session" | "partial" | "user";
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
  response: z.ZodType | null;
  status: number;
}

const define = <const R extends RouteDef>(route: R) => route;
const orgParams = z.object({ orgId: z.uuid() });
const idParams = z.object({ id: z.uuid() });

export const routes = {
  token: define({
    method: "POST",
    base: "cas",
    path: "/oauth/token",
    auth: "none",
    summary: "Sign in with a password (OAuth password grant). Rate limited.",
    tags: ["session"],
    body: tokenRequestSchema,
    bodyType: "form",
    response: tokenResponseSchema,
    status: 200,
  }),
  multiOrgLogin: define({
    method: "POST",
    base: "cas",
    path: "/multi-org-login",
    auth: "partial",
    summary: "Finish a partial sign-in by choosing an organization",
    tags: ["session"],
    body: multiOrgLoginSchema,
    response: tokenResponseSchema,
    status: 200,
  }),
  myOrganizations: define({
    method: "GET",
    base: "api",
    version: 1,
    path: "/users/me/organizations",
    auth: "partial",
    summary: "Organizations the signed-in user belongs to",
    tags: ["session"],
    response: userOrganizationsSchema,
    status: 200,
  }),
  logout: define({
    method: "DELETE",
    base: "api",
    version: 1,
    path: "/active-tokens/me",
    auth: "session",
    summary: "Sign out: revokes the current token server-side and clears the cookies",
    tags: ["session"],
    response: null,
    status: 204,
  }),
  keepAlive: define({
    method: "PUT",
    base: "api",
    version: 1,
    path: "/active-tokens/me",
    auth: "session",
    summary: "Record activity: restarts the server-side idle timer",
    tags: ["session"],
    response: activeTokenSchema,
    status: 200,
  }),
  myPermissions: define({
    method: "GET",
    base: "api",
    version: 1,
    path: "/organizations/:orgId/users/me/permissions",
    auth: "user",
    summary: "Effective permission bits of the signed-in user in an organization",
    tags: ["session"],
    params: orgParams,
    response: permissionsResponseSchema,
    status: 200,
  }),
  changePassword: define({
    method: "POST",
    base: "api",
    version: 1,
    path: "/users/me/change-password",
    auth: "session",
    summary: "Change the signed-in user's password (no reuse); answers with a fresh token",
    tags: ["session"],
    body: changePasswordSchema,
    response: tokenResponseSchema,
    status: 200,
  }),
  requestPasswordReset: define({
    method: "POST",
    base: "api",
    version: 1,
    path: "/password-reset-requests",
    auth: "none",
    summary: "Email a password-reset link (answers the same whether or not the address is known)",
    tags: ["session"],
    body: passwordResetRequestSchema,
    response: null,
    status: 202,
  }),
  lookupPasswordReset: define({
    method: "GET",
    base: "api",
    version: 1,
    path: "/password-reset-requests/:id",
    auth: "none",
    summary: "Check a password-reset link",
    tags: ["session"],
    params: idParams,
    query: passwordResetLookupQuerySchema,
    response: passwordResetLookupSchema,
    status: 200,
  }),
  createPassword: define({
    method: "PUT",
    base: "api",
    version: 1,
    path: "/password-reset-requests/:id",
    auth: "none",
    summary: "Set a new password from a password-reset link (single use)",
    tags: ["session"],
    params: idParams,
    body: createPasswordSchema,
    response: null,
    status: 204,
  }),
  publicConfig: define({
    method: "GET",
    base: "api",
    version: 1,
    path: "/public-config",
    auth: "none",
    summary: "Settings the web app needs before sign-in (footer, session timers, cookie names)",
    tags: ["system"],
    response: publicConfigSchema,
    status: 200,
  }),
  buildInfo: define({
    method: "GET",
    base: "api",
    version: 1,
    path: "/build-info",
    auth: "user",
    summary: "Version of the running build (support organization users with any view permission)",
    tags: ["system"],
    response: buildInfoSchema,
    status: 200,
  }),
  devMailbox: define({
    method: "GET",
    base: "api",
    version: 1,
    path: "/dev/mailbox",
    auth: "none",
    summary: "Messages kept by the embedded dev mailbox (only when no SMTP server is configured)",
    tags: ["system"],
    response: mailboxSchema,
    status: 200,
  }),
} as const satisfies Record<string, RouteDef>;

export type RouteId = keyof typeof routes;

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
