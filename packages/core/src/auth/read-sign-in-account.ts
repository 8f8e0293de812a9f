import type { Db } from "../db/prisma-client.ts";

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
}

interface AccountRow {
  id: string;
  homeOrganizationId: string;
  passwordHash: string | null;
  failedAttempts: number | null;
  lockedUntil: Date | null;
  expiresAt: Date | null;
  memberships: SignInAccount["memberships"];
}

/** The account a password sign-in checks, by its (lower-cased) email: one statement, null when unknown. */
export async function readSignInAccount(db: Db, email: string): Promise<SignInAccount | null> {
  const rows = await db.$queryRaw<AccountRow[]>`
    SELECT u.id, u."homeOrganizationId", c."passwordHash", c."failedAttempts", c."lockedUntil", c."expiresAt",
           coalesce((SELECT json_agg(json_build_object('organizationId', m."organizationId", 'enabled', m.enabled,
                                                       'organization', json_build_object('enabled', o.enabled)))
                       FROM "Membership" m JOIN "Organization" o ON o.id = m."organizationId"
                      WHERE m."userId" = u.id), '[]') AS memberships
      FROM "User" u LEFT JOIN "Credential" c ON c."userId" = u.id
     WHERE u.email = ${email}`;
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
    memberships: row.memberships,
  };
}
