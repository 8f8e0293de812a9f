import type * as z from "zod/mini";
import { MESSAGES } from "./messages.ts";
import { arrayOf, boolean, either, int, nullable, object, optional, string } from "./read-json.ts";
import type { tokenClaimsSchema } from "./token-claims-schema.ts";

/**
 * tokenClaimsSchema's check written by hand (read-json.ts): the web app reads its session cookie with
 * it in the first download, which holds no zod (issue 17); session.test.ts holds the two equal.
 */
const readClaims = object({
  sub: string,
  client_id: string,
  roles: arrayOf(string),
  iss: string,
  aud: either(string, arrayOf(string)),
  oid: nullable(string),
  o: nullable(string),
  home_oid: string,
  uid: string,
  orgs: arrayOf(string),
  org_enabled: boolean,
  partial: boolean,
  mfa_enrolled: boolean,
  family_name: string,
  given_name: string,
  middle_name: nullable(string),
  name_suffix: nullable(string),
  email: string,
  phone_number: nullable(string),
  account_non_locked: boolean,
  credentials_non_expired: boolean,
  support_user: boolean,
  exp: int,
  iat: int,
  jti: string,
  scope: optional(string),
  secret_id: optional(string),
  idp: optional(string),
  amr: optional(arrayOf(string)),
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
  const claims = readClaims(json);
  if (!claims.ok) throw new TokenFormatError(MESSAGES.payloadCookieMissing);
  return claims.value as TokenClaims;
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
