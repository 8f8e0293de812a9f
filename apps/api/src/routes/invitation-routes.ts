import { MESSAGES, routes } from "@signet/contract";
import {
  type CoreDeps,
  createUserInvitation,
  listUserInvitations,
  lookupUserInvitation,
  registerUserInvitation,
  resendUserInvitation,
  revokeUserInvitation,
  verifyUserInvitation,
} from "@signet/core";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { requestOrigin } from "../plugins/authenticate.ts";
import { type Authenticate, defineRoute } from "../plugins/define-route.ts";

export function registerInvitationRoutes(app: FastifyInstance, deps: CoreDeps, authenticate: Authenticate) {
  // The public sign-up steps are limited like sign-in and password reset: per client address.
  const limited = {
    config: {
      rateLimit: {
        max: deps.config.LOGIN_RATE_LIMIT_MAX,
        timeWindow: deps.config.LOGIN_RATE_LIMIT_WINDOW_SECONDS * 1000,
        keyGenerator: (request: FastifyRequest) => request.ip,
      },
      rateLimitMessage: MESSAGES.tooManySignUpAttempts,
    },
  };
  const anonymous = (request: FastifyRequest) => ({ kind: "anonymous" as const, ...requestOrigin(request) });

  defineRoute(app, authenticate, routes.createUserInvitation, async ({ params, body, session, setLocation }) => {
    const result = await createUserInvitation(session.actor, { ...body, organizationId: params.orgId }, deps);
    setLocation(result.invitation.id);
    return result;
  });

  defineRoute(app, authenticate, routes.listUserInvitations, async ({ params, session }) =>
    listUserInvitations(session.actor, { organizationId: params.orgId }, deps),
  );

  defineRoute(app, authenticate, routes.resendUserInvitation, async ({ params, session }) =>
    resendUserInvitation(session.actor, { organizationId: params.orgId, invitationId: params.invitationId }, deps),
  );

  defineRoute(app, authenticate, routes.revokeUserInvitation, async ({ params, session }) => {
    await revokeUserInvitation(
      session.actor,
      { organizationId: params.orgId, invitationId: params.invitationId },
      deps,
    );
  });

  defineRoute(
    app,
    authenticate,
    routes.getUserInvitation,
    async ({ params, query }) => lookupUserInvitation({ invitationId: params.invitationId, token: query.token }, deps),
    limited,
  );

  defineRoute(
    app,
    authenticate,
    routes.registerUserInvitation,
    async ({ params, body, request }) =>
      registerUserInvitation(anonymous(request), { ...body, invitationId: params.invitationId }, deps),
    limited,
  );

  defineRoute(
    app,
    authenticate,
    routes.verifyUserInvitation,
    async ({ params, body, request, reply }) => {
      const issued = await verifyUserInvitation(
        anonymous(request),
        { ...body, invitationId: params.invitationId },
        deps,
      );
      return app.answerWithToken(request, reply, issued);
    },
    limited,
  );
}
