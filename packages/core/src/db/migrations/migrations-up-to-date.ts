import { createHash } from "node:crypto";
import type { MigrationList } from "@prisma/schema-engine-wasm";
import pg from "pg";
import { LOCK_FILE_CONTENT } from "./read-migrations.ts";

/**
 * Whether the database has applied exactly these migrations, each finished and unchanged (Prisma's
 * checksum: the SHA-256 of the script), and no other: the schema engine would then apply nothing,
 * and a start need not load it (its wasm instance keeps about 20 MB, and costs a few hundred ms).
 * Anything else — a pending, failed or edited migration, another provider's lock file, no history
 * table, a connection that fails — answers false, and the engine decides and reports as before.
 */
export async function migrationsUpToDate(databaseUrl: string, list: MigrationList): Promise<boolean> {
  if (list.lockfile.content !== LOCK_FILE_CONTENT) return false;
  const local = new Map<string, string>();
  for (const directory of list.migrationDirectories) {
    const content = directory.migrationFile.content;
    if (content.tag !== "ok") return false;
    local.set(directory.path, createHash("sha256").update(content.value).digest("hex"));
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  client.on("error", () => {});
  try {
    await client.connect();
    const { rows } = await client.query<{ migration_name: string; checksum: string; finished: boolean }>(
      "SELECT migration_name, checksum, finished_at IS NOT NULL AS finished FROM _prisma_migrations WHERE rolled_back_at IS NULL",
    );
    return (
      rows.length === local.size && rows.every((row) => row.finished && local.get(row.migration_name) === row.checksum)
    );
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}
