import { randomUUID } from "node:crypto";
import { type TokenClaims, WEB_CLIENT_ID } from "@signet/contract";
import type { RequestOrigin } from "../actor.ts";
import type { CoreDeps } from "../core-deps.ts";
import { execute } from "../db/pool-query.ts";
import { AppError } from "../errors/app-error.ts";
import { hasVerifiedFactor, loadMfaFactors, type MfaFactors } from "../mfa/mfa-factors.ts";
import { readTokenSubject, type TokenSubject } from "./read-token-subject.ts";

/** A session token's server-side row: what revokes it, and how the person authenticated (amr). */
export interface TokenRow {
  id: string;
  userId: string;
  organizationId: string | null;
  issuedAt: Date;
  expiresAt: Date;
  ip: string | null;
  userAgent: string | null;
  amr: string[];
}

/**
 * The token's row and its authentication methods as two CTEs of one statement ("token",
 * "token_amr"), reading tokenRowValues' 8 values from $`first` on; written only when `condition`
 * (SQL) holds. A password sign-in writes them in its bookkeeping statement (record-sign-in.ts).
 */
export const tokenRowCtes = (first: number, condition = "TRUE") => {
  const $ = (n: number) => `$${first + n}`;
  return `
  token AS (
    INSERT INTO "ActiveToken" (id, "userId", "organizationId", partial, "issuedAt", "expiresAt", "lastSeenAt", ip,
                               "userAgent")
    SELECT ${$(0)}::uuid, ${$(1)}::uuid, ${$(2)}::uuid, ${$(2)}::uuid IS NULL, ${$(3)}::timestamptz,
           ${$(4)}::timestamptz, ${$(3)}::timestamptz, ${$(5)}, ${$(6)}
     WHERE ${condition}
    RETURNING id),
  token_amr AS (
    INSERT INTO "SessionAuthMethod" ("activeTokenId", amr, "createdAt")
    SELECT id, ${$(7)}::text[], ${$(3)}::timestamptz FROM token)`;
};

export const tokenRowValues = (row: TokenRow): unknown[] => [
  row.id,
  row.userId,
  row.organizationId,
  row.issuedAt,
  row.expiresAt,
  row.ip,
  row.userAgent,
  row.amr,
];

const INSERT_TOKEN = `WITH ${tokenRowCtes(1)} SELECT count(*) FROM token`;

export interface IssuedToken {
  token: string;
  claims: TokenClaims;
}

interface IssueInput {
  userId: string;
  /** null for a partial token (the user must still pick an organization) */
  organizationId: string | null;
  credentialsExpired: boolean;
  origin: RequestOrigin;
  /** the identity provider the person signed in through: the token stays in its organization */
  identityProviderId?: string;
  /**
   * The identity provider said the person signed in with a second factor (OIDC amr, SAML
   * AuthnContext): the session's amr gets "mfa" and the person counts as enrolled (an
   * organization that requires a second factor accepts the provider's), so nothing asks again.
   */
  secondFactorAsserted?: boolean;
  /**
   * How the person authenticated (RFC 8176 amr values). Default: carried over from the token this
   * one replaces (organization chosen, password changed), else "pwd", or "fed" for a provider.
   */
  amr?: string[];
  /** the user's second factors when the caller has just read them (a sign-in deciding on a challenge) */
  knownFactors?: MfaFactors;
  /** the token subject when the caller has just read it (a password sign-in reads it with the account) */
  knownSubject?: TokenSubject;
  /** writes the token's row in the caller's own statement instead of one of its own (a password sign-in's bookkeeping) */
  writeTokenRow?: (row: TokenRow) => Promise<void>;
}

/** Records the token server-side (so it can be revoked) and signs the spec's logged-in-user claims. */
export async function issueToken(input: IssueInput, deps: CoreDeps): Promise<IssuedToken> {
  const { db, config, tokens } = deps;
  const known = input.knownSubject;
  const user =
    known && known.id === input.userId && known.organizationId === input.organizationId
      ? known
      : await readTokenSubject(db, input.userId, input.organizationId);
  if (!user) throw new AppError("UNAUTHORIZED");
  // An API user gets tokens only through its clients' credentials (short-lived, checked against the
  // secret on every request): never a person's long session, e.g. by trading its token at
  // multi-org-login.
  if (user.isApiUser) throw new AppError("UNAUTHORIZED");
  const membership = user.memberships.find((m) => m.organizationId === input.organizationId) ?? null;
  const roles = user.roles;
  const organization = membership?.organization ?? null;
  const supportOrganization = organization?.eoSupport ?? false;
  // the session's authentication methods, carried over when this token replaces another one
  const previousTokenId = "tokenId" in input.origin ? (input.origin as { tokenId?: string }).tokenId : undefined;
  const carried =
    input.amr === undefined && previousTokenId
      ? (await db.sessionAuthMethod.findUnique({ where: { activeTokenId: previousTokenId } }))?.amr
      : undefined;
  let amr = input.amr ?? carried ?? [input.identityProviderId ? "fed" : "pwd"];
  if (input.secondFactorAsserted && !amr.includes("mfa")) amr = [...amr, "mfa"];
  // mfa_enrolled (issue 12 §4): the person has a verified second factor, gave one at sign-in, or
  // the organization does not require one; false takes them to enrolment before anything else
  const mfaEnrolled =
    amr.includes("mfa") ||
    !user.organizationRequiresMfa ||
    hasVerifiedFactor(input.knownFactors ?? (await loadMfaFactors(db, user.id)));
  const jti = randomUUID();
  const lifetime = config.TOKEN_LIFETIME_SECONDS;
  // the token's row and its authentication methods, one statement
  const now = new Date();
  const row: TokenRow = {
    id: jti,
    userId: user.id,
    organizationId: input.organizationId,
    issuedAt: now,
    expiresAt: new Date(now.getTime() + lifetime * 1000),
    ip: input.origin.ip,
    userAgent: input.origin.userAgent?.slice(0, 500) ?? null,
    amr,
  };
  if (input.writeTokenRow) await input.writeTokenRow(row);
  else await execute(db, INSERT_TOKEN, tokenRowValues(row));
  return tokens.sign(
    {
      sub: user.email,
      client_id: WEB_CLIENT_ID,
      roles: roles.map((role) => role.name).sort(),
      oid: organization?.id ?? null,
      o: organization?.name ?? null,
      home_oid: user.homeOrganizationId,
      uid: user.id,
      // a provider's session offers no other organization to switch to
      orgs: input.identityProviderId
        ? user.memberships.filter((m) => m.organizationId === input.organizationId).map((m) => m.organizationId)
        : user.memberships.map((m) => m.organizationId),
      org_enabled: Boolean(membership?.enabled && organization?.enabled),
      partial: input.organizationId === null,
      mfa_enrolled: mfaEnrolled,
      family_name: user.familyName,
      given_name: user.givenName,
      middle_name: user.middleName,
      name_suffix: user.nameSuffix,
      email: user.email,
      phone_number: user.phoneNumber,
      account_non_locked: true,
      credentials_non_expired: !input.credentialsExpired,
      support_user: Boolean(supportOrganization && roles.some((role) => role.eoSupport)),
      jti,
      ...(input.identityProviderId ? { idp: input.identityProviderId } : {}),
      amr,
    },
    lifetime,
  );
}
