import type { AuditEventRow } from "../audit/append-audit-event.ts";
import { Prisma } from "../db/generated/client.ts";
import { queryRows } from "../db/pool-query.ts";
import type { Db } from "../db/prisma-client.ts";
import type { packageViewInclude } from "./package-views.ts";

type NewPackageRow = Prisma.PackageGetPayload<{ include: typeof packageViewInclude }>;

export interface NewPackage {
  id: string;
  organizationId: string;
  shortId: string;
  name: string;
  status: string;
  createdById: string | null;
  expirationType?: string;
  scheduledExpiryDays?: number;
  scheduledExpiryTime?: string;
  /** unique, the caller's choice, each checked again here */
  groupIds: readonly string[];
  createdAt: Date;
  /** the package stream's first event (sequence 1, no previous hash) */
  audit: AuditEventRow;
}

/**
 * Writes a new package, its groups and its first audit event as ONE statement, so one implicit
 * transaction (data-modifying CTEs all apply or none). Null when a group is not (or no longer) a
 * group of the organization: then nothing is written.
 *
 * - The group tree's lock is taken in shared mode first (the InitPlan on tree_lock runs before any
 *   row is read or written): a group being deleted must see this package (the only-group rule), and
 *   vice versa. The statement's snapshot predates the lock, so a group deleted while it waited is
 *   still read as present; its PackageGroup row then fails the foreign key check (made at the end
 *   of the statement against the latest rows), which the caller answers like an unknown group.
 * - The audit stream is the new package's own: its id is minted here and no other transaction can
 *   know it before the commit, so the stream needs no lock and starts at sequence 1.
 * - The PackageGroup insert's trigger updates the status-count row of this group set, a row every
 *   creation with the same groups updates: as the last write of a single statement, that row stays
 *   locked only until the statement's own commit, not across further round trips.
 */
export async function insertNewPackage(db: Db, input: NewPackage): Promise<NewPackageRow | null> {
  const { audit } = input;
  const event = audit.event;
  const treeKey = `group-tree:${input.organizationId}`;
  const statement = Prisma.sql`
    WITH tree_lock AS (SELECT pg_advisory_xact_lock_shared(hashtextextended(${treeKey}, 0))),
         chosen AS (
           SELECT g.id, g.name FROM "Group" g
            WHERE EXISTS (SELECT FROM tree_lock)
              AND g."organizationId" = ${input.organizationId}::uuid AND g.id = ANY(${input.groupIds}::uuid[])),
         created AS (
           INSERT INTO "Package" (id, "organizationId", "shortId", name, status, "createdById", "expirationType",
                                  "scheduledExpiryDays", "scheduledExpiryTime", "createdAt", "lastUpdatedAt")
           SELECT ${input.id}::uuid, ${input.organizationId}::uuid, ${input.shortId}, ${input.name},
                  ${input.status}::"PackageStatus", ${input.createdById}::uuid, ${input.expirationType ?? null},
                  ${input.scheduledExpiryDays ?? null}::int, ${input.scheduledExpiryTime ?? null},
                  ${input.createdAt}, ${input.createdAt}
            WHERE (SELECT count(*) FROM chosen) = ${input.groupIds.length}
           RETURNING *),
         audited AS (
           INSERT INTO "AuditEvent" ("organizationId", "streamType", "streamId", sequence, type, "occurredAt",
                                     "actorId", "actorRole", ip, "userAgent", data, "prevHash", hash)
           SELECT ${event.organizationId}::uuid, ${event.streamType}, ${event.streamId}, ${event.sequence}::int,
                  ${event.type}, ${new Date(event.occurredAt)}, ${event.actorId}::uuid, ${event.actorRole},
                  ${event.ip}, ${event.userAgent}, ${JSON.stringify(event.data)}::jsonb, ${audit.prevHash}, ${audit.hash}
             FROM created),
         linked AS (
           INSERT INTO "PackageGroup" ("packageId", "groupId", "organizationId", "createdAt")
           SELECT c.id, g.id, c."organizationId", ${input.createdAt} FROM created c CROSS JOIN chosen g)
    SELECT c.*,
           (SELECT json_agg(json_build_object('groupId', g.id, 'group', json_build_object('name', g.name)))
              FROM chosen g) AS groups,
           '[]'::json AS participants
      FROM created c`;
  // on the pg pool: Prisma's own work on this wide row cost as much as the statement. The row's
  // types read the same either way (timestamps as Date, JSON parsed; its date columns are null on a
  // new package)
  const rows = await queryRows<NewPackageRow>(db, statement.text, statement.values);
  return rows[0] ?? null;
}
