import { Prisma } from "../db/generated/client.ts";
import type { Db } from "../db/prisma-client.ts";
import type { packageViewInclude } from "./package-views.ts";

export type PackageRow = Prisma.PackageGetPayload<{ include: typeof packageViewInclude }>;
type RawParticipant = Omit<PackageRow["participants"][number], "createdAt"> & { createdAt: string };
/** A row as the statement answers it: participants aggregated as JSON, their timestamps strings. */
export type RawPackageRow = Omit<PackageRow, "participants"> & { participants: RawParticipant[] };

/** The row packageViewInclude would have read, from the JSON-aggregated one. */
export function toPackageRow(row: RawPackageRow): PackageRow {
  const participants = row.participants.map((participant) => ({
    ...participant,
    createdAt: new Date(participant.createdAt),
  }));
  return { ...row, participants };
}

// what packageViewInclude reads beside the package's own columns: groups with their names (the
// package view reads only these), participants in signing order
export const PACKAGE_GROUPS_SQL = Prisma.sql`
  coalesce((SELECT json_agg(json_build_object('groupId', pg."groupId", 'group', json_build_object('name', g."name")))
              FROM "PackageGroup" pg JOIN "Group" g ON g."id" = pg."groupId"
             WHERE pg."packageId" = p."id"), '[]') AS "groups"`;
export const PACKAGE_RELATIONS_SQL = Prisma.sql`
  ${PACKAGE_GROUPS_SQL},
  coalesce((SELECT json_agg(json_build_object('id', t."id", 'type', t."type", 'roleNumber', t."roleNumber",
                                              'givenName', t."givenName", 'familyName', t."familyName",
                                              'accessMethod', t."accessMethod", 'avHost', t."avHost",
                                              'orderSequence', t."orderSequence", 'createdAt', t."createdAt")
                            ORDER BY t."orderSequence", t."createdAt")
              FROM "Participant" t WHERE t."packageId" = p."id"), '[]') AS "participants"`;

/**
 * The packages `ids` with what packageViewInclude reads (groups with their names, participants in
 * signing order), in the order of `ids`, in one round trip: Prisma's include reads the two
 * relations and the group names in three more queries, one after the other, which was most of a
 * list page's time. Same columns, same participant order; rows vanished meanwhile are left out.
 */
export async function readPackageRows(db: Db, ids: readonly string[]): Promise<PackageRow[]> {
  if (ids.length === 0) return [];
  const rows = await db.$queryRaw<RawPackageRow[]>`
    SELECT p.*, ${PACKAGE_RELATIONS_SQL} FROM "Package" p WHERE p."id" = ANY(${ids}::uuid[])`;
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toPackageRow(row)] : [];
  });
}
