import { PACKAGE_REPORT_CSV_COLUMNS, PACKAGE_STATUSES, PERMISSIONS, REPORT_STATUS_WORDS } from "@signet/contract";
import { to as copyTo } from "pg-copy-streams";
import type { BaselineContext } from "./baseline-context.ts";
import { liveToken, TOKEN_ROW_SQL, verifyBearer } from "./bearer-token.ts";
import { GROUP_ACCESS_SQL } from "./group-access-sql.ts";
import { refusal } from "./workspace.ts";

// The package report CSV by hand: PostgreSQL writes the file itself (COPY … TO STDOUT WITH CSV
// HEADER) and the route pipes it to the socket. One statement first ($1 jti, $2 organization, $3
// user, $4 the VIEW_DOCUMENTS_PACKAGES bit, $5 the VIEW_AND_MANAGE_REPORTS bit) reads the token row,
// the caller's visible groups and whether they hold the reports permission anywhere; COPY takes no
// parameters, so the organization and those group ids (uuids PostgreSQL itself returned, the
// organization checked against the token's) are written into the COPY as literals.
//
// The same columns as the product's export (PACKAGE_REPORT_CSV_COLUMNS), the same joins (a package's
// groups, its participants counted, its sender's name) and the same order (newest first, ties by
// id): the Package (organizationId, createdAt, id) index walked backwards, each row's PackageGroup by
// its primary key for visibility and its groups, Participant by its (packageId, …) unique index for
// the count, User by primary key.

const ACCESS_SQL = `WITH RECURSIVE ${TOKEN_ROW_SQL}, ${GROUP_ACCESS_SQL}
SELECT (SELECT "lastSeenAt" FROM tok) AS "lastSeenAt",
       (SELECT coalesce(array_agg(id), '{}') FROM eff WHERE bits & $4::int <> 0)::text[] AS visible,
       EXISTS (SELECT 1 FROM eff WHERE bits & $5::int <> 0) AS "canReport"`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const uuid = (value: string) => {
  if (!UUID.test(value)) throw new Error(`Not a uuid: ${value}`);
  return `'${value}'::uuid`;
};

const ISO = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const STATUS_WORD = `CASE p.status::text ${PACKAGE_STATUSES.map(
  (status) => `WHEN '${status}' THEN '${REPORT_STATUS_WORDS[status]}'`,
).join(" ")} END`;
const [PACKAGE, SHORT_ID, STATUS, SENDER, GROUPS, CREATED, SENT, COMPLETED, PARTICIPANTS, DAYS] =
  PACKAGE_REPORT_CSV_COLUMNS.map((column) => `"${column}"`);

function reportCopySql(organizationId: string, visibleGroupIds: readonly string[]): string {
  const visible = `ARRAY[${visibleGroupIds.map(uuid).join(", ")}]::uuid[]`;
  return `COPY (
  SELECT p.name AS ${PACKAGE}, p."shortId" AS ${SHORT_ID}, ${STATUS_WORD} AS ${STATUS},
         coalesce(trim(u."givenName" || ' ' || u."familyName"), '') AS ${SENDER},
         (SELECT string_agg(g.name, '; ' ORDER BY g.name) FROM "PackageGroup" pg JOIN "Group" g ON g.id = pg."groupId"
           WHERE pg."packageId" = p.id) AS ${GROUPS},
         ${ISO('p."createdAt"')} AS ${CREATED}, ${ISO('p."sentAt"')} AS ${SENT}, ${ISO('p."completedAt"')} AS ${COMPLETED},
         (SELECT count(*) FROM "Participant" pt WHERE pt."packageId" = p.id) AS ${PARTICIPANTS},
         CASE WHEN p."completedAt" >= p."sentAt"
              THEN round((extract(epoch FROM p."completedAt" - p."sentAt") / 86400)::numeric, 1)::float8 END AS ${DAYS}
    FROM "Package" p LEFT JOIN "User" u ON u.id = p."createdById"
   WHERE p."organizationId" = ${uuid(organizationId)}
     AND EXISTS (SELECT 1 FROM "PackageGroup" vg WHERE vg."packageId" = p.id AND vg."groupId" = ANY(${visible}))
   ORDER BY p."createdAt" DESC, p.id DESC
) TO STDOUT WITH (FORMAT csv, HEADER)`;
}

export function registerReportCsvBaseline({ app, pool, authSecret }: BaselineContext) {
  app.get<{ Params: { orgId: string } }>(
    "/baseline/organizations/:orgId/package-report.csv",
    async (request, reply) => {
      const claims = verifyBearer(request.headers.authorization, authSecret);
      const refused = refusal(claims, request.params.orgId);
      if (refused || !claims?.oid) return reply.code(refused?.[0] ?? 401).send({ code: refused?.[1] });
      const { rows } = await pool.query<{ lastSeenAt: Date | null; visible: string[]; canReport: boolean }>(
        ACCESS_SQL,
        [claims.jti, claims.oid, claims.uid, PERMISSIONS.VIEW_DOCUMENTS_PACKAGES, PERMISSIONS.VIEW_AND_MANAGE_REPORTS],
      );
      const row = rows[0]!;
      if (!(await liveToken(pool, claims.jti, row.lastSeenAt))) return reply.code(401).send({ code: "UNAUTHORIZED" });
      if (!row.canReport) return reply.code(403).send({ code: "FORBIDDEN" });
      const client = await pool.connect();
      const csv = client.query(copyTo(reportCopySql(claims.oid, row.visible)));
      // the connection goes back to the pool once the copy is over, read to its end or cut short
      let released = false;
      const release = (error?: Error) => {
        if (released) return;
        released = true;
        client.release(error);
      };
      csv.once("end", () => release());
      csv.once("error", (error) => release(error));
      csv.once("close", () => release());
      return reply.type("text/csv; charset=utf-8").send(csv);
    },
  );
}
