import { readdir, stat } from "node:fs/promises";
import { join } from "node:path";
import pg from "pg";

/** What the database and the object store hold at one moment. */
export interface StorageSnapshot {
  packages: number;
  tables: { name: string; rows: number; bytes: number }[];
  objects: number;
  objectBytes: number;
}

/** Per table, what one package adds on average between two snapshots (issue 31 §5). */
export interface StorageFootprint {
  packages: number;
  tables: { name: string; rowsPerPackage: number; bytesPerPackage: number }[];
  databaseBytesPerPackage: number;
  objectsPerPackage: number;
  objectBytesPerPackage: number;
}

/**
 * Rows and bytes of every table (heap, indexes and TOAST: pg_total_relation_size) and the files of
 * the filesystem object store. Rows are counted, not estimated: the soak's tables are small enough.
 */
export async function snapshotStorage(databaseUrl: string, dataDir: string): Promise<StorageSnapshot> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows: names } = await client.query<{ name: string; bytes: string }>(
      `SELECT relname AS name, pg_total_relation_size(relid)::text AS bytes
         FROM pg_stat_user_tables WHERE schemaname = current_schema()`,
    );
    const tables = [];
    for (const { name, bytes } of names) {
      const { rows } = await client.query<{ count: string }>(`SELECT count(*)::text AS count FROM "${name}"`);
      tables.push({ name, rows: Number(rows[0]!.count), bytes: Number(bytes) });
    }
    const packages = tables.find((table) => table.name === "Package")?.rows ?? 0;
    const { objects, bytes } = await folderSize(dataDir);
    return { packages, tables, objects, objectBytes: bytes };
  } finally {
    await client.end();
  }
}

export function footprintBetween(before: StorageSnapshot, after: StorageSnapshot): StorageFootprint | null {
  const packages = after.packages - before.packages;
  if (packages <= 0) return null;
  const earlier = new Map(before.tables.map((table) => [table.name, table]));
  const tables = after.tables
    .map((table) => ({
      name: table.name,
      rowsPerPackage: (table.rows - (earlier.get(table.name)?.rows ?? 0)) / packages,
      bytesPerPackage: (table.bytes - (earlier.get(table.name)?.bytes ?? 0)) / packages,
    }))
    .filter((table) => table.rowsPerPackage > 0 || table.bytesPerPackage > 0)
    .sort((a, b) => b.bytesPerPackage - a.bytesPerPackage);
  return {
    packages,
    tables,
    databaseBytesPerPackage: tables.reduce((total, table) => total + table.bytesPerPackage, 0),
    objectsPerPackage: (after.objects - before.objects) / packages,
    objectBytesPerPackage: (after.objectBytes - before.objectBytes) / packages,
  };
}

async function folderSize(folder: string): Promise<{ objects: number; bytes: number }> {
  let objects = 0;
  let bytes = 0;
  const entries = await readdir(folder, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) {
      const inner = await folderSize(path);
      objects += inner.objects;
      bytes += inner.bytes;
    } else if (entry.isFile()) {
      objects += 1;
      bytes += (await stat(path)).size;
    }
  }
  return { objects, bytes };
}
