import pg from "pg";
import { afterAll, describe, expect, inject, it } from "vitest";
import { withDatabaseName } from "../../src/db/database-url.ts";
import { applyMigrations } from "../../src/db/migrations/apply-migrations.ts";
import { readMigrationList } from "../../src/db/migrations/read-migrations.ts";
import { timestampedDatabaseName } from "../../src/db/timestamped-database-name.ts";
import { adminQuery } from "../../src/testing/admin-query.ts";
import { TEST_DATABASE_PREFIX } from "../../src/testing/database-prefixes.ts";

const serverUrl = inject("databaseUrl");
const created: string[] = [];

async function emptyDatabase(): Promise<string> {
  const name = timestampedDatabaseName(TEST_DATABASE_PREFIX);
  await adminQuery(serverUrl, `CREATE DATABASE ${pg.escapeIdentifier(name)}`);
  created.push(name);
  return withDatabaseName(serverUrl, name);
}

async function tables(url: string): Promise<string[]> {
  const rows = await adminQuery<{ table_name: string }>(
    url,
    "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name",
  );
  return rows.map((row) => row.table_name);
}

afterAll(async () => {
  for (const name of created) {
    await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`);
  }
});

describe("applyMigrations", () => {
  it("migrates a brand-new empty database, then finds nothing left to apply", async () => {
    const url = await emptyDatabase();
    const committed = (
      await readMigrationList(new URL("../../../../prisma/migrations", import.meta.url).pathname)
    ).migrationDirectories.map((dir) => dir.path);
    expect(committed.length).toBeGreaterThan(0);

    const first = await applyMigrations(url);
    expect(first.applied).toEqual(committed);
    expect(await tables(url)).toEqual(
      expect.arrayContaining(["_prisma_migrations", "User", "Organization", "AuditEvent", "OutboxMessage"]),
    );
    const history = await adminQuery<{ migration_name: string; finished_at: Date | null }>(
      url,
      "SELECT migration_name, finished_at FROM _prisma_migrations ORDER BY migration_name",
    );
    expect(history.map((row) => row.migration_name)).toEqual(committed);
    expect(history.every((row) => row.finished_at !== null)).toBe(true);

    expect(await applyMigrations(url)).toEqual({ applied: [] });
  });

  it("lets two callers race on one database: each migration is applied exactly once", async () => {
    const url = await emptyDatabase();
    const results = await Promise.all([applyMigrations(url), applyMigrations(url)]);
    const applied = results.flatMap((result) => result.applied);
    expect(new Set(applied).size).toBe(applied.length);
    expect(applied.length).toBeGreaterThan(0);
    const [{ count }] = (await adminQuery<{ count: string }>(url, "SELECT count(*) FROM _prisma_migrations")) as [
      { count: string },
    ];
    expect(Number(count)).toBe(applied.length);
  });

  it("creates the database when it does not exist yet", async () => {
    const name = timestampedDatabaseName(TEST_DATABASE_PREFIX);
    created.push(name);
    const { applied } = await applyMigrations(withDatabaseName(serverUrl, name));
    expect(applied.length).toBeGreaterThan(0);
  });

  it("fails with a clear message naming the migration that broke", async () => {
    const { mkdtemp, mkdir, writeFile } = await import("node:fs/promises");
    const { tmpdir } = await import("node:os");
    const path = await import("node:path");
    const dir = await mkdtemp(path.join(tmpdir(), "signet-migrations-"));
    await mkdir(path.join(dir, "20200101000000_broken"));
    await writeFile(path.join(dir, "20200101000000_broken", "migration.sql"), "CREATE TABLE x (id int);\nSELEC 1;\n");
    const url = await emptyDatabase();
    const error = (await applyMigrations(url, { migrationsDir: dir }).then(
      () => undefined,
      (e: unknown) => e,
    )) as Error;
    expect(error).toBeInstanceOf(Error);
    expect(error.message).toMatch(/Applying migrations to database "signet_t_/);
    expect(error.message).toContain("20200101000000_broken");
    expect(error.message).toContain('syntax error at or near "SELEC"');
    expect(error.message).not.toMatch(/schema_engine_wasm::/);
    // The script ran as one transaction: nothing of it stayed behind.
    expect(await tables(url)).toEqual(["_prisma_migrations"]);
  });
});
