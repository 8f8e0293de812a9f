// `pnpm backup <command>`: backup and restore of an installation (issue 18 §3;
// docs/operations/backup-and-restore.md). It reads the same environment as the API (DATABASE_URL,
// DATA_DIR, S3_*).
//   create <folder>    the database (pg_dump), every stored file, DATA_DIR's secrets and seal
//   restore <folder>   into an empty database and file store; then the storage check
//   check              rows whose file is missing, and files no row points at
import { resolve } from "node:path";
import {
  ConfigError,
  checkStorage,
  createBackup,
  createBlobStorage,
  createPrismaClient,
  loadConfig,
  RestoreError,
  restoreBackup,
  type StorageCheck,
} from "@signet/core";

const USAGE = "Usage: pnpm backup create <folder> | restore <folder> | check";

function report(check: StorageCheck): number {
  console.log(`  ${check.rows} rows point at files; ${check.files} files stored.`);
  for (const missing of check.missingFiles) {
    console.log(`  missing file: ${missing.table} ${missing.id} → ${missing.key}`);
  }
  for (const orphan of check.orphanFiles) console.log(`  file without a row: ${orphan}`);
  const problems = check.missingFiles.length + check.orphanFiles.length;
  console.log(problems === 0 ? "  The database and the file store agree." : `  ${problems} problem(s) found.`);
  return problems === 0 ? 0 : 1;
}

async function main(command: string | undefined, folder: string | undefined): Promise<number> {
  if (!command || !["create", "restore", "check"].includes(command) || (command !== "check" && !folder)) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig(process.env);
  if (!config.DATABASE_URL) {
    throw new ConfigError(
      "Set DATABASE_URL. The embedded default keeps everything under DATA_DIR: stop Signet and copy that folder instead.",
    );
  }
  const cwd = process.env.INIT_CWD ?? process.cwd();
  const dataDir = resolve(cwd, config.DATA_DIR);
  const storage = createBlobStorage(config, dataDir);
  const db = createPrismaClient(config.DATABASE_URL, { max: 2 });
  try {
    if (command === "create") {
      const manifest = await createBackup(
        {
          db,
          databaseUrl: config.DATABASE_URL,
          storage,
          dataDir,
          signetVersion: config.BUILD_VERSION,
          ...(process.env.PG_DUMP ? { pgDump: process.env.PG_DUMP } : {}),
        },
        resolve(cwd, folder!),
      );
      console.log(
        `  Backed up the database (${manifest.database.bytes} bytes, migration ${manifest.lastMigration}), ${manifest.blobs.length} files and ${manifest.dataFiles.join(", ") || "no DATA_DIR files"}.`,
      );
      return 0;
    }
    if (command === "restore") {
      const manifest = await restoreBackup(resolve(cwd, folder!), {
        databaseUrl: config.DATABASE_URL,
        storage,
        dataDir,
        ...(process.env.PG_RESTORE ? { pgRestore: process.env.PG_RESTORE } : {}),
      });
      console.log(`  Restored the backup of ${manifest.createdAt}. Checking the file store:`);
    }
    return report(await checkStorage({ db, storage }));
  } finally {
    await db.$disconnect();
  }
}

try {
  process.exitCode = await main(process.argv[2], process.argv[3]);
} catch (error) {
  console.error(error instanceof ConfigError || error instanceof RestoreError ? error.message : error);
  process.exitCode = 1;
}
