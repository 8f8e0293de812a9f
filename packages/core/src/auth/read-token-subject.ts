import { securitySettingsFromRows } from "@signet/contract";
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
  /** the token's organization's "Require a second factor" setting */
  organizationRequiresMfa: boolean;
}

type SubjectRow = Omit<TokenSubject, "organizationRequiresMfa"> & { mfaRequired: string | null };

/**
 * Everything issueToken reads about the person and the token's organization, in one statement
 * (the user, memberships with their organizations, whether an API user, roles, mfa_required).
 * Null when the user does not exist.
 */
export async function readTokenSubject(
  db: Db,
  userId: string,
  organizationId: string | null,
): Promise<TokenSubject | null> {
  const rows = await db.$queryRaw<SubjectRow[]>`
    SELECT u.id, u.email, u."homeOrganizationId", u."givenName", u."middleName", u."familyName", u."nameSuffix",
           u."phoneNumber",
           EXISTS (SELECT FROM "ApiUser" a WHERE a."userId" = u.id) AS "isApiUser",
           coalesce((SELECT json_agg(json_build_object(
                               'organizationId', m."organizationId", 'enabled', m.enabled,
                               'organization', json_build_object('id', o.id, 'name', o.name, 'enabled', o.enabled,
                                                                 'eoSupport', o."eoSupport"))
                             ORDER BY m."createdAt", m.id)
                       FROM "Membership" m JOIN "Organization" o ON o.id = m."organizationId"
                      WHERE m."userId" = u.id), '[]') AS memberships,
           coalesce((SELECT json_agg(json_build_object('name', r.name, 'eoSupport', r."eoSupport"))
                       FROM "Role" r
                      WHERE r."organizationId" = ${organizationId}::uuid
                        AND EXISTS (SELECT FROM "MemberRole" mr WHERE mr."roleId" = r.id AND mr."userId" = u.id)),
                    '[]') AS roles,
           (SELECT s.value FROM "OrganizationSetting" s
             WHERE s."organizationId" = ${organizationId}::uuid AND s.key = 'mfa_required') AS "mfaRequired"
      FROM "User" u
     WHERE u.id = ${userId}::uuid`;
  const row = rows[0];
  if (!row) return null;
  const { mfaRequired, ...subject } = row;
  return {
    ...subject,
    organizationRequiresMfa:
      organizationId !== null &&
      securitySettingsFromRows(mfaRequired === null ? [] : [{ key: "mfa_required", value: mfaRequired }]).mfa_required,
  };
}
