import { databaseNameOf } from "../database-url.ts";
import { ensureDatabase } from "../ensure-database.ts";
import { withAdvisoryLock } from "../with-advisory-lock.ts";
import { defaultMigrationsDir } from "./default-paths.ts";
import { toMigrationError } from "./migration-error.ts";
import { migrationsUpToDate } from "./migrations-up-to-date.ts";
import { readMigrationList } from "./read-migrations.ts";
import { withSchemaEngine } from "./with-schema-engine.ts";

export interface ApplyMigrationsOptions {
  /** Defaults to <repo>/prisma/migrations. */
  migrationsDir?: string;
}

const NO_FILTERS = { externalTables: [], externalEnums: [] };

/**
 * Applies pending migrations into `_prisma_migrations`, like `prisma migrate deploy`. Creates the
 * database if it does not exist. Safe to call from several processes at once: they queue on an
 * advisory lock, and the later ones find nothing left to apply.
 */
export async function applyMigrations(
  databaseUrl: string,
  options: ApplyMigrationsOptions = {},
): Promise<{ applied: string[] }> {
  const migrationsDir = options.migrationsDir ?? defaultMigrationsDir();
  const context = `Applying migrations to database "${databaseNameOf(databaseUrl)}" failed`;
  try {
    await ensureDatabase(databaseUrl);
    const migrationsList = await readMigrationList(migrationsDir);
    // a restart (the usual case) finds every migration applied: no engine, no lock
    if (await migrationsUpToDate(databaseUrl, migrationsList)) return { applied: [] };
    // The engine takes an advisory lock of its own, but on a pooled connection it keeps until the
    // pool closes; ours (another key) covers the whole run including closing the pool.
    return await withAdvisoryLock(databaseUrl, "signet:apply-migrations", () =>
      withSchemaEngine(databaseUrl, async (engine) => {
        const { appliedMigrationNames } = await engine.applyMigrations({ migrationsList, filters: NO_FILTERS });
        return { applied: appliedMigrationNames };
      }),
    );
  } catch (error) {
    throw toMigrationError(error, context);
  }
}
