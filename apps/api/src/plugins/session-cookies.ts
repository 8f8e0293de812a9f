import type { TokenClaims } from "@signet/contract";
import type { Config } from "@signet/core";
import type { FastifyReply } from "fastify";
import { csrfTokenFor } from "./csrf-token.ts";

const base = (config: Config) => ({ path: "/", sameSite: "strict" as const, secure: config.secureCookies });

/**
 * Cookie-style token answer (spec §7): the readable payload cookie carries header.payload so the
 * web app can read the logged-in user; the HttpOnly signature cookie makes it a usable token.
 */
export function setSessionCookies(
  reply: FastifyReply,
  config: Config,
  csrfKey: Buffer,
  token: string,
  claims: TokenClaims,
) {
  const [header, payload, signature] = token.split(".");
  const maxAge = claims.exp - claims.iat;
  reply.setCookie(config.cookies.payload, `${header}.${payload}`, { ...base(config), httpOnly: false, maxAge });
  reply.setCookie(config.cookies.signature, signature!, { ...base(config), httpOnly: true, maxAge });
  reply.setCookie(config.cookies.csrf, csrfTokenFor(csrfKey, claims.jti), { ...base(config), httpOnly: false, maxAge });
}

export function clearSessionCookies(reply: FastifyReply, config: Config) {
  for (const name of Object.values(config.cookies)) reply.clearCookie(name, base(config));
}
