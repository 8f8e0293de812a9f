import { MESSAGES } from "@signet/contract";
import { AppError, type Config } from "@signet/core";
import type { FastifyInstance, FastifyRequest } from "fastify";

/**
 * Per-client limit for requests made with a client-credentials token, counted in the same store
 * as the other rate limits (Redis when configured). It runs after authentication, because the
 * client is known only from the verified token, and before any use case.
 */
export function apiClientRateLimit(app: FastifyInstance, config: Config) {
  const limit = app.createRateLimit({
    max: config.API_CLIENT_RATE_LIMIT_MAX,
    timeWindow: config.API_CLIENT_RATE_LIMIT_WINDOW_SECONDS * 1000,
    keyGenerator: (request: FastifyRequest) => `api-client:${request.session?.actor.apiClient?.clientId ?? ""}`,
  });
  return async (request: FastifyRequest): Promise<void> => {
    const result = await limit(request);
    if (!result.isAllowed && result.isExceeded) throw new AppError("RATE_LIMITED", MESSAGES.tooManyRequests);
  };
}
