import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { createReadStream, existsSync } from "node:fs";
import { cp, readFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import type { BlobStorage } from "../storage/blob-storage.ts";
import { type BackupManifest, BLOBS_DIR, DATA_DIR_COPY, DATABASE_FILE, MANIFEST_FILE } from "./backup-manifest.ts";

export interface RestoreTarget {
  /** an empty database (no table in its public schema) */
  databaseUrl: string;
  storage: BlobStorage;
  dataDir: string;
  /** the pg_restore to run (PG_RESTORE; default: the one on PATH) */
  pgRestore?: string;
}

export class RestoreError extends Error {}

async function sha256OfFile(path: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

async function assertEmptyDatabase(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ count: string }>(
      "SELECT count(*) FROM information_schema.tables WHERE table_schema = 'public'",
    );
    if (Number(rows[0]?.count ?? 0) > 0) {
      throw new RestoreError("The target database is not empty: restore into a new, empty database.");
    }
  } finally {
    await client.end();
  }
}

/**
 * Restores a backup made by `createBackup` into an empty installation: checks every file against
 * the manifest first (a damaged backup restores nothing), then the database with pg_restore, the
 * stored files through the storage driver (so a backup of files on disk can go to S3 and back), and
 * DATA_DIR's secrets and seal, never over different ones already there.
 */
export async function restoreBackup(backupDir: string, target: RestoreTarget): Promise<BackupManifest> {
  const manifest = JSON.parse(await readFile(join(backupDir, MANIFEST_FILE), "utf8")) as BackupManifest;
  if (manifest.format !== 1) throw new RestoreError(`Unknown backup format ${String(manifest.format)}.`);
  const dumpPath = join(backupDir, DATABASE_FILE);
  if ((await sha256OfFile(dumpPath)) !== manifest.database.sha256) {
    throw new RestoreError(`${DATABASE_FILE} does not match the manifest: the backup is damaged.`);
  }
  for (const blob of manifest.blobs) {
    const path = join(backupDir, BLOBS_DIR, ...blob.key.split("/"));
    if (!existsSync(path) || (await sha256OfFile(path)) !== blob.sha256) {
      throw new RestoreError(`The stored file ${blob.key} is missing from the backup or damaged.`);
    }
  }
  for (const entry of manifest.dataFiles) {
    const existing = join(target.dataDir, entry);
    if (entry === "secrets.json" && existsSync(existing)) {
      const [mine, theirs] = await Promise.all([
        readFile(existing, "utf8"),
        readFile(join(backupDir, DATA_DIR_COPY, entry), "utf8"),
      ]);
      if (mine !== theirs) throw new RestoreError(`${existing} holds other secrets: restore into an empty DATA_DIR.`);
    }
  }

  await assertEmptyDatabase(target.databaseUrl);
  await promisify(execFile)(
    target.pgRestore ?? "pg_restore",
    ["--no-owner", "--no-privileges", "--exit-on-error", `--dbname=${target.databaseUrl}`, dumpPath],
    { maxBuffer: 16 * 1024 * 1024 },
  );
  for (const blob of manifest.blobs) {
    const stored = await target.storage.put(
      blob.key,
      createReadStream(join(backupDir, BLOBS_DIR, ...blob.key.split("/"))),
    );
    if (stored.sha256 !== blob.sha256) throw new RestoreError(`The stored file ${blob.key} changed while restoring.`);
  }
  for (const entry of manifest.dataFiles) {
    await cp(join(backupDir, DATA_DIR_COPY, entry), join(target.dataDir, entry), { recursive: true });
  }
  return manifest;
}
