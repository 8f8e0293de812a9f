// OAuth 2.0 client credentials (RFC 6749 §4.4): a client proves itself with HTTP Basic and gets an
// opaque bearer token. Tokens live in memory only, so a restarted service refuses old tokens (401)
// and a client fetches a new one, as it must against any real eVault or provider.
import { randomBytes, timingSafeEqual } from "node:crypto";
import { ProtocolError } from "./protocol-error.ts";

export const TOKEN_LIFETIME_SECONDS = 15 * 60;

export class AccessTokens {
  private readonly tokens = new Map<string, { clientId: string; expiresAt: number }>();

  constructor(private readonly clients: { clientId: string; clientSecret: string }[]) {}

  /** The client named by an `Authorization: Basic` header, or 401 invalid_client. */
  authenticateClient(authorization: string | undefined): string {
    const refused = new ProtocolError(
      401,
      "invalid_client",
      "The client ID or secret is wrong (send them with HTTP Basic authentication).",
    );
    const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(authorization ?? "");
    if (!match) throw refused;
    const decoded = Buffer.from(match[1]!, "base64").toString("utf8");
    const colon = decoded.indexOf(":");
    if (colon < 0) throw refused;
    // RFC 6749 §2.3.1: both parts are form-encoded before Basic encoding
    const clientId = safeDecode(decoded.slice(0, colon));
    const secret = safeDecode(decoded.slice(colon + 1));
    const client = this.clients.find((candidate) => candidate.clientId === clientId);
    if (!client || !sameText(client.clientSecret, secret)) throw refused;
    return client.clientId;
  }

  issue(clientId: string): { token: string; expiresIn: number } {
    const token = randomBytes(32).toString("base64url");
    this.tokens.set(token, { clientId, expiresAt: Date.now() + TOKEN_LIFETIME_SECONDS * 1000 });
    return { token, expiresIn: TOKEN_LIFETIME_SECONDS };
  }

  /** The client an `Authorization: Bearer` header speaks for, or 401 invalid_token. */
  verify(authorization: string | undefined): string {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? "");
    if (!match) throw new ProtocolError(401, "invalid_token", "Send an access token: Authorization: Bearer <token>.");
    const held = this.tokens.get(match[1]!);
    if (!held || held.expiresAt <= Date.now()) {
      if (held) this.tokens.delete(match[1]!);
      throw new ProtocolError(401, "invalid_token", "The access token is unknown or has expired; get a new one.");
    }
    return held.clientId;
  }

  revokeAll() {
    this.tokens.clear();
  }
}

function safeDecode(text: string) {
  try {
    return decodeURIComponent(text.replace(/\+/g, " "));
  } catch {
    return text;
  }
}

function sameText(expected: string, given: string) {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The client-credentials grant as every reference service answers it: HTTP Basic client, only
 * grant_type=client_credentials, a bearer token that is never cached.
 */
export function grantClientCredentials(
  tokens: AccessTokens,
  request: { headers: { authorization?: string }; body?: { grant_type?: string } | null },
  reply: { header(name: string, value: string): unknown },
  realm: string,
): { access_token: string; token_type: "Bearer"; expires_in: number } {
  let clientId: string;
  try {
    clientId = tokens.authenticateClient(request.headers.authorization);
  } catch (error) {
    reply.header("www-authenticate", `Basic realm="${realm}"`);
    throw error;
  }
  if (request.body?.grant_type !== "client_credentials") {
    throw new ProtocolError(400, "unsupported_grant_type", "Only grant_type=client_credentials is supported.");
  }
  const { token, expiresIn } = tokens.issue(clientId);
  reply.header("cache-control", "no-store");
  return { access_token: token, token_type: "Bearer", expires_in: expiresIn };
}
