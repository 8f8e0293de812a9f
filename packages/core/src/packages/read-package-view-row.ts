import type { ParticipantAccessMethod } from "@signet/contract";
import { Prisma } from "../db/generated/client.ts";
import type { Db } from "../db/prisma-client.ts";
import { PACKAGE_GROUPS_SQL, type PackageRow } from "./read-package-rows.ts";

type Reader = Db | Prisma.TransactionClient;

/**
 * All the package view needs of the participants: it shows their number, the contact summary
 * (which only asks which access methods are used) and the A/V host, never the participants.
 */
export interface ParticipantSummary {
  count: number;
  /** each access method some participant has, once */
  accessMethods: ParticipantAccessMethod[];
  /** the participants flagged avHost, in signing order (sessionHost takes the first) */
  avHostIds: string[];
}

/** The package's own columns but searchText, with its groups and the participants' summary. */
export type PackageViewRow = Omit<PackageRow, "participants" | "searchText"> & {
  participantSummary: ParticipantSummary;
};

// searchText holds every participant's names and emails: the view shows none of it, and reading it
// would make the row grow with the participants again
const VIEW_COLUMNS = Prisma.raw(
  Object.values(Prisma.PackageScalarFieldEnum)
    .filter((column) => column !== "searchText")
    .map((column) => `p."${column}"`)
    .join(", "),
);

// the aggregate is worked out where the participants are, so the answer is the same few bytes
// whatever their number; the avHost order is the one packageViewInclude reads participants in
const PARTICIPANT_SUMMARY_SQL = Prisma.sql`
  (SELECT json_build_object(
            'count', count(*),
            'accessMethods', coalesce(json_agg(DISTINCT t."accessMethod"), '[]'),
            'avHostIds', coalesce(json_agg(t."id" ORDER BY t."orderSequence", t."createdAt") FILTER (WHERE t."avHost"), '[]'))
     FROM "Participant" t WHERE t."packageId" = p."id") AS "participantSummary"`;

/** One package of the organization as the package view reads it (null when there is none), in one statement. */
export async function readPackageViewRow(
  db: Reader,
  organizationId: string,
  packageId: string,
): Promise<PackageViewRow | null> {
  const [row] = await db.$queryRaw<PackageViewRow[]>`
    SELECT ${VIEW_COLUMNS}, ${PACKAGE_GROUPS_SQL}, ${PARTICIPANT_SUMMARY_SQL} FROM "Package" p
     WHERE p."id" = ${packageId}::uuid AND p."organizationId" = ${organizationId}::uuid`;
  return row ?? null;
}
