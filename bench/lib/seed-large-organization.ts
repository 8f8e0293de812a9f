import { applyMigrations, createPrismaClient } from "@signet/core";
import pg from "pg";
import { copyPackages, withIndexesRebuilt } from "./copy-packages.ts";
import { recreateDatabase } from "./recreate-database.ts";
import { type SeededOrganization, seedAccessOrganization } from "./seed-access-organization.ts";

export interface LargeOrganization {
  databaseUrl: string;
  seeded: SeededOrganization;
  /** packages in the organization so far */
  packages: number;
  /** adds packages (COPY) until the organization holds `total`, printing what it took */
  growTo(total: number): Promise<void>;
}

/**
 * The product keeps status counts with triggers; the load must have fired them: the kept counts of
 * the organization add up to its packages shared with a group.
 */
async function checkKeptCounts(databaseUrl: string, organizationId: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ kept: number; shared: number }>(
      `SELECT (SELECT coalesce(sum(count), 0)::int FROM "PackageStatusCount" WHERE "organizationId" = $1::uuid) AS kept,
              (SELECT count(*)::int FROM "Package" p WHERE p."organizationId" = $1::uuid
                  AND EXISTS (SELECT 1 FROM "PackageGroup" pg WHERE pg."packageId" = p.id)) AS shared`,
      [organizationId],
    );
    if (rows[0]?.kept !== rows[0]?.shared)
      throw new Error(`The kept status counts add up to ${rows[0]?.kept}, not the ${rows[0]?.shared} packages`);
  } finally {
    await client.end().catch(() => {});
  }
}

const progress = (line: string) => process.stderr.write(`bench: ${line}\n`);

/**
 * A fresh database with the bench organization (seedAccessOrganization: seven groups, the bench
 * user seeing three) that grows by COPY (copy-packages.ts) — the same rows whatever the size, the
 * new ones older than the ones before, so the first page stays and history grows under it.
 * `leaveOutIndexes`: indexes of the schema not rebuilt after the load (see withIndexesRebuilt).
 */
export async function seedLargeOrganization(
  serverUrl: string,
  databaseName: string,
  leaveOutIndexes: readonly string[] = [],
): Promise<LargeOrganization> {
  const databaseUrl = await recreateDatabase(serverUrl, databaseName);
  await applyMigrations(databaseUrl);
  const seedDb = createPrismaClient(databaseUrl, { max: 2 });
  const seeded = await seedAccessOrganization(seedDb, 10).finally(() => seedDb.$disconnect());
  const now = Date.now();
  const organization: LargeOrganization = {
    databaseUrl,
    seeded,
    packages: 0,
    async growTo(total) {
      const from = organization.packages;
      const started = Date.now();
      const indexSeconds = await withIndexesRebuilt(
        databaseUrl,
        () =>
          copyPackages(databaseUrl, seeded.organizationId, Object.values(seeded.groupIds), { from, to: total }, now),
        leaveOutIndexes,
      );
      organization.packages = total;
      await checkKeptCounts(databaseUrl, seeded.organizationId);
      const seconds = (Date.now() - started) / 1000;
      progress(
        `seeded packages ${from.toLocaleString("en")}–${total.toLocaleString("en")} by COPY in ${seconds.toFixed(1)} s ` +
          `(indexes and VACUUM ANALYZE ${indexSeconds.toFixed(1)} s of it)`,
      );
    },
  };
  return organization;
}
