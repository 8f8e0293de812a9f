// Child process entry (see start-baseline-server.ts): bare Fastify + one pg Pool doing the data work
// of GET /organizations/:orgId/users/me/permissions — what the stack costs without our layers.
import { permissionNames } from "@signet/contract";
import { inheritPermissions } from "@signet/core";
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

app.get<{ Params: { orgId: string } }>(
  "/baseline/organizations/:orgId/users/me/permissions",
  async (request, reply) => {
    const jti = tokenId(request.headers.authorization);
    if (!jti) return reply.code(401).send({ code: "UNAUTHORIZED" });
    const { rows: tokens } = await pool.query<TokenRow>(
      'SELECT "userId", "organizationId", "expiresAt", "revokedAt" FROM "ActiveToken" WHERE id = $1',
      [jti],
    );
    const token = tokens[0];
    if (!token || token.revokedAt || token.expiresAt.getTime() <= Date.now()) {
      return reply.code(401).send({ code: "UNAUTHORIZED" });
    }
    const organizationId = request.params.orgId;
    if (token.organizationId !== organizationId) return reply.code(404).send({ code: "NOT_FOUND" });

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
    const perGroup = inheritPermissions(groups.rows, own);
    const permissions = perGroup.reduce((all, group) => all | group.permissions, 0);

    const { rows: organizations } = await pool.query(
      `SELECT id, name, "eoSupport", "embeddedSrEnabled", "enabledTrid", "enabledAV", "enabledSmartDoc",
              "enabledClosingCenter", "enabledPkgCollaboration", "enabledMultiLangSRSupport"
         FROM "Organization" WHERE id = $1`,
      [organizationId],
    );
    if (!organizations[0]) return reply.code(404).send({ code: "NOT_FOUND" });
    return {
      organizationId,
      permissions,
      names: permissionNames(permissions),
      groups: perGroup,
      organization: organizations[0],
    };
  },
);

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
