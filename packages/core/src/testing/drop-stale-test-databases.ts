import pg from "pg";
import { SHADOW_DATABASE_PREFIX } from "../db/migrations/migration-adapter-factory.ts";
import { createdAtOfDatabaseName } from "../db/timestamped-database-name.ts";
import { adminQuery } from "./admin-query.ts";
import { TEST_DATABASE_PREFIX } from "./database-prefixes.ts";

const PREFIXES = [TEST_DATABASE_PREFIX, SHADOW_DATABASE_PREFIX];

/**
 * Drops per-file test databases (and migration shadow databases) that killed runs left behind.
 * Only ones older than `maxAgeMs` go, so databases of a run still in progress are left alone.
 */
export async function dropStaleTestDatabases(serverUrl: string, maxAgeMs = 60 * 60 * 1000): Promise<string[]> {
  const rows = await adminQuery<{ datname: string }>(
    serverUrl,
    "SELECT datname FROM pg_database WHERE datname LIKE 'signet\\_t\\_%' OR datname LIKE 'signet\\_shadow\\_%'",
  );
  const cutoff = Date.now() - maxAgeMs;
  const stale = rows
    .map((row) => row.datname)
    .filter((name) =>
      PREFIXES.some((prefix) => {
        const createdAt = createdAtOfDatabaseName(prefix, name);
        return createdAt !== undefined && createdAt < cutoff;
      }),
    );
  for (const name of stale) {
    await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`).catch(() => {});
  }
  return stale;
}
