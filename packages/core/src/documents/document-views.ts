import {
  DOCUMENT_API_MESSAGES,
  DOCUMENT_CONTENT_TYPE,
  DOCUMENT_MESSAGES,
  type Document,
  SMART_DOC_CONTENT_TYPE,
} from "@signet/contract";
import type { Document as DocumentRow, Prisma } from "../db/generated/client.ts";
import type { Db } from "../db/prisma-client.ts";
import { AppError, notFound } from "../errors/app-error.ts";

type Reader = Db | Prisma.TransactionClient;

export function toDocument(row: DocumentRow): Document {
  return {
    id: row.id,
    packageId: row.packageId,
    name: row.name,
    executionType: row.executionType,
    orderSequence: row.orderSequence,
    contentType: row.format === "SMART_DOC" ? SMART_DOC_CONTENT_TYPE : DOCUMENT_CONTENT_TYPE,
    format: row.format,
    eNoteMin: row.eNoteMin,
    sizeBytes: row.sizeBytes,
    sha256: row.sha256,
    originalSha256: row.originalSha256,
    activeContentRemoved: row.activeContentRemoved,
    numPages: row.numPages,
    originalFileName: row.originalFileName,
    uploadedBy: row.uploadedById,
    createdAt: row.createdAt.toISOString(),
    version: row.version,
  };
}

/** Package order, then upload order. */
export const documentOrder = [{ orderSequence: "asc" as const }, { createdAt: "asc" as const }];

/** Names are unique per package: trimmed, case-insensitive (as uniqueDocumentName compares). */
export const documentNameKey = (name: string) => name.trim().toLocaleLowerCase("en");

export const documentNotFound = () => notFound(DOCUMENT_API_MESSAGES.documentNotFound);
export const documentNameTaken = () => new AppError("CONFLICT", DOCUMENT_MESSAGES.nameMustBeUnique);

/** A document of this (already checked) package, or 404. */
/** A document of the package; `missing` names the refusal in the caller's words (tags say theirs, spec §8). */
export async function findPackageDocument(
  db: Reader,
  packageId: string,
  documentId: string,
  missing: () => Error = documentNotFound,
): Promise<DocumentRow> {
  const row = await db.document.findFirst({ where: { id: documentId, packageId } });
  if (!row) throw missing();
  return row;
}
