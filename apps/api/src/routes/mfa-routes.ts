import { MESSAGES, routes } from "@signet/contract";
import {
  answerMfaChallenge,
  type CoreDeps,
  getMyMfa,
  getSecuritySettings,
  regenerateMfaRecoveryCodes,
  reissueAfterEnrolment,
  removeMfaAuthenticator,
  removeMfaPhoneNumber,
  resetUserMfa,
  sendMfaChallengeSms,
  setMfaPhoneNumber,
  startMfaAuthenticator,
  updateSecuritySettings,
  verifyMfaAuthenticator,
  verifyMfaPhoneNumber,
} from "@signet/core";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { type RequestSession, requestOrigin } from "../plugins/authenticate.ts";
import { type Authenticate, defineRoute } from "../plugins/define-route.ts";

interface MfaRouteOptions {
  deps: CoreDeps;
  authenticate: Authenticate;
  loginRateLimit: { max: number; timeWindow: number };
}

/**
 * A second factor (issue 12 §4): the sign-in challenge a password (or identity provider) sign-in
 * ends with, the signed-in user's own factors, and the organization's "Require a second factor".
 * Registered after the session routes (it answers with their answerWithToken).
 */
export function registerMfaRoutes(app: FastifyInstance, { deps, authenticate, loginRateLimit }: MfaRouteOptions) {
  const limited = {
    config: {
      rateLimit: { ...loginRateLimit, keyGenerator: (request: FastifyRequest) => request.ip },
      rateLimitMessage: MESSAGES.tooManyAttempts,
    },
  };

  defineRoute(
    app,
    authenticate,
    routes.answerMfaChallenge,
    async ({ body, request, reply }) => {
      const { issued } = await answerMfaChallenge({ kind: "anonymous", ...requestOrigin(request) }, body, deps);
      reply.header("cache-control", "no-store");
      return app.answerWithToken(request, reply, issued);
    },
    limited,
  );

  defineRoute(
    app,
    authenticate,
    routes.sendMfaChallengeSms,
    async ({ body, request }) => sendMfaChallengeSms({ kind: "anonymous", ...requestOrigin(request) }, body, deps),
    limited,
  );

  defineRoute(app, authenticate, routes.getMyMfa, async ({ session }) => getMyMfa(session.actor, deps));

  defineRoute(app, authenticate, routes.startMfaAuthenticator, async ({ session, reply }) => {
    reply.header("cache-control", "no-store");
    return startMfaAuthenticator(session.actor, deps);
  });

  /** The session waiting for enrolment is replaced by one that is not (cookies, or the answer's token). */
  const withFreshSession = async <T extends object>(
    session: RequestSession,
    request: FastifyRequest,
    reply: Parameters<typeof app.answerWithToken>[1],
    result: T,
  ) => {
    if (session.claims.mfa_enrolled || session.actor.apiClient) return result;
    const issued = await reissueAfterEnrolment(session.actor, deps);
    return { ...result, token: app.answerWithToken(request, reply, issued) };
  };

  defineRoute(
    app,
    authenticate,
    routes.verifyMfaAuthenticator,
    async ({ body, session, request, reply }) =>
      withFreshSession(session, request, reply, await verifyMfaAuthenticator(session.actor, body, deps)),
    limited,
  );

  defineRoute(app, authenticate, routes.removeMfaAuthenticator, async ({ session }) =>
    removeMfaAuthenticator(session.actor, deps),
  );

  defineRoute(
    app,
    authenticate,
    routes.setMfaPhoneNumber,
    async ({ body, session }) => setMfaPhoneNumber(session.actor, body, deps),
    limited,
  );

  defineRoute(
    app,
    authenticate,
    routes.verifyMfaPhoneNumber,
    async ({ body, session, request, reply }) =>
      withFreshSession(session, request, reply, await verifyMfaPhoneNumber(session.actor, body, deps)),
    limited,
  );

  defineRoute(app, authenticate, routes.removeMfaPhoneNumber, async ({ session }) =>
    removeMfaPhoneNumber(session.actor, deps),
  );

  defineRoute(app, authenticate, routes.regenerateMfaRecoveryCodes, async ({ session, reply }) => {
    reply.header("cache-control", "no-store");
    return regenerateMfaRecoveryCodes(session.actor, deps);
  });

  defineRoute(app, authenticate, routes.resetUserMfa, async ({ params, session }) =>
    resetUserMfa(session.actor, { organizationId: params.orgId, userId: params.userId }, deps),
  );

  defineRoute(app, authenticate, routes.getSecuritySettings, async ({ params, session }) =>
    getSecuritySettings(session.actor, { organizationId: params.orgId }, deps),
  );

  defineRoute(app, authenticate, routes.updateSecuritySettings, async ({ params, body, session }) =>
    updateSecuritySettings(session.actor, { organizationId: params.orgId, changes: body }, deps),
  );
}
