import type { Document, DocumentList, DocumentNumPages } from "@signet/contract";
import type { Actor } from "../actor.ts";
import type { CoreDeps } from "../core-deps.ts";
import { findVisiblePackage } from "../packages/find-package.ts";
import { loadPackageAccess } from "../packages/package-access.ts";
import { BlobNotFoundError } from "../storage/blob-storage.ts";
import { documentNotFound, documentOrder, findPackageDocument, toDocument } from "./document-views.ts";

interface PackageRef {
  organizationId: string;
  packageId: string;
}

/** The package's documents in order (for anyone who sees the package). */
export async function listDocuments(actor: Actor, input: PackageRef, deps: CoreDeps): Promise<DocumentList> {
  const access = await loadPackageAccess(actor, input.organizationId, deps);
  await findVisiblePackage(deps.db, access, input.packageId);
  const rows = await deps.db.document.findMany({ where: { packageId: input.packageId }, orderBy: documentOrder });
  return { records: rows.map(toDocument), count: rows.length };
}

export async function getDocument(
  actor: Actor,
  input: PackageRef & { documentId: string },
  deps: CoreDeps,
): Promise<Document> {
  const access = await loadPackageAccess(actor, input.organizationId, deps);
  await findVisiblePackage(deps.db, access, input.packageId);
  return toDocument(await findPackageDocument(deps.db, input.packageId, input.documentId));
}

export async function getDocumentNumPages(
  actor: Actor,
  input: PackageRef & { documentId: string },
  deps: CoreDeps,
): Promise<DocumentNumPages> {
  const document = await getDocument(actor, input, deps);
  return { numPages: document.numPages };
}

/** ASCII-only file name for Content-Disposition: letters, digits, space, '.', '_', '-' and '()'. */
export function safeDownloadName(name: string): string {
  const cleaned = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9 ._()-]+/g, "_")
    .replace(/^[ .]+|[ .]+$/g, "")
    .slice(0, 150);
  const base = cleaned === "" ? "document" : cleaned;
  return base.toLowerCase().endsWith(".pdf") ? base : `${base}.pdf`;
}

/** The stored PDF as a stream with the name to offer; 404 when the row or the blob is gone. */
export async function openDocumentFile(actor: Actor, input: PackageRef & { documentId: string }, deps: CoreDeps) {
  const access = await loadPackageAccess(actor, input.organizationId, deps);
  await findVisiblePackage(deps.db, access, input.packageId);
  const row = await findPackageDocument(deps.db, input.packageId, input.documentId);
  try {
    const stream = await deps.storage.get(row.blobKey);
    return {
      stream,
      fileName: safeDownloadName(row.name),
      utf8FileName: `${row.name}.pdf`,
      sizeBytes: row.sizeBytes,
      contentType: "application/pdf" as const,
    };
  } catch (error) {
    if (error instanceof BlobNotFoundError) throw documentNotFound();
    throw error;
  }
}
