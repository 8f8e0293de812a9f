import { createHash } from "node:crypto";
import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_MESSAGES,
  IDEMPOTENT_REPLAYED_HEADER,
  isValidIdempotencyKey,
} from "@signet/contract";
import {
  AppError,
  type CoreDeps,
  claimIdempotencyKey,
  recordIdempotentAnswer,
  releaseIdempotencyKey,
} from "@signet/core";
import type { FastifyInstance, FastifyRequest } from "fastify";

declare module "fastify" {
  interface FastifyContextConfig {
    /** set by defineRoute on a signed-in POST that answers JSON: it honours an Idempotency-Key */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    idempotencyClaim: string | null;
  }
}

/** Whose keys these are: an API client's own, apart from its API user's; else the user's. */
function principalOf(request: FastifyRequest): string | null {
  const actor = request.session?.actor;
  if (!actor) return null;
  return actor.apiClient ? `client:${actor.apiClient.clientId}` : `user:${actor.userId}`;
}

// multipart is registered only in the scopes that take uploads: the header says it everywhere
const multipart = (request: FastifyRequest) =>
  (request.headers["content-type"] ?? "").toLowerCase().startsWith("multipart/");

/**
 * The same request is the same method, path and (validated) body; a multipart body is read by its
 * handler after this point, so an upload is known by its method and path alone.
 */
function fingerprintOf(request: FastifyRequest): string {
  return createHash("sha256")
    .update(`${request.method} ${request.url}\n`)
    .update(multipart(request) ? "" : JSON.stringify(request.body ?? null))
    .digest("hex");
}

/**
 * Issue 36: a POST with an Idempotency-Key header runs once per caller and key; a retry within
 * 24 hours gets the first answer again (with Idempotent-Replayed: true). Only successful answers
 * are kept: after a failure nothing was done and the retry runs.
 */
export function registerIdempotency(app: FastifyInstance, deps: Pick<CoreDeps, "db">) {
  app.decorateRequest("idempotencyClaim", null);
  app.addHook("preHandler", async (request, reply) => {
    const header = request.headers[IDEMPOTENCY_KEY_HEADER];
    if (header === undefined || request.routeOptions.config.idempotent !== true) return;
    const principal = principalOf(request);
    if (!principal) return;
    const key = Array.isArray(header) ? "" : header;
    if (!isValidIdempotencyKey(key)) {
      throw new AppError("BAD_REQUEST", IDEMPOTENCY_MESSAGES.invalidKey, [
        { path: `headers.${IDEMPOTENCY_KEY_HEADER}`, message: IDEMPOTENCY_MESSAGES.invalidKey },
      ]);
    }
    const claim = await claimIdempotencyKey(deps.db, { principal, key, fingerprint: fingerprintOf(request) });
    if (claim.kind === "run") {
      request.idempotencyClaim = claim.id;
      return;
    }
    reply.code(claim.status).header(IDEMPOTENT_REPLAYED_HEADER, "true");
    if (claim.location) reply.header("location", claim.location);
    if (claim.body === null) return reply.send();
    // the stored text is the first answer as it was serialized: sent as it is
    return reply.type("application/json; charset=utf-8").send(claim.body);
  });
  app.addHook("onSend", async (request, reply, payload) => {
    const id = request.idempotencyClaim;
    if (!id) return payload;
    request.idempotencyClaim = null;
    if (reply.statusCode >= 200 && reply.statusCode < 300 && (typeof payload === "string" || payload == null)) {
      const location = reply.getHeader("location");
      await recordIdempotentAnswer(deps.db, id, {
        status: reply.statusCode,
        body: payload ?? null,
        location: typeof location === "string" ? location : null,
      });
    } else {
      await releaseIdempotencyKey(deps.db, id);
    }
    return payload;
  });
  // a request that never reaches onSend (the client went away first) leaves the key free
  app.addHook("onResponse", async (request) => {
    if (request.idempotencyClaim) await releaseIdempotencyKey(deps.db, request.idempotencyClaim);
  });
}
