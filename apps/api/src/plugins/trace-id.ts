import { randomUUID } from "node:crypto";
import { HEADERS } from "@signet/contract";
import type { FastifyInstance } from "fastify";

const INCOMING = /^[A-Za-z0-9._-]{8,128}$/;

/** Fastify's request id is the trace id: taken from a trusted upstream header when well-formed. */
export function genTraceId(req: { headers: Record<string, string | string[] | undefined> }): string {
  const incoming = req.headers[HEADERS.traceId];
  return typeof incoming === "string" && INCOMING.test(incoming) ? incoming : randomUUID();
}

export function registerTraceId(app: FastifyInstance) {
  app.addHook("onRequest", async (request, reply) => {
    reply.header(HEADERS.traceId, request.id);
  });
}
