import { createHash } from "node:crypto";
import pg from "pg";
import { withDatabaseName } from "../db/database-url.ts";
import { applyMigrations } from "../db/migrations/apply-migrations.ts";
import { defaultMigrationsDir } from "../db/migrations/default-paths.ts";
import { readMigrationList } from "../db/migrations/read-migrations.ts";
import { withAdvisoryLock } from "../db/with-advisory-lock.ts";
import { adminQuery } from "./admin-query.ts";
import { TEMPLATE_DATABASE_PREFIX } from "./database-prefixes.ts";

/** Changes whenever a migration is added or edited, so a stale template is never reused. */
export async function migrationsHash(migrationsDir = defaultMigrationsDir()): Promise<string> {
  const hash = createHash("sha256");
  for (const dir of (await readMigrationList(migrationsDir)).migrationDirectories) {
    const { content } = dir.migrationFile;
    hash.update(`${dir.path}\0${content.tag === "ok" ? content.value : ""}\0`);
  }
  return hash.digest("hex").slice(0, 12);
}

/**
 * Returns the name of a database holding every migration, creating it on first use. It is built
 * under another name and renamed when complete, so a run killed half-way never leaves a template
 * that looks ready; concurrent test runs wait for each other on an advisory lock.
 */
export async function ensureTemplateDatabase(
  serverUrl: string,
  migrationsDir = defaultMigrationsDir(),
): Promise<string> {
  const name = `${TEMPLATE_DATABASE_PREFIX}${await migrationsHash(migrationsDir)}`;
  const exists = async () =>
    (await adminQuery(serverUrl, "SELECT 1 FROM pg_database WHERE datname = $1", [name])).length > 0;
  if (await exists()) return name;

  await withAdvisoryLock(serverUrl, "signet:test-template", async () => {
    if (await exists()) return;
    const building = `${name}_building`;
    await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${pg.escapeIdentifier(building)} WITH (FORCE)`);
    await adminQuery(serverUrl, `CREATE DATABASE ${pg.escapeIdentifier(building)}`);
    await applyMigrations(withDatabaseName(serverUrl, building), { migrationsDir });
    // A stray connection to the template would make every clone fail; refuse them outright.
    await adminQuery(serverUrl, `ALTER DATABASE ${pg.escapeIdentifier(building)} WITH ALLOW_CONNECTIONS false`);
    await adminQuery(
      serverUrl,
      `ALTER DATABASE ${pg.escapeIdentifier(building)} RENAME TO ${pg.escapeIdentifier(name)}`,
    );
  });
  return name;
}
