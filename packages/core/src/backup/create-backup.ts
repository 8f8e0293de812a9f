import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { createReadStream, createWriteStream, existsSync } from "node:fs";
import { cp, mkdir, readdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { pipeline } from "node:stream/promises";
import { promisify } from "node:util";
import type { Db } from "../db/prisma-client.ts";
import { assertBlobKey, type BlobStorage, hashingCounter } from "../storage/blob-storage.ts";
import {
  type BackupManifest,
  BLOBS_DIR,
  DATA_DIR_COPY,
  DATA_DIR_ENTRIES,
  DATABASE_FILE,
  MANIFEST_FILE,
} from "./backup-manifest.ts";

export interface BackupSources {
  db: Db;
  databaseUrl: string;
  storage: BlobStorage;
  dataDir: string;
  signetVersion: string;
  /** the pg_dump to run (PG_DUMP; default: the one on PATH, at least the server's major version) */
  pgDump?: string;
}

async function sha256OfFile(path: string): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash("sha256");
  let bytes = 0;
  for await (const chunk of createReadStream(path)) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { sha256: hash.digest("hex"), bytes };
}

/**
 * A backup of everything an installation holds (issue 18 §3) into an empty folder: the database as
 * one consistent pg_dump snapshot (custom format), then every stored file, then DATA_DIR's secrets
 * and development seal, and a manifest with the SHA-256 of each. The database is dumped first: a
 * file a row points at was stored before the row committed, so it is there when the files are
 * copied (a file deleted in between is what `checkStorage` reports after a restore).
 */
export async function createBackup(sources: BackupSources, outDir: string): Promise<BackupManifest> {
  await mkdir(outDir, { recursive: true });
  if ((await readdir(outDir)).length > 0) throw new Error(`${outDir} is not empty: a backup goes into an empty folder`);
  const createdAt = new Date().toISOString();
  const dumpPath = join(outDir, DATABASE_FILE);
  await promisify(execFile)(
    sources.pgDump ?? "pg_dump",
    ["--format=custom", "--no-owner", "--no-privileges", `--file=${dumpPath}`, `--dbname=${sources.databaseUrl}`],
    { maxBuffer: 16 * 1024 * 1024 },
  );
  const database = { file: DATABASE_FILE, ...(await sha256OfFile(dumpPath)) } as const;
  const [migration] = await sources.db.$queryRaw<{ migration_name: string }[]>`
    SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL ORDER BY finished_at DESC, migration_name DESC LIMIT 1`;

  const blobs: BackupManifest["blobs"] = [];
  for await (const key of sources.storage.list()) {
    if (key.startsWith("health/")) continue;
    assertBlobKey(key);
    const target = join(outDir, BLOBS_DIR, ...key.split("/"));
    await mkdir(dirname(target), { recursive: true });
    const counter = hashingCounter();
    await pipeline(await sources.storage.get(key), counter.transform, createWriteStream(target));
    const { sha256, size } = counter.result();
    blobs.push({ key, sha256, bytes: size });
  }

  const dataFiles: string[] = [];
  for (const entry of DATA_DIR_ENTRIES) {
    const source = join(sources.dataDir, entry);
    if (!existsSync(source)) continue;
    await cp(source, join(outDir, DATA_DIR_COPY, entry), { recursive: true });
    dataFiles.push(entry);
  }

  const manifest: BackupManifest = {
    format: 1,
    createdAt,
    signetVersion: sources.signetVersion,
    lastMigration: migration?.migration_name ?? null,
    database,
    blobs,
    dataFiles,
  };
  await writeFile(join(outDir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
  return manifest;
}
