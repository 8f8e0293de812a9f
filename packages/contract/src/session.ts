import * as z from "zod/mini";
import { MESSAGES } from "./messages.ts";

// zod/mini: the web app reads these claims from its cookie in the first download, where classic
// zod's method-rich schemas would weigh most of that download's zod (issue 17).

/**
 * Claims of the token the token service issues (spec §3, logged-in user). Short JWT-style names
 * travel in the token; `toLoggedInUser` gives the app its readable shape.
 */
export const tokenClaimsSchema = z.object({
  sub: z.string().check(z.describe("Subject: the user's email")),
  client_id: z.string(),
  roles: z.array(z.string()),
  iss: z.string(),
  aud: z.union([z.string(), z.array(z.string())]),
  oid: z.nullable(z.string()).check(z.describe("Current organization id (null during a partial login)")),
  o: z.nullable(z.string()).check(z.describe("Current organization name")),
  home_oid: z.string(),
  uid: z.string(),
  orgs: z.array(z.string()).check(z.describe("Ids of every organization the user belongs to")),
  org_enabled: z.boolean(),
  partial: z.boolean(),
  mfa_enrolled: z.boolean(),
  family_name: z.string(),
  given_name: z.string(),
  middle_name: z.nullable(z.string()),
  name_suffix: z.nullable(z.string()),
  email: z.string(),
  phone_number: z.nullable(z.string()),
  account_non_locked: z.boolean(),
  credentials_non_expired: z.boolean(),
  support_user: z.boolean(),
  exp: z.int(),
  iat: z.int(),
  jti: z.string(),
  /** client-credentials tokens only: the granted scope and the secret they were issued with */
  scope: z.optional(z.string()),
  secret_id: z.optional(z.string()),
  /**
   * A session opened through an organization's identity provider: the provider vouches for the
   * person in its own organization only, so the session never switches to another one.
   */
  idp: z.optional(z.string()),
  /**
   * How the person authenticated (RFC 8176 values): "pwd" for a password, "fed" for an identity
   * provider, plus "otp" (authenticator app), "sms" or "mfa" when a second factor was given.
   */
  amr: z.optional(z.array(z.string())),
});
export type TokenClaims = z.infer<typeof tokenClaimsSchema>;

export interface LoggedInUser {
  subject: string;
  clientId: string;
  roles: string[];
  issuer: string;
  audience: string | string[];
  organizationId: string | null;
  organizationName: string | null;
  homeOrganizationId: string;
  uid: string;
  organizationIds: string[];
  organizationEnabled: boolean;
  partial: boolean;
  mfaEnrolled: boolean;
  familyName: string;
  givenName: string;
  middleName: string | null;
  nameSuffix: string | null;
  email: string;
  phoneNumber: string | null;
  accountNonLocked: boolean;
  credentialsNonExpired: boolean;
  supportUser: boolean;
  expiresAt: number;
  issuedAt: number;
  id: string;
}

export function toLoggedInUser(c: TokenClaims): LoggedInUser {
  return {
    subject: c.sub,
    clientId: c.client_id,
    roles: c.roles,
    issuer: c.iss,
    audience: c.aud,
    organizationId: c.oid,
    organizationName: c.o,
    homeOrganizationId: c.home_oid,
    uid: c.uid,
    organizationIds: c.orgs,
    organizationEnabled: c.org_enabled,
    partial: c.partial,
    mfaEnrolled: c.mfa_enrolled,
    familyName: c.family_name,
    givenName: c.given_name,
    middleName: c.middle_name,
    nameSuffix: c.name_suffix,
    email: c.email,
    phoneNumber: c.phone_number,
    accountNonLocked: c.account_non_locked,
    credentialsNonExpired: c.credentials_non_expired,
    supportUser: c.support_user,
    expiresAt: c.exp,
    issuedAt: c.iat,
    id: c.jti,
  };
}

export class TokenFormatError extends Error {}

const BASE64URL = /^[A-Za-z0-9_-]*$/;

/** Decodes base64url (no padding required) to text; refuses anything else with the spec's message. */
export function decodeBase64Url(segment: string): string {
  if (!BASE64URL.test(segment) || segment.length % 4 === 1) {
    throw new TokenFormatError(MESSAGES.illegalBase64Url);
  }
  const base64 = segment
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .padEnd(Math.ceil(segment.length / 4) * 4, "=");
  const binary = atob(base64);
  const bytes = Uint8Array.from(binary, (ch) => ch.charCodeAt(0));
  return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
}

/** Splits a compact JWT; a token without exactly three dot-separated parts is not a JWT. */
export function splitToken(token: string): { header: string; payload: string; signature: string } {
  const parts = token.split(".");
  if (parts.length !== 3) throw new TokenFormatError(MESSAGES.notAJwt);
  const [header, payload, signature] = parts as [string, string, string];
  return { header, payload, signature };
}

/**
 * Reads the claims from a token without verifying it (the browser reads its payload cookie this
 * way; the server always verifies). Throws TokenFormatError with the spec's messages.
 */
export function readTokenClaims(token: string): TokenClaims {
  const { payload } = splitToken(token);
  let json: unknown;
  try {
    json = JSON.parse(decodeBase64Url(payload));
  } catch (error) {
    if (error instanceof TokenFormatError) throw error;
    throw new TokenFormatError(MESSAGES.illegalBase64Url);
  }
  const parsed = tokenClaimsSchema.safeParse(json);
  if (!parsed.success) throw new TokenFormatError(MESSAGES.payloadCookieMissing);
  return parsed.data;
}

/** Reads the claims from the payload cookie, which holds `header.payload` (no signature part). */
export function readPayloadCookieClaims(payloadCookie: string): TokenClaims {
  if (payloadCookie.split(".").length !== 2) throw new TokenFormatError(MESSAGES.notAJwt);
  return readTokenClaims(`${payloadCookie}.`);
}

/**
 * The browser keeps the token in two cookies: the readable payload cookie holds
 * `header.payload`, the HttpOnly signature cookie holds the signature.
 */
export function joinTokenCookies(payloadCookie: string, signatureCookie: string): string {
  return `${payloadCookie}.${signatureCookie}`;
}

/** Spec §4 Session: who may proceed after sign-in. */
export function mayProceed(claims: Pick<TokenClaims, "orgs" | "org_enabled">): boolean {
  return claims.orgs.length > 1 || claims.org_enabled;
}
