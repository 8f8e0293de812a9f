import { createHash } from "node:crypto";
import { identityProofingRoutes as routes, SIGNING_SESSION_COOKIE } from "@signet/contract";
import {
  AppError,
  answerIdentityProofing,
  type CoreDeps,
  loadIdentityProofing,
  startIdentityProofing,
} from "@signet/core";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { type Authenticate, defineRoute } from "../plugins/define-route.ts";

const ctx = (request: FastifyRequest) => {
  if (!request.signing) throw new AppError("SIGNING_SESSION_ENDED");
  return request.signing;
};

/** Counted per signing session (signers of one office share an address), by a hash of its cookie. */
const perSession = (request: FastifyRequest) => {
  const secret = request.cookies[SIGNING_SESSION_COOKIE] ?? request.cookies[`__Secure-${SIGNING_SESSION_COOKIE}`];
  return secret ? `idproof:${createHash("sha256").update(secret).digest("hex")}` : `idproof-ip:${request.ip}`;
};

/** Identity proofing of A/V signers (issue 16 §2), on the signing origin with the room's session and header. */
export function registerIdentityProofingRoutes(app: FastifyInstance, deps: CoreDeps, authenticate: Authenticate) {
  defineRoute(app, authenticate, routes.getIdentityProofing, async ({ request }) =>
    loadIdentityProofing(ctx(request), deps),
  );
  defineRoute(
    app,
    authenticate,
    routes.startIdentityProofing,
    async ({ request, body }) => startIdentityProofing(ctx(request), body, deps),
    // each start is a look-up of personal data at the provider: a person needs a few, a script many
    { config: { rateLimit: { max: 10, timeWindow: 60_000, keyGenerator: perSession } } },
  );
  defineRoute(app, authenticate, routes.answerIdentityProofing, async ({ request, body }) =>
    answerIdentityProofing(ctx(request), body, deps),
  );
}
