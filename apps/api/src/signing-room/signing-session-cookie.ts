import { SIGNING_SESSION_COOKIE } from "@signet/contract";
import type { FastifyReply } from "fastify";

/**
 * The signing room's own session cookie (never the admin session's). HttpOnly, path /. Over https it
 * is SameSite=None; Secure so that a bank's page on another site can embed the room; over plain
 * http (one machine) Strict. Forgery is stopped by the signing-room header every write must carry.
 */
export function signingCookie(secureOrigin: boolean) {
  const name = secureOrigin ? `__Secure-${SIGNING_SESSION_COOKIE}` : SIGNING_SESSION_COOKIE;
  const options = {
    path: "/",
    httpOnly: true,
    secure: secureOrigin,
    sameSite: secureOrigin ? ("none" as const) : ("strict" as const),
  };
  return {
    name,
    set: (reply: FastifyReply, secret: string) => reply.setCookie(name, secret, { ...options, maxAge: 12 * 60 * 60 }),
    clear: (reply: FastifyReply) => reply.clearCookie(name, options),
  };
}
