import { DOCUMENT_API_MESSAGES, PACKAGE_MESSAGES, uniqueDocumentName } from "@signet/contract";
import type { CoreDeps } from "../core-deps.ts";
import type { Prisma } from "../db/generated/client.ts";
import { AppError } from "../errors/app-error.ts";
import { packageConflict, packageNotFound } from "../packages/package-access.ts";
import { documentNameKey, documentNameTaken } from "./document-views.ts";

// Issue 37 §6: the rules a document passes to enter a package, whichever way it comes — an upload,
// a SMART Doc eNote, a document or package template's copy, a template imported from an archive.
// Before this module each path kept its own subset, and a template's copy skipped the size limit a
// lowered MAX_UPLOAD_BYTES puts on uploads. What only one kind of file can have (a PDF's active
// content, an eNote's XML) stays with the path that reads that file.

export interface IncomingDocument {
  name: string;
  /** the file's size as it arrives (an upload before any conversion, a template's stored copy) */
  receivedBytes: number;
  format: "PDF" | "SMART_DOC";
}

/**
 * What a name that is already in the package does: an upload or eNote is refused (the sender named
 * it), a template's copy is numbered ('Deed (2)') so a template can be added twice.
 */
export type NameClash = "refuse" | "number";

export interface AdmittedDocument {
  name: string;
  nameKey: string;
  orderSequence: number;
}

export const oneENotePerPackage = () => new AppError("CONFLICT", DOCUMENT_API_MESSAGES.oneENotePerPackage);

/**
 * Checks documents entering a package inside the transaction that writes them: the package is
 * still being prepared (STARTED, not scheduled), each file is within MAX_UPLOAD_BYTES, an eNote is
 * the package's only one and not in a template, and each name is unique in the package. Returns
 * each document's name, its key and its place after the package's last document.
 */
export async function admitDocuments(
  tx: Prisma.TransactionClient,
  deps: Pick<CoreDeps, "config">,
  target: { organizationId: string; packageId: string },
  incoming: readonly IncomingDocument[],
  nameClash: NameClash,
): Promise<AdmittedDocument[]> {
  const { organizationId, packageId } = target;
  const pkg = await tx.package.findFirst({
    where: { id: packageId, organizationId },
    select: { status: true, sentAt: true, templateKind: true },
  });
  if (!pkg) throw packageNotFound();
  if (pkg.status !== "STARTED") throw packageConflict(PACKAGE_MESSAGES.notEditable);
  if (pkg.sentAt !== null) throw packageConflict(PACKAGE_MESSAGES.scheduledNotEditable);
  if (incoming.length === 0) return [];
  if (incoming.some((document) => document.receivedBytes > deps.config.MAX_UPLOAD_BYTES))
    throw new AppError("PAYLOAD_TOO_LARGE");

  const existing = await tx.document.findMany({
    where: { packageId },
    select: { name: true, format: true, orderSequence: true },
  });
  const eNotes = incoming.filter((document) => document.format === "SMART_DOC").length;
  if (eNotes > 0) {
    // a template is copied into many packages; an eNote is one note of one loan
    if (pkg.templateKind !== null) throw new AppError("CONFLICT", DOCUMENT_API_MESSAGES.eNoteNotInTemplates);
    if (eNotes > 1 || existing.some((document) => document.format === "SMART_DOC")) throw oneENotePerPackage();
  }

  const names = existing.map((document) => document.name);
  const taken = new Set(names.map(documentNameKey));
  let order = existing.reduce((max, document) => Math.max(max, document.orderSequence), 0);
  return incoming.map((document) => {
    let name = document.name.trim();
    if (nameClash === "refuse") {
      if (uniqueDocumentName(names, document.name)) throw documentNameTaken();
      name = document.name;
    } else {
      for (let n = 2; taken.has(documentNameKey(name)); n++) name = `${document.name.trim()} (${n})`;
    }
    names.push(name);
    taken.add(documentNameKey(name));
    order += 1;
    return { name, nameKey: documentNameKey(name), orderSequence: order };
  });
}

/** admitDocuments for one document. */
export async function admitDocument(
  tx: Prisma.TransactionClient,
  deps: Pick<CoreDeps, "config">,
  target: { organizationId: string; packageId: string },
  incoming: IncomingDocument,
  nameClash: NameClash,
): Promise<AdmittedDocument> {
  const [admitted] = await admitDocuments(tx, deps, target, [incoming], nameClash);
  return admitted as AdmittedDocument;
}
