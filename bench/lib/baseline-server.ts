// Child process entry (see start-baseline-server.ts): bare Fastify + one pg Pool doing the data work
// of the measured API calls (permissions, the workspace list, the signing room) — what the stack
// costs without our layers.
import { createHash } from "node:crypto";
import { type ExecutionType, hasPermission, isTurnOf, permissionNames, SIGNING_LIMITS } from "@signet/contract";
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

// The signing room's view for the session in the cookie: the session by its secret's hash, then in
// one parallel round everything the room reads (participant, package + organization, the
// organization's settings, the consent record, the package's participants, documents and
// per-participant execution types, reviews, the participant's tags with values, rules, questions
// with answers, stips with uploads, adopted signatures). The stage is worked out from the rows; the
// consent record is taken as current without comparing its version with the consent text.
const SESSION_COOKIE = "signet_sr_session";
const REVOCATION_REASONS = ["CANCELLED", "EXPIRED", "CORRECTED", "CONSENT_WITHDRAWN"];
const CLOSED_PACKAGE_STATUSES = ["CANCELLED", "CONSENT_WITHDRAWN", "STARTED"];
const DONE_STATUSES = ["COMPLETED", "EDEPOSIT_PENDING", "EDEPOSITED", "PENDING_ENOTARY"];

function cookieValue(header: string | undefined, name: string): string | null {
  for (const part of header?.split(";") ?? []) {
    const index = part.indexOf("=");
    if (index > 0 && part.slice(0, index).trim() === name) return decodeURIComponent(part.slice(index + 1).trim());
  }
  return null;
}

interface SessionRow {
  id: string;
  organizationId: string;
  packageId: string;
  participantId: string;
  expiresAt: Date;
  lastSeenAt: Date;
  revokedAt: Date | null;
  revokedReason: string | null;
  verifiedAt: Date | null;
}

app.get("/baseline/signing/room", async (request, reply) => {
  const secret = cookieValue(request.headers.cookie, SESSION_COOKIE);
  if (!secret) return reply.code(401).send({ code: "SIGNING_SESSION_ENDED" });
  const secretHash = createHash("sha256").update(secret).digest("hex");
  const { rows: sessions } = await pool.query<SessionRow>('SELECT * FROM "SigningSession" WHERE "secretHash" = $1', [
    secretHash,
  ]);
  const session = sessions[0];
  const now = Date.now();
  const idle = session && now - session.lastSeenAt.getTime() > SIGNING_LIMITS.sessionIdleMinutes * 60_000;
  if (
    !session ||
    session.revokedReason === "LEFT" ||
    session.expiresAt.getTime() <= now ||
    (idle && !session.revokedAt)
  ) {
    return reply.code(401).send({ code: "SIGNING_SESSION_ENDED" });
  }
  if (now - session.lastSeenAt.getTime() > 30_000) {
    await pool.query('UPDATE "SigningSession" SET "lastSeenAt" = now() WHERE id = $1', [session.id]);
  }
  const { participantId, packageId, organizationId } = session;
  const [
    participants,
    packages,
    settings,
    consents,
    everyone,
    documents,
    overrides,
    reviews,
    tags,
    rules,
    questions,
    stips,
    signatures,
  ] = await Promise.all([
    pool.query('SELECT * FROM "Participant" WHERE id = $1', [participantId]),
    pool.query(
      `SELECT p.*, o.name AS "organizationName", o."enabledMultiLangSRSupport", o."embeddedSrEnabled",
              o.enabled AS "organizationEnabled"
         FROM "Package" p JOIN "Organization" o ON o.id = p."organizationId" WHERE p.id = $1`,
      [packageId],
    ),
    pool.query<{ key: string; value: string }>(
      'SELECT key, value FROM "OrganizationSetting" WHERE "organizationId" = $1',
      [organizationId],
    ),
    pool.query(
      `SELECT "consentVersion", "consentSha256" FROM "ConsentRecord"
        WHERE "participantId" = $1 AND "withdrawnAt" IS NULL ORDER BY "grantedAt" DESC LIMIT 1`,
      [participantId],
    ),
    pool.query(
      `SELECT id, "orderSequence", "signingStatus", "givenName", "familyName" FROM "Participant"
        WHERE "packageId" = $1 ORDER BY "orderSequence", "createdAt"`,
      [packageId],
    ),
    pool.query(
      `SELECT id, name, "executionType", "numPages", "pageSizes" FROM "Document"
        WHERE "packageId" = $1 ORDER BY "orderSequence", "createdAt"`,
      [packageId],
    ),
    pool.query<{ documentId: string; participantId: string; executionType: ExecutionType }>(
      'SELECT "documentId", "participantId", "executionType" FROM "DocumentParticipant" WHERE "packageId" = $1',
      [packageId],
    ),
    pool.query<{ documentId: string }>('SELECT "documentId" FROM "DocumentReview" WHERE "participantId" = $1', [
      participantId,
    ]),
    pool.query(
      `SELECT t.id, t."documentId", t.type, t.page, t.x, t.y, t.width, t.height, t.required, t.label, t.options,
              t."groupName", t."optionValue", t."customFieldId", t."defaultValue", v.value
         FROM "Tag" t LEFT JOIN "TagValue" v ON v."tagId" = t.id
        WHERE t."participantId" = $1 ORDER BY t.page, t.y, t.x`,
      [participantId],
    ),
    pool.query(
      'SELECT "sourceTagId", "targetTagId", condition, value, action FROM "ConditionalRule" WHERE "packageId" = $1',
      [packageId],
    ),
    pool.query(
      `SELECT g.id AS "groupId", g.name AS "groupName", g.description, f.id, f.label, f.type, f.required, f.options,
              a.value
         FROM "DataCollectionGroup" g
         JOIN "DataCollectionField" f ON f."groupId" = g.id AND f."participantId" = $2
         LEFT JOIN "DataCollectionAnswer" a ON a."fieldId" = f.id
        WHERE g."packageId" = $1 ORDER BY g."orderSequence", f."orderSequence"`,
      [packageId, participantId],
    ),
    pool.query(
      `SELECT s.id, s.name, s.description, s.required, u.id AS "uploadId", u."fileName", u."sizeBytes"
         FROM "Stip" s LEFT JOIN "StipUpload" u ON u."stipId" = s.id
        WHERE s."participantId" = $1 ORDER BY s."orderSequence", u."createdAt"`,
      [participantId],
    ),
    pool.query<{ kind: string; method: string; text: string | null; sha256: string; png: Buffer }>(
      'SELECT kind, method, text, sha256, png FROM "ParticipantSignature" WHERE "participantId" = $1',
      [participantId],
    ),
  ]);
  const participant = participants.rows[0];
  const pkg = packages.rows[0];
  if (!participant || !pkg) return reply.code(401).send({ code: "SIGNING_SESSION_ENDED" });

  const chosen = new Map(overrides.rows.map((row) => [`${row.documentId}:${row.participantId}`, row.executionType]));
  const typeOf = (document: { id: string; executionType: ExecutionType }, id: string): ExecutionType =>
    chosen.get(`${document.id}:${id}`) ?? document.executionType;
  const progress = everyone.rows.map((row) => ({
    id: row.id,
    orderSequence: row.orderSequence,
    status: row.signingStatus,
    executionTypes: documents.rows.map((document) => typeOf(document, row.id)),
  }));
  const closed =
    REVOCATION_REASONS.includes(session.revokedReason ?? "") ||
    CLOSED_PACKAGE_STATUSES.includes(pkg.status) ||
    ["DECLINED", "CONSENT_WITHDRAWN"].includes(participant.signingStatus);
  const verified = participant.idVerification === "NONE" || session.verifiedAt !== null;
  const consented = consents.rows.length > 0;
  const stage = closed
    ? "CLOSED"
    : participant.signingStatus === "FINISHED" || DONE_STATUSES.includes(pkg.status)
      ? "FINISHED"
      : !verified
        ? "VERIFY"
        : !consented
          ? "CONSENT"
          : !isTurnOf(pkg.signingOrder, progress, participant.id)
            ? "WAITING_TURN"
            : "SIGN";
  const showWork = stage === "SIGN" || stage === "FINISHED";
  const setting = new Map(settings.rows.map((row) => [row.key, row.value]));
  const reviewed = new Set(reviews.rows.map((row) => row.documentId));
  const adopted = (kind: string) => {
    const signature = signatures.rows.find((row) => row.kind === kind);
    return signature
      ? {
          kind,
          method: signature.method,
          text: signature.text,
          sha256: signature.sha256,
          imageDataUrl: `data:image/png;base64,${signature.png.toString("base64")}`,
        }
      : null;
  };
  const groups = new Map<string, { id: string; name: string; description: string | null; fields: object[] }>();
  for (const row of questions.rows) {
    const group = groups.get(row.groupId) ?? {
      id: row.groupId,
      name: row.groupName,
      description: row.description,
      fields: [] as object[],
    };
    group.fields.push({
      id: row.id,
      label: row.label,
      type: row.type,
      required: row.required,
      options: row.options,
      value: row.value,
    });
    groups.set(row.groupId, group);
  }
  const stipsById = new Map<
    string,
    { id: string; name: string; description: string | null; required: boolean; uploads: object[] }
  >();
  for (const row of stips.rows) {
    const stip = stipsById.get(row.id) ?? {
      id: row.id,
      name: row.name,
      description: row.description,
      required: row.required,
      uploads: [] as object[],
    };
    if (row.uploadId) stip.uploads.push({ id: row.uploadId, fileName: row.fileName, sizeBytes: row.sizeBytes });
    stipsById.set(row.id, stip);
  }
  return {
    stage,
    branding: {
      organizationName: pkg.organizationName,
      primaryColor: setting.get("primary_color") ?? null,
      primaryFontColor: setting.get("primary_font_color") ?? null,
      logoUrl: setting.get("logo_url") || null,
    },
    package: { id: pkg.id, name: pkg.name, status: pkg.status, emailIntroText: pkg.emailIntroText },
    participant: {
      id: participant.id,
      name: [participant.givenName, participant.middleName, participant.familyName].filter(Boolean).join(" "),
      email: participant.email,
      type: participant.type,
      status: participant.signingStatus,
    },
    verification: { method: participant.idVerification, verified },
    consent: { given: consented },
    documents: showWork
      ? documents.rows.map((document) => ({
          id: document.id,
          name: document.name,
          numPages: document.numPages,
          pageSizes: document.pageSizes,
          executionType: typeOf(document, participant.id),
          reviewed: reviewed.has(document.id),
        }))
      : [],
    tags: showWork ? tags.rows : [],
    rules: showWork ? rules.rows : [],
    dataCollection: showWork ? [...groups.values()] : [],
    stips: showWork ? [...stipsById.values()] : [],
    signature: adopted("SIGNATURE"),
    initials: adopted("INITIALS"),
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
