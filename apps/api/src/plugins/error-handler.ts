import { ERROR_CODES, type ErrorBody, type ErrorCode } from "@signet/contract";
import { AppError, BlobStorageUnavailableError, isDatabaseConnectionLost, isDatabaseTimeout } from "@signet/core";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";

function body(request: FastifyRequest, code: ErrorCode, message?: string, details?: ErrorBody["details"]): ErrorBody {
  const entry = ERROR_CODES[code];
  return {
    code,
    message: message ?? entry.message,
    status: entry.status,
    traceId: request.id,
    ...(details ? { details } : {}),
  };
}

export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  code: ErrorCode,
  message?: string,
  details?: ErrorBody["details"],
) {
  const payload = body(request, code, message, details);
  return reply.code(payload.status).type("application/json").send(payload);
}

declare module "fastify" {
  interface FastifyContextConfig {
    /** what a 429 of this route says was limited (default: requests in general) */
    rateLimitMessage?: string;
  }
}

/** Every failure leaves as one shape (spec §8 catalogue) carrying the trace id, never internals. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) return sendError(request, reply, error.code, error.message, error.details);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = error.validation.map((issue) => ({
        path: issue.instancePath.replace(/^\//, "").replace(/\//g, ".") || String(issue.schemaPath ?? ""),
        message: issue.message ?? "Invalid value",
      }));
      return sendError(request, reply, "BAD_REQUEST", undefined, details);
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, cause: error.cause }, "response did not match its schema");
      return sendError(request, reply, "INTERNAL");
    }
    if (error.code?.startsWith("FST_CSRF")) return sendError(request, reply, "CSRF");
    if (error.statusCode === 429) {
      return sendError(request, reply, "RATE_LIMITED", request.routeOptions.config?.rateLimitMessage);
    }
    if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE") return sendError(request, reply, "PAYLOAD_TOO_LARGE");
    if (isDatabaseTimeout(error)) {
      request.log.warn({ err: error }, "a database time limit passed");
      return sendError(request, reply, "DATABASE_TIMEOUT");
    }
    if (error instanceof BlobStorageUnavailableError) {
      request.log.warn({ err: error }, "document storage is unavailable");
      return sendError(request, reply, "SERVICE_UNAVAILABLE");
    }
    if (isDatabaseConnectionLost(error)) {
      request.log.warn({ err: error }, "the database connection was lost");
      return sendError(request, reply, "SERVICE_UNAVAILABLE");
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return sendError(request, reply, error.statusCode === 404 ? "NOT_FOUND" : "BAD_REQUEST");
    }
    request.log.error({ err: error }, "unhandled error");
    return sendError(request, reply, "INTERNAL");
  });
}
