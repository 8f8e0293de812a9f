import { randomUUID } from "node:crypto";
import { type TokenClaims, WEB_CLIENT_ID } from "@signet/contract";
import type { RequestOrigin } from "../actor.ts";
import type { CoreDeps } from "../core-deps.ts";
import { AppError } from "../errors/app-error.ts";
import { hasVerifiedFactor, loadMfaFactors, type MfaFactors } from "../mfa/mfa-factors.ts";
import { readTokenSubject } from "./read-token-subject.ts";

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
}

/** Records the token server-side (so it can be revoked) and signs the spec's logged-in-user claims. */
export async function issueToken(input: IssueInput, deps: CoreDeps): Promise<IssuedToken> {
  const { db, config, tokens } = deps;
  const user = await readTokenSubject(db, input.userId, input.organizationId);
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
  await db.$executeRaw`
    WITH token AS (
      INSERT INTO "ActiveToken" (id, "userId", "organizationId", partial, "issuedAt", "expiresAt", "lastSeenAt", ip,
                                 "userAgent")
      VALUES (${jti}::uuid, ${user.id}::uuid, ${input.organizationId}::uuid, ${input.organizationId === null}, ${now},
              ${new Date(now.getTime() + lifetime * 1000)}, ${now}, ${input.origin.ip},
              ${input.origin.userAgent?.slice(0, 500) ?? null})
      RETURNING id)
    INSERT INTO "SessionAuthMethod" ("activeTokenId", amr, "createdAt") SELECT id, ${amr}::text[], ${now} FROM token`;
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
