// /_test/*: routes that exist only when test controls are on (never in a real deployment). They
// need no token: a test sets faults before its client has one.

import type { FaultBook } from "@signet/reference-service";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { FaultMode, FaultStep } from "./protocol.ts";
import { faultBody, faultList } from "./protocol.ts";
import type { VaultContext } from "./vault-context.ts";

export async function testControlRoutes(
  parent: FastifyInstance,
  ctx: VaultContext & { faults: FaultBook<FaultStep, FaultMode> },
) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const tags = ["Test controls"];
  app.post(
    "/_test/faults",
    {
      schema: {
        summary: "Queue a fault for the next matching requests",
        tags,
        body: faultBody,
        response: { 200: faultList },
      },
    },
    async (request) => {
      ctx.faults.add(request.body);
      return { faults: ctx.faults.list() };
    },
  );
  app.get(
    "/_test/faults",
    { schema: { summary: "The faults still queued", tags, response: { 200: faultList } } },
    async () => ({ faults: ctx.faults.list() }),
  );
  app.delete("/_test/faults", { schema: { summary: "Clear every queued fault", tags } }, async (_request, reply) => {
    ctx.faults.clear();
    return reply.code(204).send();
  });
  app.post(
    "/_test/revoke-tokens",
    { schema: { summary: "Forget every access token (clients must get new ones)", tags } },
    async (_request, reply) => {
      ctx.tokens.revokeAll();
      return reply.code(204).send();
    },
  );
}
