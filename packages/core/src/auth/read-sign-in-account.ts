import { queryRows } from "../db/pool-query.ts";
import type { Db } from "../db/prisma-client.ts";
import { type MfaFactors, mfaFactorsOf } from "../mfa/mfa-factors.ts";
import { type TokenSubject, type TokenSubjectJson, tokenSubjectFrom, tokenSubjectJson } from "./read-token-subject.ts";

export interface SignInAccount {
  id: string;
  homeOrganizationId: string;
  credential: {
    passwordHash: string;
    failedAttempts: number;
    lockedUntil: Date | null;
    expiresAt: Date | null;
  } | null;
  memberships: { organizationId: string; enabled: boolean; organization: { enabled: boolean } }[];
  /** read with the account, so a right password goes on to the session or the challenge at once */
  factors: MfaFactors;
  /** the last event of the user's audit stream, which a successful sign-in's event follows (record-sign-in.ts) */
  lastEvent: { sequence: number; hash: string } | null;
  /**
   * What the session's token says of the person, for the organization a right password signs into
   * (the only membership's; none for several): read here, with the account, instead of after the
   * password check (issueToken's knownSubject)
   */
  tokenSubject: TokenSubject;
}

interface AccountRow {
  id: string;
  homeOrganizationId: string;
  passwordHash: string | null;
  failedAttempts: number | null;
  lockedUntil: Date | null;
  expiresAt: Date | null;
  mfaPhoneNumber: string | null;
  authenticatorVerifiedAt: Date | null;
  authenticatorCreatedAt: Date | null;
  phoneVerifiedAt: Date | null;
  verifiedPhoneNumber: string | null;
  recoveryCodesRemaining: number;
  lastEvent: { sequence: number; hash: string } | null;
  subject: TokenSubjectJson;
}

/**
 * The account a password sign-in checks, by its (lower-cased) email, with its second factors: one
 * statement, null when unknown.
 */
export async function readSignInAccount(db: Db, email: string): Promise<SignInAccount | null> {
  const rows = await queryRows<AccountRow>(
    db,
    `
    SELECT u.id, u."homeOrganizationId", c."passwordHash", c."failedAttempts", c."lockedUntil", c."expiresAt",
           u."mfaPhoneNumber", a."verifiedAt" AS "authenticatorVerifiedAt", a."createdAt" AS "authenticatorCreatedAt",
           v."verifiedAt" AS "phoneVerifiedAt", v."phoneNumber" AS "verifiedPhoneNumber",
           (SELECT count(*)::int FROM "MfaRecoveryCode" r WHERE r."userId" = u.id AND r."usedAt" IS NULL)
             AS "recoveryCodesRemaining",
           (SELECT json_build_object('sequence', e.sequence, 'hash', e.hash) FROM "AuditEvent" e
             WHERE e."streamType" = 'user' AND e."streamId" = u.id::text ORDER BY e.sequence DESC LIMIT 1)
             AS "lastEvent",
           ${tokenSubjectJson("token_organization.id")} AS subject
      FROM "User" u
      CROSS JOIN LATERAL (SELECT CASE WHEN count(*) = 1 THEN (array_agg(m."organizationId"))[1] END AS id
                            FROM "Membership" m WHERE m."userId" = u.id) token_organization
      LEFT JOIN "Credential" c ON c."userId" = u.id
      LEFT JOIN "MfaAuthenticator" a ON a."userId" = u.id
      LEFT JOIN "MfaPhoneVerification" v ON v."userId" = u.id
     WHERE u.email = $1`,
    [email],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    id: row.id,
    homeOrganizationId: row.homeOrganizationId,
    credential:
      row.passwordHash === null
        ? null
        : {
            passwordHash: row.passwordHash,
            failedAttempts: row.failedAttempts ?? 0,
            lockedUntil: row.lockedUntil,
            expiresAt: row.expiresAt,
          },
    // the token subject's list: the same memberships, read once
    memberships: row.subject.memberships,
    factors: mfaFactorsOf({
      mfaPhoneNumber: row.mfaPhoneNumber,
      mfaAuthenticator: row.authenticatorCreatedAt
        ? { verifiedAt: row.authenticatorVerifiedAt, createdAt: row.authenticatorCreatedAt }
        : null,
      mfaPhoneVerification: row.verifiedPhoneNumber
        ? { verifiedAt: row.phoneVerifiedAt, phoneNumber: row.verifiedPhoneNumber }
        : null,
      recoveryCodesRemaining: row.recoveryCodesRemaining,
    }),
    lastEvent: row.lastEvent,
    tokenSubject: tokenSubjectFrom(row.subject),
  };
}
