import { Prisma } from "../db/generated/client.ts";
import type { Db } from "../db/prisma-client.ts";

/**
 * Every table whose rows point at a stored file (table, its key column, the blob key column). A
 * test reads the Prisma schema and fails when a `blobKey` column is missing here, so the storage
 * check and backups cannot overlook a new kind of file.
 */
export const BLOB_COLUMNS = [
  { table: "Document", key: "id", column: "blobKey" },
  { table: "ConsentDocument", key: "id", column: "blobKey" },
  { table: "StipUpload", key: "id", column: "blobKey" },
  { table: "SealedArtifact", key: "id", column: "blobKey" },
  { table: "DocumentTemplateVersion", key: "id", column: "blobKey" },
  { table: "PackageEDeposit", key: "packageId", column: "vaultAuditTrailBlobKey" },
  { table: "Mailing", key: "id", column: "printSetBlobKey" },
  { table: "MailingScan", key: "id", column: "blobKey" },
  { table: "AvRecordingChunk", key: "id", column: "blobKey" },
  { table: "AvRecording", key: "id", column: "blobKey" },
] as const;

export interface BlobReference {
  table: string;
  id: string;
  key: string;
}

/** Every stored file the database points at. */
export async function blobReferences(db: Db): Promise<BlobReference[]> {
  const references: BlobReference[] = [];
  for (const { table, key, column } of BLOB_COLUMNS) {
    const rows = await db.$queryRaw<{ id: string; key: string }[]>`
      SELECT ${Prisma.raw(`"${key}"`)}::text AS id, ${Prisma.raw(`"${column}"`)} AS key FROM ${Prisma.raw(`"${table}"`)}
      WHERE ${Prisma.raw(`"${column}"`)} IS NOT NULL`;
    for (const row of rows) references.push({ table, id: row.id, key: row.key });
  }
  return references;
}
