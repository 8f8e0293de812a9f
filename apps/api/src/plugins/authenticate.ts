import { HEADERS, type RouteAuth, type TokenClaims } from "@signet/contract";
import {
  AppError,
  authenticateToken,
  type CoreDeps,
  resolveOrganizationAccess,
  type TokenAlongside,
  type UserActor,
} from "@signet/core";
import type { FastifyRequest } from "fastify";
import { isValidCsrfToken } from "./csrf-token.ts";

export interface RequestSession {
  actor: UserActor;
  claims: TokenClaims;
  viaCookie: boolean;
  idleExpiresAt: Date;
  /** what the route's `alongside` read with the token row (null without one) */
  alongside: unknown;
}

declare module "fastify" {
  interface FastifyRequest {
    session: RequestSession | null;
  }
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function requestOrigin(request: FastifyRequest) {
  const userAgent = request.headers["user-agent"];
  return { ip: request.ip, userAgent: typeof userAgent === "string" ? userAgent.slice(0, 500) : null };
}

/**
 * A Bearer header wins over cookies: the request is judged on the bearer token alone, cookies are
 * ignored (so no anti-forgery header is needed: another site cannot set an Authorization header),
 * and a bad bearer token answers 401 even when valid cookies ride along.
 */
function readToken(request: FastifyRequest, deps: CoreDeps): { token: string; viaCookie: boolean } | null {
  const authorization = request.headers.authorization;
  if (authorization?.startsWith("Bearer ")) return { token: authorization.slice(7).trim(), viaCookie: false };
  const payload = request.cookies[deps.config.cookies.payload];
  const signature = request.cookies[deps.config.cookies.signature];
  if (payload && signature) return { token: `${payload}.${signature}`, viaCookie: true };
  return null;
}

/**
 * Authenticates a request for a route of the given level (see RouteAuth in the contract), checks
 * the anti-forgery header on state-changing requests that ride on cookies, and — on routes under
 * an organization — the tenancy rule. It runs before body validation, so another organization's
 * id answers 404 whatever the body holds.
 */
export function authenticator(
  deps: CoreDeps,
  csrfKeys: readonly Buffer[],
  limitApiClient: (request: FastifyRequest) => Promise<void> = async () => undefined,
) {
  return (level: Exclude<RouteAuth, "none">, organizationScoped = false, alongside?: TokenAlongside) =>
    async (request: FastifyRequest): Promise<void> => {
      const found = readToken(request, deps);
      if (!found) throw new AppError("UNAUTHORIZED");
      const authenticated = await authenticateToken(found.token, requestOrigin(request), deps, alongside);
      const { actor, claims, idleExpiresAt } = authenticated;
      if (found.viaCookie && !SAFE_METHODS.has(request.method)) {
        const header = request.headers[HEADERS.csrf];
        if (!isValidCsrfToken(csrfKeys, claims.jti, typeof header === "string" ? header : undefined)) {
          throw new AppError("CSRF");
        }
      }
      if (level !== "session" && actor.credentialsExpired) throw new AppError("CREDENTIALS_EXPIRED");
      if (level === "user" && actor.partial) throw new AppError("ORGANIZATION_NOT_SELECTED");
      // issue 12 §4: the organization requires a second factor and this person has none yet: only
      // the session, sign-out and enrolment routes (auth "session" or "partial") are open
      if (level === "user" && !claims.mfa_enrolled && !actor.apiClient) throw new AppError("MFA_ENROLMENT_REQUIRED");
      request.session = {
        actor,
        claims,
        viaCookie: found.viaCookie,
        idleExpiresAt,
        alongside: authenticated.alongside,
      };
      if (actor.apiClient) await limitApiClient(request);
      if (organizationScoped) {
        const orgId = (request.params as { orgId?: unknown }).orgId;
        await resolveOrganizationAccess(actor, typeof orgId === "string" ? orgId : "", deps);
      }
    };
}
