// Child process entry (see start-baseline-server.ts): bare Fastify + one pg Pool doing the data work
// of the measured API calls (permissions, the workspace list) — what the stack costs without our layers.
import { hasPermission, permissionNames } from "@signet/contract";
import { type GroupPermissions, inheritPermissions } from "@signet/core";
import Fastify from "fastify";
import pg from "pg";

interface TokenRow {
  userId: string;
  organizationId: string | null;
  expiresAt: Date;
  revokedAt: Date | null;
}

const pool = new pg.Pool({
  connectionString: process.env.BASELINE_DATABASE_URL,
  max: Number(process.env.BASELINE_POOL_MAX ?? 10),
});
const app = Fastify({ logger: false });

// The data work only: the JWT's signature is not verified here, its jti is read to look the row up.
function tokenId(authorization: string | undefined): string | null {
  const payload = authorization?.startsWith("Bearer ") ? authorization.slice(7).split(".")[1] : undefined;
  if (!payload) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as { jti?: unknown };
    return typeof claims.jti === "string" ? claims.jti : null;
  } catch {
    return null;
  }
}

interface Caller {
  userId: string;
  organizationId: string;
  /** every group of the organization with the caller's permissions there (own and inherited) */
  groups: GroupPermissions[];
}

/** What every authenticated call does first: the token row, then the caller's roles per group. */
async function loadCaller(authorization: string | undefined, organizationId: string): Promise<Caller | 401 | 404> {
  const jti = tokenId(authorization);
  if (!jti) return 401;
  const { rows: tokens } = await pool.query<TokenRow>(
    'SELECT "userId", "organizationId", "expiresAt", "revokedAt" FROM "ActiveToken" WHERE id = $1',
    [jti],
  );
  const token = tokens[0];
  if (!token || token.revokedAt || token.expiresAt.getTime() <= Date.now()) return 401;
  if (token.organizationId !== organizationId) return 404;
  const [groups, memberRoles] = await Promise.all([
    pool.query<{ id: string; parentId: string | null; name: string }>(
      'SELECT id, "parentId", name FROM "Group" WHERE "organizationId" = $1',
      [organizationId],
    ),
    pool.query<{ groupId: string; permissions: number }>(
      `SELECT mr."groupId", r.permissions FROM "MemberRole" mr JOIN "Role" r ON r.id = mr."roleId"
       WHERE mr."userId" = $1 AND mr."organizationId" = $2`,
      [token.userId, organizationId],
    ),
  ]);
  const own = new Map<string, number>();
  for (const row of memberRoles.rows) own.set(row.groupId, (own.get(row.groupId) ?? 0) | row.permissions);
  return { userId: token.userId, organizationId, groups: inheritPermissions(groups.rows, own) };
}

app.get<{ Params: { orgId: string } }>(
  "/baseline/organizations/:orgId/users/me/permissions",
  async (request, reply) => {
    const caller = await loadCaller(request.headers.authorization, request.params.orgId);
    if (caller === 401) return reply.code(401).send({ code: "UNAUTHORIZED" });
    if (caller === 404) return reply.code(404).send({ code: "NOT_FOUND" });
    const permissions = caller.groups.reduce((all, group) => all | group.permissions, 0);
    const { rows: organizations } = await pool.query(
      `SELECT id, name, "eoSupport", "embeddedSrEnabled", "enabledTrid", "enabledAV", "enabledSmartDoc",
              "enabledClosingCenter", "enabledPkgCollaboration", "enabledMultiLangSRSupport"
         FROM "Organization" WHERE id = $1`,
      [caller.organizationId],
    );
    if (!organizations[0]) return reply.code(404).send({ code: "NOT_FOUND" });
    return {
      organizationId: caller.organizationId,
      permissions,
      names: permissionNames(permissions),
      groups: caller.groups,
      organization: organizations[0],
    };
  },
);

// The workspace's first page: packages shared with a group where the caller may view packages,
// newest first, ten of them with their groups and participants, and the total.
app.get<{ Params: { orgId: string } }>("/baseline/organizations/:orgId/workspace-packages", async (request, reply) => {
  const caller = await loadCaller(request.headers.authorization, request.params.orgId);
  if (caller === 401) return reply.code(401).send({ code: "UNAUTHORIZED" });
  if (caller === 404) return reply.code(404).send({ code: "NOT_FOUND" });
  const visible = caller.groups.filter((group) => hasPermission(group.permissions, "VIEW_DOCUMENTS_PACKAGES"));
  const groupIds = visible.map((group) => group.groupId);
  const visibleWhere = `p."organizationId" = $1 AND EXISTS (SELECT 1 FROM "PackageGroup" pg
                          WHERE pg."packageId" = p.id AND pg."groupId" = ANY($2::uuid[]))`;
  const [page, total] = await Promise.all([
    pool.query<{ id: string }>(
      `SELECT p.* FROM "Package" p WHERE ${visibleWhere} ORDER BY p."createdAt" DESC, p.id DESC LIMIT 10`,
      [caller.organizationId, groupIds],
    ),
    pool.query<{ count: string }>(`SELECT count(*) FROM "Package" p WHERE ${visibleWhere}`, [
      caller.organizationId,
      groupIds,
    ]),
  ]);
  const ids = page.rows.map((row) => row.id);
  const [participants, groups] = await Promise.all([
    pool.query(
      `SELECT id, "packageId", type, "roleNumber", "givenName", "familyName", "accessMethod", "orderSequence"
         FROM "Participant" WHERE "packageId" = ANY($1::uuid[]) ORDER BY "orderSequence", "createdAt"`,
      [ids],
    ),
    pool.query(
      `SELECT pg."packageId", pg."groupId", g.name FROM "PackageGroup" pg JOIN "Group" g ON g.id = pg."groupId"
        WHERE pg."packageId" = ANY($1::uuid[])`,
      [ids],
    ),
  ]);
  return {
    records: page.rows.map((row) => ({
      ...row,
      participants: participants.rows.filter((participant) => participant.packageId === row.id),
      groups: groups.rows.filter((group) => group.packageId === row.id),
    })),
    count: Number(total.rows[0]?.count ?? 0),
  };
});

let closing = false;
async function shutDown() {
  if (closing) return;
  closing = true;
  await app.close().catch(() => {});
  await pool.end().catch(() => {});
  process.exit(0);
}
process.once("SIGTERM", () => void shutDown());
// the orchestrator died or let go: never outlive it
process.once("disconnect", () => void shutDown());

const address = await app.listen({ host: "127.0.0.1", port: 0 });
// The orchestrator may have gone while this process was starting (its disconnect already passed).
if (!process.connected) await shutDown();
process.send?.({ type: "listening", url: address }, undefined, {}, (error) => {
  if (error) void shutDown();
});
