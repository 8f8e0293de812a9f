import { MESSAGES, routes } from "@signet/contract";
import {
  acceptMembershipRequest,
  type CoreDeps,
  confirmIdentityLinkRequest,
  declineMembershipRequest,
  deleteMyIdentityLink,
  listMyIdentityLinks,
  listMyMembershipRequests,
  lookupIdentityLinkRequest,
  lookupMembershipRequest,
} from "@signet/core";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { requestOrigin } from "../plugins/authenticate.ts";
import { type Authenticate, defineRoute } from "../plugins/define-route.ts";

/** Membership requests and identity provider links: what belongs to the person, not to an organization. */
export function registerIdentityRoutes(app: FastifyInstance, deps: CoreDeps, authenticate: Authenticate) {
  // emailed links carry a secret: limited per client address like sign-up and password reset
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

  defineRoute(app, authenticate, routes.listMyMembershipRequests, async ({ session }) =>
    listMyMembershipRequests(session.actor, deps),
  );
  defineRoute(app, authenticate, routes.acceptMyMembershipRequest, async ({ params, session }) =>
    acceptMembershipRequest({ actor: session.actor }, { invitationId: params.invitationId }, deps),
  );
  defineRoute(app, authenticate, routes.declineMyMembershipRequest, async ({ params, session }) => {
    await declineMembershipRequest({ actor: session.actor }, { invitationId: params.invitationId }, deps);
  });
  defineRoute(
    app,
    authenticate,
    routes.getMembershipRequest,
    async ({ params, query }) =>
      lookupMembershipRequest({ invitationId: params.invitationId, token: query.token }, deps),
    limited,
  );
  defineRoute(
    app,
    authenticate,
    routes.acceptMembershipRequest,
    async ({ params, body, request }) =>
      acceptMembershipRequest(
        { actor: anonymous(request), token: body.token },
        { invitationId: params.invitationId },
        deps,
      ),
    limited,
  );
  defineRoute(
    app,
    authenticate,
    routes.declineMembershipRequest,
    async ({ params, body, request }) => {
      await declineMembershipRequest(
        { actor: anonymous(request), token: body.token },
        { invitationId: params.invitationId },
        deps,
      );
    },
    limited,
  );

  defineRoute(app, authenticate, routes.listMyIdentityLinks, async ({ session }) =>
    listMyIdentityLinks(session.actor, deps),
  );
  defineRoute(app, authenticate, routes.deleteMyIdentityLink, async ({ params, session }) => {
    await deleteMyIdentityLink(session.actor, { linkId: params.linkId }, deps);
  });
  defineRoute(app, authenticate, routes.getMyIdentityLinkRequest, async ({ params, session }) =>
    lookupIdentityLinkRequest({ actor: session.actor }, { requestId: params.requestId }, deps),
  );
  defineRoute(app, authenticate, routes.confirmMyIdentityLinkRequest, async ({ params, session }) =>
    confirmIdentityLinkRequest({ actor: session.actor }, { requestId: params.requestId }, deps),
  );
  defineRoute(
    app,
    authenticate,
    routes.getIdentityLinkRequest,
    async ({ params, query, request }) =>
      lookupIdentityLinkRequest(
        { actor: anonymous(request), token: query.token },
        { requestId: params.requestId },
        deps,
      ),
    limited,
  );
  defineRoute(
    app,
    authenticate,
    routes.confirmIdentityLinkRequest,
    async ({ params, body, request }) =>
      confirmIdentityLinkRequest(
        { actor: anonymous(request), token: body.token },
        { requestId: params.requestId },
        deps,
      ),
    limited,
  );
}
