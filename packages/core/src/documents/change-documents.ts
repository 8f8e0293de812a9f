import {
  changingExecutionTypeClearsTags,
  DOCUMENT_API_MESSAGES,
  DOCUMENT_MESSAGES,
  type Document,
  type DocumentList,
  type DocumentsOrder,
  type UpdateDocument,
  uniqueDocumentName,
} from "@signet/contract";
import type { Actor } from "../actor.ts";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import { isUniqueViolation } from "../concurrency/versioned-write.ts";
import type { CoreDeps } from "../core-deps.ts";
import { AppError, notFound } from "../errors/app-error.ts";
import { claimStartedPackage, findManageablePackage } from "../packages/find-package.ts";
import { loadPackageAccess, packageVersionConflict } from "../packages/package-access.ts";
import { tagRemovalNeedsConfirmation } from "../tags/tag-removal.ts";
import { documentNameKey, documentNameTaken, documentNotFound, documentOrder, toDocument } from "./document-views.ts";

interface DocumentRef {
  organizationId: string;
  packageId: string;
  documentId: string;
}

/**
 * Renames a document or changes its execution type, at the document's version, while the package
 * is STARTED (its version is bumped). Leaving E-Sign deletes the document's tags (spec §4), only
 * with confirmTagRemoval; without it nothing changes and the answer says how many would go.
 */
export async function updateDocument(
  actor: Actor,
  input: UpdateDocument & DocumentRef,
  deps: CoreDeps,
): Promise<Document> {
  const { organizationId, packageId, documentId, version, name, executionType, confirmTagRemoval } = input;
  const access = await loadPackageAccess(actor, organizationId, deps);
  await findManageablePackage(deps.db, access, packageId);
  const row = await deps.db
    .$transaction(async (tx) => {
      const packageVersion = await claimStartedPackage(tx, organizationId, packageId);
      const current = await tx.document.findFirst({ where: { id: documentId, packageId } });
      if (!current) throw documentNotFound();
      if (current.version !== version) throw packageVersionConflict();
      if (name !== undefined) {
        const others = await tx.document.findMany({
          where: { packageId, id: { not: documentId } },
          select: { name: true },
        });
        if (
          uniqueDocumentName(
            others.map((other) => other.name),
            name,
          )
        )
          throw documentNameTaken();
      }
      let deletedTags = 0;
      if (executionType !== undefined && changingExecutionTypeClearsTags(current.executionType, executionType)) {
        const tags = await tx.tag.count({ where: { documentId } });
        if (tags > 0 && !confirmTagRemoval) throw tagRemovalNeedsConfirmation(tags);
        deletedTags = (await tx.tag.deleteMany({ where: { documentId } })).count;
      }
      const { count } = await tx.document.updateMany({
        where: { id: documentId, packageId, version },
        data: {
          ...(name === undefined ? {} : { name, nameKey: documentNameKey(name) }),
          ...(executionType === undefined ? {} : { executionType }),
          version: { increment: 1 },
        },
      });
      if (count === 0) throw packageVersionConflict();
      const updated = await tx.document.findUniqueOrThrow({ where: { id: documentId } });
      await appendAuditEvent(tx, actor, {
        organizationId,
        streamType: "package",
        streamId: packageId,
        type: "document.updated",
        data: {
          packageVersion,
          documentId,
          sha256: updated.sha256,
          changes: { name, executionType },
          from: { name: current.name, executionType: current.executionType },
          deletedTags,
        },
      });
      return updated;
    })
    .catch((error: unknown) => {
      throw isUniqueViolation(error) ? documentNameTaken() : error;
    });
  return toDocument(row);
}

/**
 * Deletes a document and its blob, at the document's version, while the package is STARTED.
 * 404 'Delete unsuccessful as file not found.' when the row or the blob is gone; in that case
 * nothing changes (the blob is removed last, inside the transaction, so a missing blob rolls the
 * row's deletion back).
 */
export async function deleteDocument(
  actor: Actor,
  input: DocumentRef & { version: number },
  deps: CoreDeps,
): Promise<void> {
  const { organizationId, packageId, documentId, version } = input;
  const access = await loadPackageAccess(actor, organizationId, deps);
  await findManageablePackage(deps.db, access, packageId);
  const fileNotFound = () => notFound(DOCUMENT_MESSAGES.deleteNotFound);
  await deps.db.$transaction(async (tx) => {
    const packageVersion = await claimStartedPackage(tx, organizationId, packageId);
    const current = await tx.document.findFirst({ where: { id: documentId, packageId } });
    if (!current) throw fileNotFound();
    if (current.version !== version) throw packageVersionConflict();
    const { count } = await tx.document.deleteMany({ where: { id: documentId, packageId, version } });
    if (count === 0) throw packageVersionConflict();
    // the invitation no longer attaches a document that is gone
    await tx.package.updateMany({
      where: { id: packageId, emailDocumentId: documentId },
      data: { emailDocumentId: null },
    });
    await appendAuditEvent(tx, actor, {
      organizationId,
      streamType: "package",
      streamId: packageId,
      type: "document.deleted",
      data: { packageVersion, documentId, name: current.name, sha256: current.sha256 },
    });
    if (!(await deps.storage.delete(current.blobKey))) throw fileNotFound();
  });
}

/** Sets the order of the package's documents (each once), at the package's version. */
export async function setDocumentsOrder(
  actor: Actor,
  input: DocumentsOrder & { organizationId: string; packageId: string },
  deps: CoreDeps,
): Promise<DocumentList> {
  const { organizationId, packageId, documentIds } = input;
  const access = await loadPackageAccess(actor, organizationId, deps);
  await findManageablePackage(deps.db, access, packageId);
  const rows = await deps.db.$transaction(async (tx) => {
    const packageVersion = await claimStartedPackage(tx, organizationId, packageId, input.version);
    const current = await tx.document.findMany({
      where: { packageId },
      select: { id: true, orderSequence: true, sha256: true },
    });
    if (current.length === 0) throw notFound(DOCUMENT_API_MESSAGES.noDocumentInPackage);
    const named = new Set(documentIds);
    if (
      named.size !== documentIds.length ||
      named.size !== current.length ||
      !current.every((document) => named.has(document.id))
    ) {
      throw new AppError("BAD_REQUEST", DOCUMENT_API_MESSAGES.orderMustListEveryDocument);
    }
    const before = new Map(current.map((document) => [document.id, document.orderSequence]));
    for (const [index, id] of documentIds.entries()) {
      if (before.get(id) === index + 1) continue;
      await tx.document.update({ where: { id }, data: { orderSequence: index + 1, version: { increment: 1 } } });
    }
    const hashes = new Map(current.map((document) => [document.id, document.sha256]));
    await appendAuditEvent(tx, actor, {
      organizationId,
      streamType: "package",
      streamId: packageId,
      type: "documents.reordered",
      data: { packageVersion, order: documentIds.map((id) => ({ documentId: id, sha256: hashes.get(id) })) },
    });
    return tx.document.findMany({ where: { packageId }, orderBy: documentOrder });
  });
  return { records: rows.map(toDocument), count: rows.length };
}
