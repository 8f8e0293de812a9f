import { permissionNames } from "@signet/contract";
import type { BaselineContext } from "./baseline-context.ts";
import { liveToken, TOKEN_ROW_SQL, verifyBearer } from "./bearer-token.ts";
import { GROUP_ACCESS_SQL } from "./group-access-sql.ts";

/**
 * GET /organizations/:orgId/users/me/permissions in ONE statement ($1 jti, $2 organization, $3 user):
 * the token row, the group tree with the user's effective bits (GROUP_ACCESS_SQL), the
 * organization's feature flags (primary key) and — only for a user holding no role here, the one
 * case the API looks it up — the closing center they work for (ClosingCenterMember by organization
 * and email through the user's row). Everything else (permission names) is arithmetic in JS.
 * Groups come in the tree's walk order; the API's come in the table's order: the same set.
 */
const PERMISSIONS_SQL = `WITH RECURSIVE ${TOKEN_ROW_SQL}, ${GROUP_ACCESS_SQL}
SELECT (SELECT "lastSeenAt" FROM tok) AS "lastSeenAt",
       (SELECT coalesce(bit_or(bits), 0) FROM eff) | (SELECT bits FROM wide) AS permissions,
       (SELECT coalesce(json_agg(json_build_object('groupId', id, 'name', name, 'permissions', bits,
                                                   'inherited', own = 0)), '[]')
          FROM eff WHERE bits <> 0) AS groups,
       (SELECT row_to_json(o) FROM (
          SELECT id, name, "eoSupport", "embeddedSrEnabled", "enabledTrid", "enabledAV", "enabledSmartDoc",
                 "enabledClosingCenter", "enabledPkgCollaboration", "enabledMultiLangSRSupport"
            FROM "Organization" WHERE id = $2::uuid) o) AS organization,
       CASE WHEN NOT EXISTS (SELECT 1 FROM own WHERE bits <> 0) THEN (
          SELECT json_build_object('id', c.id, 'name', c.name, 'kind', c.kind)
            FROM "ClosingCenterMember" m
            JOIN "ClosingCenter" c ON c.id = m."closingCenterId"
            JOIN "User" u ON u.email = m.email
           WHERE u.id = $3::uuid AND m."organizationId" = $2::uuid LIMIT 1) END AS "closingCenter"`;

/**
 * GET /users/me/organizations in ONE statement ($1 jti, $2 user): the token row and the user's
 * memberships with their organizations (Membership (userId, organizationId) unique index,
 * Organization and User by primary key). Sorted by name in JS with the API's comparison.
 */
const MY_ORGANIZATIONS_SQL = `WITH ${TOKEN_ROW_SQL}
SELECT (SELECT "lastSeenAt" FROM tok) AS "lastSeenAt",
       (SELECT coalesce(json_agg(json_build_object('id', o.id, 'name', o.name, 'enabled', m.enabled AND o.enabled,
                                                   'home', o.id = u."homeOrganizationId")), '[]')
          FROM "Membership" m
          JOIN "Organization" o ON o.id = m."organizationId"
          JOIN "User" u ON u.id = m."userId"
         WHERE m."userId" = $2::uuid AND ($3::uuid IS NULL OR m."organizationId" = $3::uuid)) AS organizations`;

interface PermissionsRow {
  lastSeenAt: Date | null;
  permissions: number;
  groups: { groupId: string; name: string; permissions: number; inherited: boolean }[];
  organization: Record<string, unknown> | null;
  closingCenter: { id: string; name: string; kind: string } | null;
}

export function registerPermissionBaselines({ app, pool, authSecret }: BaselineContext) {
  app.get<{ Params: { orgId: string } }>(
    "/baseline/organizations/:orgId/users/me/permissions",
    async (request, reply) => {
      const claims = verifyBearer(request.headers.authorization, authSecret);
      if (!claims) return reply.code(401).send({ code: "UNAUTHORIZED" });
      if (claims.partial || !claims.credentials_non_expired || !claims.mfa_enrolled)
        return reply.code(403).send({ code: "FORBIDDEN" });
      // the tenancy rule for a member: their token's organization only (support users are not measured)
      if (claims.oid !== request.params.orgId) return reply.code(404).send({ code: "NOT_FOUND" });
      const { rows } = await pool.query<PermissionsRow>(PERMISSIONS_SQL, [claims.jti, claims.oid, claims.uid]);
      const row = rows[0]!;
      if (!(await liveToken(pool, claims.jti, row.lastSeenAt))) return reply.code(401).send({ code: "UNAUTHORIZED" });
      if (!row.organization) return reply.code(404).send({ code: "NOT_FOUND" });
      return {
        organizationId: claims.oid,
        permissions: row.permissions,
        names: permissionNames(row.permissions),
        groups: row.groups,
        organization: row.organization,
        closingCenter: row.closingCenter,
      };
    },
  );

  app.get("/baseline/users/me/organizations", async (request, reply) => {
    const claims = verifyBearer(request.headers.authorization, authSecret);
    if (!claims) return reply.code(401).send({ code: "UNAUTHORIZED" });
    if (!claims.credentials_non_expired) return reply.code(403).send({ code: "CREDENTIALS_EXPIRED" });
    const { rows } = await pool.query<{
      lastSeenAt: Date | null;
      organizations: { id: string; name: string; enabled: boolean; home: boolean }[];
    }>(MY_ORGANIZATIONS_SQL, [claims.jti, claims.uid, claims.idp ? claims.oid : null]);
    const row = rows[0]!;
    if (!(await liveToken(pool, claims.jti, row.lastSeenAt))) return reply.code(401).send({ code: "UNAUTHORIZED" });
    return row.organizations.sort((a, b) => a.name.localeCompare(b.name));
  });
}
