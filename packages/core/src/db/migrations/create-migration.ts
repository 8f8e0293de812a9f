import { access, mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { diffMigrationsToSchema, type MigrationPathsOptions } from "./check-migrations.ts";
import { defaultMigrationsDir } from "./default-paths.ts";
import { LOCK_FILE, LOCK_FILE_CONTENT, MIGRATION_FILE, readMigrationList } from "./read-migrations.ts";

export interface CreatedMigration {
  /** The new folder's name (`<yyyyMMddHHmmss>_<name>`), or null when the schema had no changes. */
  name: string | null;
  /** Absolute path of the written migration.sql, or null. */
  file: string | null;
}

/** Prisma's migration folder stamp: UTC, to the second. */
function stamp(date: Date): string {
  return date.toISOString().replace(/\D/g, "").slice(0, 14);
}

function parseStamp(value: string): number {
  const [y, mo, d, h, mi, s] = [0, 4, 6, 8, 10, 12].map((at, i) => Number(value.slice(at, i === 0 ? 4 : at + 2)));
  return Date.UTC(y ?? 0, (mo ?? 1) - 1, d, h, mi, s);
}

/** Lower-case words joined by underscores, as `prisma migrate dev --name` does. */
export function migrationSlug(name: string): string {
  const slug = name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "");
  if (!slug) throw new Error(`"${name}" is not a usable migration name: use letters, digits and underscores`);
  return slug;
}

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}

/**
 * Writes prisma/migrations/<yyyyMMddHHmmss>_<name>/migration.sql holding what the schema folder
 * adds to the migrations history (diffed through a shadow database), plus migration_lock.toml.
 */
export async function createMigration(name: string, options: MigrationPathsOptions = {}): Promise<CreatedMigration> {
  const slug = migrationSlug(name);
  const migrationsDir = path.resolve(options.migrationsDir ?? defaultMigrationsDir());
  const { script } = await diffMigrationsToSchema({ ...options, migrationsDir });
  if (script === null) return { name: null, file: null };

  // Folders apply in name order: never stamp a new one before the latest (clock skew, or two
  // migrations made within one second).
  const existing = (await readMigrationList(migrationsDir)).migrationDirectories.map((dir) => dir.path);
  const latest = existing.at(-1)?.slice(0, 14);
  let folderStamp = stamp(new Date());
  if (latest !== undefined && folderStamp <= latest) folderStamp = stamp(new Date(parseStamp(latest) + 1000));
  const folder = `${folderStamp}_${slug}`;

  const dir = path.join(migrationsDir, folder);
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, MIGRATION_FILE);
  await writeFile(file, script.endsWith("\n") ? script : `${script}\n`);
  const lockFile = path.join(migrationsDir, LOCK_FILE);
  if (!(await exists(lockFile))) await writeFile(lockFile, LOCK_FILE_CONTENT);
  return { name: folder, file };
}
