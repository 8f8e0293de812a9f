import { createHmac, timingSafeEqual } from "node:crypto";
import { EMAIL_TEMPLATE_MESSAGES } from "@signet/contract";
import { z } from "zod";
import { AppError } from "../errors/app-error.ts";

/** How long the links of a daily summary email work. */
export const NOTIFICATION_LINK_DAYS = 7;

const claims = z.object({
  /** the sender (user) */
  u: z.uuid(),
  /** their organization */
  o: z.uuid(),
  /** end of the summarised day (ms) */
  w: z.number().int(),
  /** expiry (ms) */
  e: z.number().int(),
});
export type NotificationLinkClaims = z.infer<typeof claims>;

// a purpose prefix keeps these MACs apart from the signing links made with the same key
const mac = (key: Buffer, payload: string) =>
  createHmac("sha256", key).update(`notification-link:${payload}`).digest("base64url");

/** The guard of notification-summary and notification-report: an HMAC-signed, expiring token. */
export function signNotificationLink(
  key: Buffer,
  input: { userId: string; organizationId: string; windowEnd: Date; expiresAt: Date },
): string {
  const payload = Buffer.from(
    JSON.stringify({
      u: input.userId,
      o: input.organizationId,
      w: input.windowEnd.getTime(),
      e: input.expiresAt.getTime(),
    }),
  ).toString("base64url");
  return `${payload}.${mac(key, payload)}`;
}

/** A tampered token answers 404, an expired one 400 with the message saying so. */
export function verifyNotificationLink(
  keys: Buffer | readonly Buffer[],
  token: string,
  now = new Date(),
): NotificationLinkClaims {
  const invalid = () => new AppError("NOT_FOUND", EMAIL_TEMPLATE_MESSAGES.linkInvalid);
  const [payload, signature, ...rest] = token.split(".");
  if (!payload || !signature || rest.length > 0) throw invalid();
  const given = Buffer.from(signature);
  // a link emailed before AUTH_SECRET rotated was signed with a previous key (AUTH_SECRET_PREVIOUS)
  const genuine = (key: Buffer) => {
    const expected = Buffer.from(mac(key, payload));
    return expected.length === given.length && timingSafeEqual(expected, given);
  };
  if (!(Array.isArray(keys) ? keys : [keys]).some(genuine)) throw invalid();
  let parsed: NotificationLinkClaims;
  try {
    parsed = claims.parse(JSON.parse(Buffer.from(payload, "base64url").toString("utf8")));
  } catch {
    throw invalid();
  }
  if (parsed.e <= now.getTime()) throw new AppError("LINK_EXPIRED", EMAIL_TEMPLATE_MESSAGES.linkExpired);
  return parsed;
}
