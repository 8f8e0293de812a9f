import { COOKIE_RESPONSE_FORMAT, HEADERS, MESSAGES, routes, type TokenResponse } from "@signet/contract";
import {
  type CoreDeps,
  changePassword,
  endSession,
  getMyPermissions,
  type IssuedToken,
  keepSessionAlive,
  listMyOrganizations,
  myOrganizationsAlongside,
  selectOrganization,
  signInWithPassword,
} from "@signet/core";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { requestOrigin } from "../plugins/authenticate.ts";
import { type Authenticate, defineRoute } from "../plugins/define-route.ts";
import { clearSessionCookies, setSessionCookies } from "../plugins/session-cookies.ts";
import { clientCredentialsGrant, oauthErrorHandler } from "./client-credentials-grant.ts";

/** Answers a sign-in with the issued token: cookies when the client asks for them (spec §7), else a bearer token. */
export type AnswerWithToken = (request: FastifyRequest, reply: FastifyReply, issued: IssuedToken) => TokenResponse;

declare module "fastify" {
  interface FastifyInstance {
    /** The token endpoint's way of answering, for other routes that sign someone in (e.g. invitation verify). */
    answerWithToken: AnswerWithToken;
  }
}

interface SessionRouteOptions {
  deps: CoreDeps;
  authenticate: Authenticate;
  csrfKey: Buffer;
  loginRateLimit: { max: number; timeWindow: number };
}

export function registerSessionRoutes(
  app: FastifyInstance,
  { deps, authenticate, csrfKey, loginRateLimit }: SessionRouteOptions,
) {
  const answerWithToken: AnswerWithToken = (request, reply, issued) => {
    const expiresIn = issued.claims.exp - issued.claims.iat;
    const wantsCookies =
      request.headers[HEADERS.responseFormat] === COOKIE_RESPONSE_FORMAT || request.session?.viaCookie === true;
    if (wantsCookies) {
      setSessionCookies(reply, deps.config, csrfKey, issued.token, issued.claims);
      return { token_type: "cookie", expires_in: expiresIn, partial: issued.claims.partial };
    }
    return { access_token: issued.token, token_type: "bearer", expires_in: expiresIn, partial: issued.claims.partial };
  };
  app.decorate("answerWithToken", answerWithToken);

  defineRoute(
    app,
    authenticate,
    routes.token,
    async ({ body, request, reply }) => {
      if (body.grant_type === "client_credentials") return clientCredentialsGrant(request, reply, body, deps);
      const outcome = await signInWithPassword({ kind: "anonymous", ...requestOrigin(request) }, body, deps);
      if (outcome.kind === "token") return answerWithToken(request, reply, outcome.issued);
      // the password was right and a second factor is due: no session yet, only the challenge
      reply.header("cache-control", "no-store");
      return {
        token_type: "mfa_challenge" as const,
        expires_in: outcome.challenge.expiresIn,
        partial: false,
        mfa_token: outcome.challenge.token,
        mfa_methods: outcome.challenge.methods,
      };
    },
    {
      errorHandler: oauthErrorHandler(app),
      config: {
        rateLimit: { ...loginRateLimit, keyGenerator: (request: FastifyRequest) => request.ip },
        rateLimitMessage: MESSAGES.tooManyAttempts,
      },
    },
  );

  defineRoute(app, authenticate, routes.multiOrgLogin, async ({ body, session, request, reply }) => {
    const issued = await selectOrganization(session.actor, body, deps);
    return answerWithToken(request, reply, issued);
  });

  defineRoute(
    app,
    authenticate,
    routes.myOrganizations,
    async ({ session }) => listMyOrganizations(session.actor, deps, session.alongside),
    { alongside: myOrganizationsAlongside },
  );

  defineRoute(app, authenticate, routes.logout, async ({ session, reply }) => {
    await endSession(session.actor, deps);
    clearSessionCookies(reply, deps.config);
  });

  defineRoute(app, authenticate, routes.keepAlive, async ({ session }) => keepSessionAlive(session.actor, deps));

  defineRoute(app, authenticate, routes.myPermissions, async ({ params, session }) =>
    getMyPermissions(session.actor, { organizationId: params.orgId }, deps),
  );

  defineRoute(app, authenticate, routes.changePassword, async ({ body, session, request, reply }) => {
    const issued = await changePassword(session.actor, body, deps);
    return answerWithToken(request, reply, issued);
  });
}
