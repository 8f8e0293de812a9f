import {
  allowedActions,
  contactSummary,
  PACKAGE_STATUSES,
  type PackageStatus,
  type ParticipantAccessMethod,
  PERMISSIONS,
  participantDisplayName,
  participantInitials,
} from "@signet/contract";
import type { BaselineContext } from "./baseline-context.ts";
import { type BearerClaims, liveToken, TOKEN_ROW_SQL, verifyBearer } from "./bearer-token.ts";
import { GROUP_ACCESS_SQL } from "./group-access-sql.ts";

// The workspace by hand. Each call is ONE statement ($1 jti, $2 organization, $3 user, $4 the
// VIEW_DOCUMENTS_PACKAGES bit): the token row, the caller's groups where they see packages (vis:
// GROUP_ACCESS_SQL filtered by the bit), then the answer. A package is visible when one of its
// PackageGroup rows names a visible group.
//
// Indexes relied on (all in prisma/schema): Package (organizationId, createdAt, id) walked backwards
// for the newest first, each row's PackageGroup by its primary key (packageId, groupId) for
// visibility and the page's groups, Participant by its unique (packageId, type, roleNumber) for the
// page's participants, Package's trigram GIN index on searchText for the text filter. Counts without
// a text filter are read from the counts the schema keeps (PackageStatusCount, per organization,
// group set and status, kept by the product's triggers): a person writing against this schema would
// sum those few rows — a package is visible exactly when its group set meets the visible groups.
//
// The caller here is a member with roles in groups; a closing-center user (the API's other kind of
// viewer) would take another WHERE and is not what the bench measures.

const VISIBLE_SQL = `vis AS (SELECT array_agg(id) AS ids FROM eff WHERE bits & $4::int <> 0),
man AS (SELECT coalesce(array_agg(id), '{}') AS ids FROM eff WHERE bits & $5::int <> 0)`;

const VISIBLE_PACKAGE = `p."organizationId" = $2::uuid AND EXISTS (
  SELECT 1 FROM "PackageGroup" pg WHERE pg."packageId" = p.id AND pg."groupId" = ANY((SELECT ids FROM vis)::uuid[]))`;

const KEPT_COUNTS_SQL = `kept AS (
  SELECT c.status, sum(c.count)::int AS n FROM "PackageStatusCount" c
   WHERE c."organizationId" = $2::uuid AND c."groupIds" && (SELECT ids FROM vis)::uuid[] GROUP BY c.status)`;

const ISO = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * One page (newest first, ties by id, as the API sorts) and the total: without words, the sum of
 * the kept counts; with words, a count under the same WHERE, which has to visit every matching
 * package (the trigram index finds them, visibility is checked on each). The page stops after
 * pageNumber × pageSize visible rows on the createdAt index. Each record's groups
 * and participants are aggregated beside it; the API's derived fields (display names, initials,
 * contact summary, allowed actions) are the contract's pure functions, applied in JS.
 * `text` adds one `searchText LIKE '%word%'` per word ($8…), the API's filter.
 */
function workspaceSql(words: number): string {
  const text = Array.from({ length: words }, (_, index) => ` AND p."searchText" LIKE $${8 + index}`).join("");
  const count =
    words === 0
      ? "(SELECT coalesce(sum(n), 0)::int FROM kept)"
      : `(SELECT count(*)::int FROM "Package" p WHERE ${VISIBLE_PACKAGE}${text})`;
  return `WITH RECURSIVE ${TOKEN_ROW_SQL}, ${GROUP_ACCESS_SQL}, ${VISIBLE_SQL}, ${KEPT_COUNTS_SQL},
page AS (
  SELECT p.id, p."shortId", p.name, p.status, p.version, p."createdById", p."createdAt", p."lastUpdatedAt",
         p."packageExpiresAt", p."tridPackageType"
    FROM "Package" p
   WHERE ${VISIBLE_PACKAGE}${text}
   ORDER BY p."createdAt" DESC, p.id DESC LIMIT $6 OFFSET $7)
SELECT (SELECT "lastSeenAt" FROM tok) AS "lastSeenAt",
       (SELECT ids FROM vis) IS NOT NULL AS "canView",
       ${count} AS count,
       (SELECT coalesce(json_agg(json_build_object(
          'id', page.id, 'shortId', page."shortId", 'name', page.name, 'status', page.status,
          'version', page.version, 'createdBy', page."createdById", 'createdAt', ${ISO('page."createdAt"')},
          'lastUpdatedAt', ${ISO('page."lastUpdatedAt"')}, 'packageExpiresAt', ${ISO('page."packageExpiresAt"')},
          'tridPackageType', page."tridPackageType",
          'packageGroups', (SELECT json_agg(json_build_object('groupId', g.id, 'name', g.name))
                              FROM "PackageGroup" pg JOIN "Group" g ON g.id = pg."groupId"
                             WHERE pg."packageId" = page.id),
          'canManage', EXISTS (SELECT 1 FROM "PackageGroup" pg
                                WHERE pg."packageId" = page.id AND pg."groupId" = ANY((SELECT ids FROM man)::uuid[])),
          'participants', (SELECT coalesce(json_agg(json_build_object(
                              'id', pa.id, 'type', pa.type, 'roleNumber', pa."roleNumber", 'givenName', pa."givenName",
                              'familyName', pa."familyName", 'accessMethod', pa."accessMethod")
                              ORDER BY pa."orderSequence", pa."createdAt"), '[]')
                             FROM "Participant" pa WHERE pa."packageId" = page.id))
          ORDER BY page."createdAt" DESC, page.id DESC), '[]')
          FROM page) AS records`;
}

/** The counts per status over every visible package: the kept counts' rows whose group set meets the visible groups. */
const STATUS_COUNTS_SQL = `WITH RECURSIVE ${TOKEN_ROW_SQL}, ${GROUP_ACCESS_SQL}, ${VISIBLE_SQL}, ${KEPT_COUNTS_SQL}
SELECT (SELECT "lastSeenAt" FROM tok) AS "lastSeenAt",
       (SELECT ids FROM vis) IS NOT NULL AS "canView",
       (SELECT json_object_agg(status, n) FROM kept) AS counts`;

interface ParticipantRow {
  id: string;
  type: string;
  roleNumber: number;
  givenName: string | null;
  familyName: string | null;
  accessMethod: ParticipantAccessMethod;
}

interface RecordRow {
  id: string;
  shortId: string;
  name: string;
  status: PackageStatus;
  version: number;
  createdBy: string | null;
  createdAt: string;
  lastUpdatedAt: string;
  packageExpiresAt: string | null;
  tridPackageType: string | null;
  packageGroups: { groupId: string; name: string }[];
  canManage: boolean;
  participants: ParticipantRow[];
}

const byName = (a: { name: string }, b: { name: string }) =>
  a.name.localeCompare(b.name, "en", { sensitivity: "base" });

function toRecord(row: RecordRow) {
  const countsByType: Record<string, number> = {};
  for (const participant of row.participants)
    countsByType[participant.type] = (countsByType[participant.type] ?? 0) + 1;
  return {
    id: row.id,
    shortId: row.shortId,
    name: row.name,
    status: row.status,
    version: row.version,
    packageGroups: row.packageGroups.sort(byName),
    createdBy: row.createdBy,
    createdAt: row.createdAt,
    lastUpdatedAt: row.lastUpdatedAt,
    packageExpiresAt: row.packageExpiresAt,
    participantCount: row.participants.length,
    participantCountsByType: countsByType,
    contactSummary: contactSummary(row.participants),
    participants: row.participants.map((participant) => ({
      id: participant.id,
      type: participant.type,
      roleNumber: participant.roleNumber,
      displayName: participantDisplayName(participant),
      initials: participantInitials(participant),
      accessMethod: participant.accessMethod,
    })),
    allowedActions: allowedActions(row.status),
    canManage: row.canManage,
    tridRisk: noTridRisk(row),
  };
}

/** The bench's packages are no TRID disclosures: one would need the lender calendar, not written here. */
function noTridRisk(row: RecordRow): null {
  if (row.tridPackageType !== null) throw new Error(`The baseline does not work out TRID risk (package ${row.id})`);
  return null;
}

/** The claims checks the API makes on a route of auth level "user" under an organization. */
export function refusal(claims: BearerClaims | null, orgId: string): [number, string] | null {
  if (!claims) return [401, "UNAUTHORIZED"];
  if (claims.partial || !claims.credentials_non_expired || !claims.mfa_enrolled) return [403, "FORBIDDEN"];
  return claims.oid === orgId ? null : [404, "NOT_FOUND"];
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

export function registerWorkspaceBaselines({ app, pool, authSecret }: BaselineContext) {
  app.get<{ Params: { orgId: string }; Querystring: { text?: string; pageNumber?: string; pageSize?: string } }>(
    "/baseline/organizations/:orgId/workspace-packages",
    async (request, reply) => {
      const claims = verifyBearer(request.headers.authorization, authSecret);
      const refused = refusal(claims, request.params.orgId);
      if (refused || !claims) return reply.code(refused?.[0] ?? 401).send({ code: refused?.[1] });
      const pageSize = Math.min(100, Math.max(1, Number(request.query.pageSize ?? 10) || 10));
      const pageNumber = Math.max(1, Number(request.query.pageNumber ?? 1) || 1);
      const words = (request.query.text ?? "").trim().toLocaleLowerCase("en").split(/\s+/).filter(Boolean);
      const { rows } = await pool.query<{
        lastSeenAt: Date | null;
        canView: boolean;
        count: number;
        records: RecordRow[];
      }>(workspaceSql(words.length), [
        claims.jti,
        claims.oid,
        claims.uid,
        PERMISSIONS.VIEW_DOCUMENTS_PACKAGES,
        PERMISSIONS.MANAGE_DOCUMENTS_PACKAGES,
        pageSize,
        (pageNumber - 1) * pageSize,
        ...words.map((word) => `%${escapeLike(word)}%`),
      ]);
      const row = rows[0]!;
      if (!(await liveToken(pool, claims.jti, row.lastSeenAt))) return reply.code(401).send({ code: "UNAUTHORIZED" });
      if (!row.canView) return reply.code(403).send({ code: "FORBIDDEN" });
      return { records: row.records.map(toRecord), count: row.count };
    },
  );

  app.get<{ Params: { orgId: string } }>(
    "/baseline/organizations/:orgId/package-status-counts",
    async (request, reply) => {
      const claims = verifyBearer(request.headers.authorization, authSecret);
      const refused = refusal(claims, request.params.orgId);
      if (refused || !claims) return reply.code(refused?.[0] ?? 401).send({ code: refused?.[1] });
      const { rows } = await pool.query<{
        lastSeenAt: Date | null;
        canView: boolean;
        counts: Partial<Record<PackageStatus, number>> | null;
      }>(STATUS_COUNTS_SQL, [
        claims.jti,
        claims.oid,
        claims.uid,
        PERMISSIONS.VIEW_DOCUMENTS_PACKAGES,
        PERMISSIONS.MANAGE_DOCUMENTS_PACKAGES,
      ]);
      const row = rows[0]!;
      if (!(await liveToken(pool, claims.jti, row.lastSeenAt))) return reply.code(401).send({ code: "UNAUTHORIZED" });
      if (!row.canView) return reply.code(403).send({ code: "FORBIDDEN" });
      return Object.fromEntries(PACKAGE_STATUSES.map((status) => [status, row.counts?.[status] ?? 0]));
    },
  );
}
