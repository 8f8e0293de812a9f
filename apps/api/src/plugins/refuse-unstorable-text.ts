import { findUnstorableText } from "@signet/contract";
import { AppError } from "@signet/core";
import type { FastifyInstance } from "fastify";

/**
 * One rule for every route of a listener: a request whose params, query or body holds text that
 * PostgreSQL cannot store (NUL, a lone surrogate) is a 400 naming the field, before any use case
 * runs. Multipart parts are read in the handler and checked by readMultipart the same way.
 */
export function registerStorableTextGuard(app: FastifyInstance) {
  app.addHook("preValidation", async (request) => {
    const found = [
      ...findUnstorableText(request.params, "params"),
      ...findUnstorableText(request.query, "query"),
      ...findUnstorableText(request.body, "body"),
    ];
    const first = found[0];
    if (first) throw new AppError("BAD_REQUEST", `${first.path} ${first.message}.`, found);
  });
}
