// POST /oauth/token: the client credentials grant (RFC 6749 §4.4), the client authenticated with
// HTTP Basic; the answer is an opaque bearer token for every other call.

import { faulted, ProtocolError } from "@signet/reference-service";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { errorBody, tokenAnswer, tokenForm } from "./protocol.ts";
import type { ProviderContext } from "./provider-context.ts";

export async function tokenRoute(parent: FastifyInstance, ctx: ProviderContext) {
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
        let clientId: string;
        try {
          clientId = ctx.tokens.authenticateClient(request.headers.authorization);
        } catch (error) {
          reply.header("www-authenticate", 'Basic realm="idproof"');
          throw error;
        }
        if (request.body?.grant_type !== "client_credentials") {
          throw new ProtocolError(400, "unsupported_grant_type", "Only grant_type=client_credentials is supported.");
        }
        const { token, expiresIn } = ctx.tokens.issue(clientId);
        reply.header("cache-control", "no-store");
        return { access_token: token, token_type: "Bearer" as const, expires_in: expiresIn };
      }),
  );
}
