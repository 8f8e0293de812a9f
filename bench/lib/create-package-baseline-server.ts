// Child process entry (see start-child-server.ts): the honest baseline of create-package — bare
// Fastify + one pg Pool making the same rows the use case makes (the Package row, one PackageGroup
// row per group, the package stream's first AuditEvent with its hash) in one transaction. A person
// writing it by hand knows a new package's audit stream starts at sequence 1 with no previous hash,
// generates the ids in the process, and sends the three inserts as ONE statement (data-modifying
// CTEs are one implicit transaction, the foreign keys checked at its end):
//
//   WITH p AS (INSERT INTO "Package" (id, "organizationId", "shortId", name, status, "createdById",
//                                     "lastUpdatedAt") VALUES ($1, $2, $3, $4, 'STARTED', $5, $6) RETURNING *),
//        g AS (INSERT INTO "PackageGroup" ("packageId", "groupId", "organizationId")
//              SELECT $1, unnest($7::uuid[]), $2),
//        a AS (INSERT INTO "AuditEvent" ("organizationId", "streamType", "streamId", sequence, type,
//              "occurredAt", "actorId", "actorRole", ip, "userAgent", data, "prevHash", hash)
//              VALUES ($2, 'package', $1, 1, 'package.created', $6, $5, 'user', $8, $9, $10, NULL, $11))
//   SELECT * FROM p
//
// No token check, no permission check, no group validation: the writes alone, as issue 17 asks
// ("the same writes in one bare transaction"). Triggers on these tables run for both alike. There is
// no outbox row on either side: package.created is neither a webhook nor an email notification
// event (apps/api/test/create-package-statement.test.ts fails if that changes), so the API writes
// exactly these three kinds of rows, also as one statement (core/packages/insert-new-package.ts),
// after its reads (token, access, expiration defaults) which the baseline leaves out.
import { randomInt, randomUUID } from "node:crypto";
import { auditEventHash } from "@signet/core";
import Fastify from "fastify";
import pg from "pg";
import { serveChild } from "./serve-child.ts";

const pool = new pg.Pool({
  connectionString: process.env.BASELINE_DATABASE_URL,
  max: Number(process.env.BASELINE_POOL_MAX ?? 10),
});
const organizationId = process.env.BASELINE_ORGANIZATION_ID ?? "";
const userId = process.env.BASELINE_USER_ID ?? "";
const ALPHABET = "23456789ABCDEFGHJKMNPQRSTVWXYZ"; // short-id.ts's
const shortId = () => Array.from({ length: 8 }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");

const INSERT = `
  WITH p AS (INSERT INTO "Package" (id, "organizationId", "shortId", name, status, "createdById", "lastUpdatedAt")
             VALUES ($1, $2, $3, $4, 'STARTED', $5, $6) RETURNING *),
       g AS (INSERT INTO "PackageGroup" ("packageId", "groupId", "organizationId") SELECT $1, unnest($7::uuid[]), $2),
       a AS (INSERT INTO "AuditEvent" ("organizationId", "streamType", "streamId", sequence, type, "occurredAt",
                                       "actorId", "actorRole", ip, "userAgent", data, "prevHash", hash)
             VALUES ($2, 'package', $1, 1, 'package.created', $6, $5, 'user', $8, $9, $10, NULL, $11))
  SELECT * FROM p`;

const app = Fastify({ logger: false });
app.post<{ Body: { name: string; groupIds: string[] } }>("/baseline/packages", async (request, reply) => {
  const { name, groupIds } = request.body;
  const id = randomUUID();
  const short = shortId();
  const occurredAt = new Date();
  const data = { name, shortId: short, status: "STARTED", groupIds };
  const event = {
    organizationId,
    streamType: "package",
    streamId: id,
    sequence: 1,
    type: "package.created",
    occurredAt: occurredAt.toISOString(),
    actorId: userId,
    actorRole: "user",
    ip: request.ip,
    userAgent: request.headers["user-agent"] ?? null,
    data,
  };
  const { rows } = await pool.query(INSERT, [
    id,
    organizationId,
    short,
    name,
    userId,
    occurredAt,
    groupIds,
    event.ip,
    event.userAgent,
    data,
    auditEventHash(null, event),
  ]);
  return reply.code(201).send({ ...rows[0], groups: groupIds });
});

await serveChild(app, () => pool.end());
