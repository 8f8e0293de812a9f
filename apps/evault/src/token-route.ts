// POST /oauth/token: the client credentials grant (RFC 6749 §4.4), the client authenticated with
// HTTP Basic; the answer is an opaque bearer token for every /v1 call.
import { grantClientCredentials } from "@signet/reference-service";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { faulted } from "./faulted.ts";
import { errorBody, tokenAnswer, tokenForm } from "./protocol.ts";
import type { VaultContext } from "./vault-context.ts";

export async function tokenRoute(parent: FastifyInstance, ctx: VaultContext) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  app.post(
    "/oauth/token",
    {
      schema: {
        summary: "Get an access token (client credentials, HTTP Basic)",
        tags: ["Authentication"],
        security: [{ basic: [] }],
        consumes: ["application/x-www-form-urlencoded"],
        body: tokenForm.partial(),
        response: { 200: tokenAnswer, 400: errorBody, 401: errorBody },
      },
    },
    async (request, reply) =>
      faulted(ctx, "token", reply, async () => {
        return { status: 200, json: grantClientCredentials(ctx.tokens, request, reply, "eVault") };
      }),
  );
}
