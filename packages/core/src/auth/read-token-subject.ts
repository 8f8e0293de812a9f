import { securitySettingsFromRows } from "@signet/contract";
import { queryRows } from "../db/pool-query.ts";
import type { Db } from "../db/prisma-client.ts";

export interface TokenSubject {
  id: string;
  email: string;
  homeOrganizationId: string;
  givenName: string;
  middleName: string | null;
  familyName: string;
  nameSuffix: string | null;
  phoneNumber: string | null;
  /** an API user: tokens only through its clients' credentials */
  isApiUser: boolean;
  memberships: {
    organizationId: string;
    enabled: boolean;
    organization: { id: string; name: string; enabled: boolean; eoSupport: boolean };
  }[];
  /** the user's roles in the token's organization (none without one) */
  roles: { name: string; eoSupport: boolean }[];
  /** the token's organization: the one the roles and organizationRequiresMfa are of */
  organizationId: string | null;
  /** the token's organization's "Require a second factor" setting */
  organizationRequiresMfa: boolean;
}

export type TokenSubjectJson = Omit<TokenSubject, "organizationRequiresMfa"> & { mfaRequired: string | null };

/**
 * Everything issueToken reads about the person (the row `u` of "User") and the token's organization
 * (the uuid SQL expression `organization`), as one JSON value: the user, memberships with their
 * organizations, whether an API user, roles, mfa_required. A password sign-in reads it with the
 * account (read-sign-in-account.ts); other ways in read it alone (readTokenSubject).
 */
export const tokenSubjectJson = (organization: string) => `
  json_build_object(
    'id', u.id, 'email', u.email, 'homeOrganizationId', u."homeOrganizationId", 'givenName', u."givenName",
    'middleName', u."middleName", 'familyName', u."familyName", 'nameSuffix', u."nameSuffix",
    'phoneNumber', u."phoneNumber",
    'isApiUser', EXISTS (SELECT FROM "ApiUser" a WHERE a."userId" = u.id),
    'memberships', coalesce((SELECT json_agg(json_build_object(
                                      'organizationId', m."organizationId", 'enabled', m.enabled,
                                      'organization', json_build_object('id', o.id, 'name', o.name,
                                                                        'enabled', o.enabled, 'eoSupport', o."eoSupport"))
                                    ORDER BY m."createdAt", m.id)
                              FROM "Membership" m JOIN "Organization" o ON o.id = m."organizationId"
                             WHERE m."userId" = u.id), '[]'),
    'roles', coalesce((SELECT json_agg(json_build_object('name', r.name, 'eoSupport', r."eoSupport"))
                         FROM "Role" r
                        WHERE r."organizationId" = ${organization}
                          AND EXISTS (SELECT FROM "MemberRole" mr WHERE mr."roleId" = r.id AND mr."userId" = u.id)),
                      '[]'),
    'organizationId', ${organization},
    'mfaRequired', (SELECT s.value FROM "OrganizationSetting" s
                     WHERE s."organizationId" = ${organization} AND s.key = 'mfa_required'))`;

export function tokenSubjectFrom(json: TokenSubjectJson): TokenSubject {
  const { mfaRequired, ...subject } = json;
  return {
    ...subject,
    organizationRequiresMfa:
      subject.organizationId !== null &&
      securitySettingsFromRows(mfaRequired === null ? [] : [{ key: "mfa_required", value: mfaRequired }]).mfa_required,
  };
}

/** The token subject of a user for a token of this organization (null: partial); null when the user does not exist. */
export async function readTokenSubject(
  db: Db,
  userId: string,
  organizationId: string | null,
): Promise<TokenSubject | null> {
  const [row] = await queryRows<{ subject: TokenSubjectJson }>(
    db,
    `SELECT ${tokenSubjectJson("$2::uuid")} AS subject FROM "User" u WHERE u.id = $1::uuid`,
    [userId, organizationId],
  );
  return row ? tokenSubjectFrom(row.subject) : null;
}
