import type { Document, DocumentList, DocumentNumPages } from "@signet/contract";
import type { Actor } from "../actor.ts";
import type { CoreDeps } from "../core-deps.ts";
import { findVisiblePackage, requireClosingCenterGrant } from "../packages/find-package.ts";
import { loadPackageAccess } from "../packages/package-access.ts";
import { BlobNotFoundError } from "../storage/blob-storage.ts";
import { describeUserRequester, issueDocumentCopy } from "../watermarks/issue-document-copy.ts";
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
  const pkg = await findVisiblePackage(deps.db, access, input.packageId);
  requireClosingCenterGrant(pkg, "DOWNLOAD_DOCUMENTS");
  const row = await findPackageDocument(deps.db, input.packageId, input.documentId);
  try {
    // a deposited package's documents leave only as watermarked copies (issue 15 §4)
    const copy = await issueDocumentCopy(
      actor,
      {
        pkg,
        documentType: "DOCUMENT",
        documentId: row.id,
        documentName: row.name,
        ...(await describeUserRequester(actor, deps)),
        source: { open: () => deps.storage.get(row.blobKey) },
      },
      deps,
    );
    // an eNote (issue 15 §5) leaves as its XML
    const eNote = row.format === "SMART_DOC";
    return {
      stream: copy.stream,
      fileName: eNote ? safeDownloadName(row.name).replace(/\.pdf$/i, ".xml") : safeDownloadName(row.name),
      utf8FileName: `${row.name}.${eNote ? "xml" : "pdf"}`,
      sizeBytes: copy.watermarked ? copy.bytes.length : row.sizeBytes,
      contentType: eNote ? "application/xml" : "application/pdf",
    };
  } catch (error) {
    if (error instanceof BlobNotFoundError) throw documentNotFound();
    throw error;
  }
}
