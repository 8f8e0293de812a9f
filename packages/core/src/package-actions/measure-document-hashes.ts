import { createHash } from "node:crypto";
import type { Prisma } from "../db/generated/client.ts";
import type { Db } from "../db/prisma-client.ts";
import { AppError } from "../errors/app-error.ts";
import { BlobNotFoundError, type BlobStorage } from "../storage/blob-storage.ts";

/** What sha256AtSend holds when the stored file was gone at send (never a hex hash, so never a match). */
export const MISSING_AT_SEND = "missing";

/** Each document's SHA-256 as stored, by document id, with the blob it was read from. */
export type MeasuredHashes = ReadonlyMap<string, { blobKey: string; sha256: string }>;

const SENT_DOCUMENTS_CHANGED =
  "The package's documents changed while it was being sent. Nothing was sent: send it again.";

/**
 * Each document's SHA-256 measured on the stored file as the package is sent (DOMAIN.md §4): a file
 * changed in storage after upload then differs from the hash taken at upload, and the certificate
 * and the verification say so. A file that cannot be read is recorded as missing. Read BEFORE the
 * send's transaction: storage I/O (seconds for large files on object storage) never runs while a
 * transaction holds the package's row and a database connection.
 */
export async function measureDocumentHashes(
  db: Db,
  storage: BlobStorage,
  where: { organizationId: string; packageId: string },
): Promise<MeasuredHashes> {
  const documents = await db.document.findMany({
    where: { packageId: where.packageId, package: { organizationId: where.organizationId } },
    select: { id: true, blobKey: true },
  });
  const measured = new Map<string, { blobKey: string; sha256: string }>();
  for (const document of documents) {
    const hash = createHash("sha256");
    try {
      for await (const chunk of (await storage.get(document.blobKey)) as AsyncIterable<Buffer>) hash.update(chunk);
      measured.set(document.id, { blobKey: document.blobKey, sha256: hash.digest("hex") });
    } catch (error) {
      if (!(error instanceof BlobNotFoundError)) throw error;
      measured.set(document.id, { blobKey: document.blobKey, sha256: MISSING_AT_SEND });
    }
  }
  return measured;
}

/** The package's documents as the transaction sees them, when `measured` holds each of them as it is. */
async function documentsMeasured(tx: Prisma.TransactionClient, packageId: string, measured: MeasuredHashes) {
  const documents = await tx.document.findMany({ where: { packageId }, select: { id: true, blobKey: true } });
  const covered = documents.every((document) => measured.get(document.id)?.blobKey === document.blobKey);
  return covered ? documents : null;
}

/** True when `measured` still describes every document of the package (none added or replaced since). */
export async function hashesStillCurrent(tx: Prisma.TransactionClient, packageId: string, measured: MeasuredHashes) {
  return (await documentsMeasured(tx, packageId, measured)) !== null;
}

/** Records the hashes measured before the transaction; a document added or replaced since is a 409. */
export async function recordHashesAtSend(tx: Prisma.TransactionClient, packageId: string, measured: MeasuredHashes) {
  const documents = await documentsMeasured(tx, packageId, measured);
  if (!documents) throw new AppError("CONFLICT", SENT_DOCUMENTS_CHANGED);
  for (const document of documents) {
    await tx.document.update({
      where: { id: document.id },
      data: { sha256AtSend: measured.get(document.id)!.sha256 },
    });
  }
}
