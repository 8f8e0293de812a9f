/** What a backup folder holds (manifest.json), checked again file by file on restore. */
export interface BackupManifest {
  format: 1;
  createdAt: string;
  signetVersion: string;
  /** the last migration applied to the database that was dumped */
  lastMigration: string | null;
  database: { file: "database.dump"; sha256: string; bytes: number };
  blobs: { key: string; sha256: string; bytes: number }[];
  /** files of DATA_DIR kept with it: the generated secrets and the development seal */
  dataFiles: string[];
}

export const MANIFEST_FILE = "manifest.json";
export const DATABASE_FILE = "database.dump";
export const BLOBS_DIR = "blobs";
export const DATA_DIR_COPY = "data";
/** What of DATA_DIR belongs in a backup (the blobs are copied through the storage, the database dumped). */
export const DATA_DIR_ENTRIES = ["secrets.json", "seal"];
