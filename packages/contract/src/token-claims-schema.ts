import * as z from "zod/mini";

// The server checks verified tokens with this schema; the web app reads its cookie with session.ts's
// check written by hand (no zod in its first download, issue 17), which session.test.ts holds equal to it.

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
