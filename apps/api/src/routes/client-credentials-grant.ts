import { API_CLIENT_MESSAGES, type ClientCredentialsTokenRequest, type TokenResponse } from "@signet/contract";
import { type CoreDeps, issueClientCredentialsToken, OAuthError } from "@signet/core";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { requestOrigin } from "../plugins/authenticate.ts";

// The client-credentials grant of the token endpoint (RFC 6749 §4.4). Its failures answer in the
// OAuth error format (§5.2) that OAuth client libraries understand; the password grant keeps the
// product's own error body, which the web app reads.

/** RFC 6749 §2.3.1: id and secret are form-urlencoded, joined by ":" and Base64-encoded. */
function readBasic(header: string | undefined): { clientId: string; clientSecret: string } | null | "malformed" {
  if (!header?.toLowerCase().startsWith("basic ")) return null;
  const decoded = Buffer.from(header.slice(6).trim(), "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon < 0) return "malformed";
  const formDecode = (part: string) => {
    try {
      return decodeURIComponent(part.replace(/\+/g, " "));
    } catch {
      return null;
    }
  };
  const clientId = formDecode(decoded.slice(0, colon));
  const clientSecret = formDecode(decoded.slice(colon + 1));
  return clientId && clientSecret ? { clientId, clientSecret } : "malformed";
}

export async function clientCredentialsGrant(
  request: FastifyRequest,
  reply: FastifyReply,
  body: ClientCredentialsTokenRequest,
  deps: CoreDeps,
): Promise<TokenResponse> {
  const basic = readBasic(request.headers.authorization);
  if (basic === "malformed") throw new OAuthError("invalid_client", 401, API_CLIENT_MESSAGES.invalidClient);
  if (
    basic &&
    (body.client_secret !== undefined || (body.client_id !== undefined && body.client_id !== basic.clientId))
  ) {
    // one authentication method per request (§2.3)
    throw new OAuthError("invalid_request", 400, API_CLIENT_MESSAGES.invalidRequest);
  }
  const credentials =
    basic ??
    (body.client_id && body.client_secret ? { clientId: body.client_id, clientSecret: body.client_secret } : null);
  if (!credentials) throw new OAuthError("invalid_client", 401, API_CLIENT_MESSAGES.invalidClient);
  const issued = await issueClientCredentialsToken(requestOrigin(request), { ...credentials, scope: body.scope }, deps);
  reply.header("cache-control", "no-store").header("pragma", "no-cache");
  return {
    access_token: issued.token,
    token_type: "bearer",
    expires_in: issued.claims.exp - issued.claims.iat,
    scope: issued.claims.scope,
    partial: false,
  };
}

function sendOAuthError(request: FastifyRequest, reply: FastifyReply, error: OAuthError) {
  if (error.status === 401 && request.headers.authorization?.toLowerCase().startsWith("basic ")) {
    reply.header("www-authenticate", 'Basic realm="signet", charset="UTF-8"');
  }
  // a string body is sent as is, past the route's response schema (which describes the product's errors)
  return reply
    .code(error.status)
    .header("cache-control", "no-store")
    .type("application/json")
    .send(JSON.stringify({ error: error.error, error_description: error.message }));
}

/**
 * Route error handler of the token endpoint: OAuth errors and malformed requests of any grant but
 * the password grant answer RFC 6749 §5.2 JSON; everything else goes to the app's handler.
 */
export function oauthErrorHandler(app: FastifyInstance) {
  const fallback = app.errorHandler;
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof OAuthError) return sendOAuthError(request, reply, error);
    const grant = (request.body as { grant_type?: unknown } | null | undefined)?.grant_type;
    if (hasZodFastifySchemaValidationErrors(error) && grant !== "password") {
      const known = grant === undefined || grant === "client_credentials";
      return sendOAuthError(
        request,
        reply,
        known
          ? new OAuthError("invalid_request", 400, API_CLIENT_MESSAGES.invalidRequest)
          : new OAuthError("unsupported_grant_type", 400, API_CLIENT_MESSAGES.unsupportedGrantType),
      );
    }
    return fallback.call(app, error, request, reply);
  };
}
