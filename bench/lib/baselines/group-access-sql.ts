import { DEFAULTS } from "@signet/contract";

/**
 * The caller's effective permission bits per group of one organization, as CTEs ($2 = organization,
 * $3 = user), for the baselines to build on in the same statement:
 *   own  — the user's role bits per group where they hold a role (MemberRole (userId, organizationId)
 *          index, Role by primary key), with the organization-wide part: system roles (Admin,
 *          support roles) apply in every group wherever granted;
 *   wide — those organization-wide bits;
 *   eff  — every group of the tree with its bits: its own | its parent's | wide, walked from the
 *          roots down (Group (organizationId, parentId) index), the rule of core's inheritPermissions.
 * A handful of rows for a realistic tree; no round trip of its own.
 */
export const GROUP_ACCESS_SQL = `own AS (
  SELECT mr."groupId", bit_or(r.permissions) AS bits,
         coalesce(bit_or(r.permissions) FILTER (WHERE r."eoSupport" OR r."nameKey" = '${DEFAULTS.adminRoleName.toLowerCase()}'), 0) AS wide
    FROM "MemberRole" mr JOIN "Role" r ON r.id = mr."roleId"
   WHERE mr."userId" = $3::uuid AND mr."organizationId" = $2::uuid
   GROUP BY mr."groupId"),
wide AS (SELECT coalesce(bit_or(wide), 0) AS bits FROM own),
eff AS (
  SELECT g.id, g.name, coalesce(o.bits, 0) AS own, coalesce(o.bits, 0) | (SELECT bits FROM wide) AS bits
    FROM "Group" g LEFT JOIN own o ON o."groupId" = g.id
   WHERE g."organizationId" = $2::uuid AND g."parentId" IS NULL
  UNION ALL
  SELECT g.id, g.name, coalesce(o.bits, 0), eff.bits | coalesce(o.bits, 0)
    FROM eff JOIN "Group" g ON g."parentId" = eff.id LEFT JOIN own o ON o."groupId" = g.id)`;
