import { authorizedFeatures, type Organization } from "@signet/contract";
import type { Organization as OrganizationRow } from "../db/generated/client.ts";
import type { Db } from "../db/prisma-client.ts";

type Reader = Pick<Db, "user">;

/** "Given Family" of each user id, in one query (for createdByFullName, disabledByFullName, …). */
export async function fullNamesOf(db: Reader, ids: readonly (string | null)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const users = await db.user.findMany({
    where: { id: { in: wanted } },
    select: { id: true, givenName: true, familyName: true },
  });
  return new Map(users.map((user) => [user.id, `${user.givenName} ${user.familyName}`]));
}

/** Organization rows in the contract's shape, with the people's names and the authorized-features text. */
export async function presentOrganizations(db: Reader, rows: readonly OrganizationRow[]): Promise<Organization[]> {
  const names = await fullNamesOf(
    db,
    rows.flatMap((row) => [row.createdById, row.disabledById]),
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    description: row.description,
    customerId: row.customerId,
    enabled: row.enabled,
    eoSupport: row.eoSupport,
    embeddedSrEnabled: row.embeddedSrEnabled,
    enabledTrid: row.enabledTrid,
    enabledAV: row.enabledAV,
    enabledSmartDoc: row.enabledSmartDoc,
    enabledClosingCenter: row.enabledClosingCenter,
    enabledPkgCollaboration: row.enabledPkgCollaboration,
    enabledMultiLangSRSupport: row.enabledMultiLangSRSupport,
    authorizedFeatures: authorizedFeatures(row),
    createdAt: row.createdAt.toISOString(),
    lastUpdatedAt: row.lastUpdatedAt.toISOString(),
    disabledAt: row.disabledAt?.toISOString() ?? null,
    createdBy: row.createdById,
    createdByFullName: row.createdById ? (names.get(row.createdById) ?? null) : null,
    updatedBy: row.updatedById,
    disabledBy: row.disabledById,
    disabledByFullName: row.disabledById ? (names.get(row.disabledById) ?? null) : null,
    version: row.version,
  }));
}

export async function presentOrganization(db: Reader, row: OrganizationRow): Promise<Organization> {
  const [organization] = await presentOrganizations(db, [row]);
  return organization!;
}
