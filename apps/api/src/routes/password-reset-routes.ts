import { MESSAGES, routes } from "@signet/contract";
import { type CoreDeps, completePasswordReset, lookupPasswordReset, requestPasswordReset } from "@signet/core";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { requestOrigin } from "../plugins/authenticate.ts";
import { type Authenticate, defineRoute } from "../plugins/define-route.ts";

export function registerPasswordResetRoutes(
  app: FastifyInstance,
  deps: CoreDeps,
  authenticate: Authenticate,
  rateLimit: { max: number; timeWindow: number },
) {
  const limited = {
    config: {
      rateLimit: { ...rateLimit, keyGenerator: (request: FastifyRequest) => request.ip },
      rateLimitMessage: MESSAGES.tooManyPasswordResets,
    },
  };
  defineRoute(
    app,
    authenticate,
    routes.requestPasswordReset,
    async ({ body, request }) => {
      await requestPasswordReset({ kind: "anonymous", ...requestOrigin(request) }, body, deps);
    },
    limited,
  );
  defineRoute(
    app,
    authenticate,
    routes.lookupPasswordReset,
    async ({ params, query }) => lookupPasswordReset({ id: params.id, token: query.token }, deps),
    limited,
  );
  defineRoute(
    app,
    authenticate,
    routes.createPassword,
    async ({ params, body, request }) => {
      await completePasswordReset(
        { kind: "anonymous", ...requestOrigin(request) },
        { id: params.id, token: body.token, password: body.password },
        deps,
      );
    },
    limited,
  );
}
