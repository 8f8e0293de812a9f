import { execFile } from "node:child_process";
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { checkMigrations } from "../../src/db/migrations/check-migrations.ts";
import { createMigration, migrationSlug } from "../../src/db/migrations/create-migration.ts";
import { defaultMigrationsDir, defaultSchemaDir, findRepoRoot } from "../../src/db/migrations/default-paths.ts";

const databaseUrl = inject("databaseUrl");
const EXTRA_MODEL = "\nmodel DriftCanary {\n  id   Int    @id\n  note String\n}\n";

let work: string;
let schemaDir: string;
let migrationsDir: string;

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), "signet-drift-"));
  schemaDir = path.join(work, "schema");
  migrationsDir = path.join(work, "migrations");
  await cp(defaultSchemaDir(), schemaDir, { recursive: true });
  await cp(defaultMigrationsDir(), migrationsDir, { recursive: true });
  await writeFile(path.join(schemaDir, "drift.prisma"), EXTRA_MODEL);
});

afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

describe("checkMigrations", () => {
  it("finds no drift between the committed migrations and prisma/schema", async () => {
    expect(await checkMigrations({ databaseUrl })).toEqual({ upToDate: true, script: null });
  });

  it("reports drift when the schema has a model no migration creates", async () => {
    const result = await checkMigrations({ databaseUrl, schemaDir, migrationsDir });
    expect(result.upToDate).toBe(false);
    expect(result.script).toContain('CREATE TABLE "DriftCanary"');
  });
});

describe("createMigration", () => {
  it("writes the missing migration in Prisma's format, after which there is no drift", async () => {
    const before = await readdir(migrationsDir);
    const created = await createMigration("Add drift canary!", { databaseUrl, schemaDir, migrationsDir });
    expect(created.name).toMatch(/^\d{14}_add_drift_canary$/);
    expect((await readdir(migrationsDir)).sort()).toEqual([...before, created.name].sort());
    const sql = await readFile(created.file as string, "utf8");
    expect(sql).toMatch(/^-- CreateTable\nCREATE TABLE "DriftCanary" \(/);
    expect(
      created.name! >
        before
          .filter((name) => /^\d{14}_/.test(name))
          .sort()
          .at(-1)!,
    ).toBe(true);

    expect((await checkMigrations({ databaseUrl, schemaDir, migrationsDir })).upToDate).toBe(true);
    expect(await createMigration("again", { databaseUrl, schemaDir, migrationsDir })).toEqual({
      name: null,
      file: null,
    });
  });

  it("turns names into Prisma-style slugs", () => {
    expect(migrationSlug(" Add user-phone ")).toBe("add_user_phone");
    expect(() => migrationSlug("!!")).toThrow(/not a usable migration name/);
  });
});

describe("pnpm db:migration --check", () => {
  const cli = promisify(execFile);
  const run = (args: string[]) =>
    cli(
      path.join(findRepoRoot(), "node_modules", ".bin", "tsx"),
      ["src/db/migrations/create-migration-cli.ts", ...args],
      { cwd: path.join(findRepoRoot(), "packages", "core"), env: { ...process.env, DATABASE_URL: databaseUrl } },
    );

  it("exits 0 when migrations are up to date", async () => {
    const { stdout } = await run(["--check"]);
    expect(stdout).toContain("up to date");
  });

  it("exits 1 with a clear message on drift", async () => {
    const driftDir = path.join(work, "drift-only");
    await cp(defaultSchemaDir(), driftDir, { recursive: true });
    await writeFile(path.join(driftDir, "drift.prisma"), EXTRA_MODEL);
    const failure = await run(["--check", "--schema-dir", driftDir]).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 1 });
    expect((failure as { stderr: string }).stderr).toContain("has changes that no migration captures");
    expect((failure as { stderr: string }).stderr).toContain('CREATE TABLE "DriftCanary"');
  });
});
