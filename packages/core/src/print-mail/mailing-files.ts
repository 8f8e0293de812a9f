import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { type MailingScan, PRINT_MAIL_MESSAGES } from "@signet/contract";
import type { Actor } from "../actor.ts";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import type { CoreDeps } from "../core-deps.ts";
import { sniffUpload } from "../documents/pdf-intake.ts";
import { removeActiveContent } from "../documents/remove-active-content.ts";
import { AppError, notFound } from "../errors/app-error.ts";
import { findManageablePackage, findVisiblePackage, requireClosingCenterGrant } from "../packages/find-package.ts";
import { loadPackageAccess } from "../packages/package-access.ts";
import type { FileToSend } from "../signing/signing-files.ts";

interface MailingRef {
  organizationId: string;
  packageId: string;
  mailingId: string;
}

/** Scans are kept below the document upload limit the organization already accepts. */
const MAX_SCAN_BYTES = 50 * 1024 * 1024;

async function findMailing(deps: CoreDeps, pkg: { id: string; organizationId: string }, mailingId: string) {
  const mailing = await deps.db.mailing.findFirst({
    where: { id: mailingId, packageId: pkg.id, organizationId: pkg.organizationId },
  });
  if (!mailing) throw notFound(PRINT_MAIL_MESSAGES.mailingNotFound);
  return mailing;
}

/**
 * DOMAIN.md §9: a scan of the wet-signed papers is attached as a copy with its own SHA-256 (the
 * paper stays the original). Its type is read from its bytes; a PDF loses active content first.
 */
export async function uploadMailingScan(
  actor: Actor,
  input: MailingRef & {
    /** read after the mailing is found, so another organization's ids answer 404 before any upload check */
    file: () => Promise<{ fileName: string; bytes: Uint8Array }>;
    documentId?: string | null;
  },
  deps: CoreDeps,
): Promise<MailingScan> {
  const access = await loadPackageAccess(actor, input.organizationId, deps);
  // a closing center handles the paper when its share grants it
  const pkg = await findManageablePackage(deps.db, access, input.packageId, "MANAGE_PAPER");
  const mailing = await findMailing(deps, pkg, input.mailingId);
  const upload = await input.file();
  if (upload.bytes.length === 0) throw new AppError("BAD_REQUEST", PRINT_MAIL_MESSAGES.scanRequired);
  if (upload.bytes.length > MAX_SCAN_BYTES) throw new AppError("PAYLOAD_TOO_LARGE");
  let type: "pdf" | "png" | "jpeg";
  try {
    type = await sniffUpload(upload.bytes.subarray(0, 4100));
  } catch {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", PRINT_MAIL_MESSAGES.scanType);
  }
  const { bytes } = type === "pdf" ? await removeActiveContent(upload.bytes) : { bytes: upload.bytes };
  const contentType = { pdf: "application/pdf", png: "image/png", jpeg: "image/jpeg" }[type];
  const id = randomUUID();
  const key = `mailing-scans/${pkg.organizationId}/${mailing.id}/${id}.${type === "jpeg" ? "jpg" : type}`;
  const stored = await deps.storage.put(key, Readable.from([Buffer.from(bytes)]));
  const fileName = upload.fileName.replace(/[\\/\r\n]/g, "_").slice(0, 200) || `scan.${type}`;
  const scan = await deps.db.$transaction(async (tx) => {
    const created = await tx.mailingScan.create({
      data: {
        id,
        mailingId: mailing.id,
        organizationId: pkg.organizationId,
        documentId: input.documentId ?? null,
        fileName,
        contentType,
        blobKey: key,
        sha256: stored.sha256,
        sizeBytes: stored.size,
        uploadedById: actor.kind === "user" ? actor.userId : null,
      },
    });
    await appendAuditEvent(tx, actor, {
      organizationId: pkg.organizationId,
      streamType: "package",
      streamId: pkg.id,
      type: "package.mailing-scan-attached",
      data: { mailingId: mailing.id, scanId: id, sha256: stored.sha256, sizeBytes: stored.size, fileName },
    });
    return created;
  });
  return {
    id: scan.id,
    fileName: scan.fileName,
    contentType: scan.contentType,
    sha256: scan.sha256,
    sizeBytes: scan.sizeBytes,
    uploadedBy: null,
    createdAt: scan.createdAt.toISOString(),
  };
}

export async function downloadMailingScan(
  actor: Actor,
  input: MailingRef & { scanId: string },
  deps: CoreDeps,
): Promise<FileToSend> {
  const access = await loadPackageAccess(actor, input.organizationId, deps);
  const pkg = await findVisiblePackage(deps.db, access, input.packageId);
  requireClosingCenterGrant(pkg, "DOWNLOAD_DOCUMENTS");
  const mailing = await findMailing(deps, pkg, input.mailingId);
  const scan = await deps.db.mailingScan.findFirst({ where: { id: input.scanId, mailingId: mailing.id } });
  if (!scan) throw notFound(PRINT_MAIL_MESSAGES.scanNotFound);
  return { stream: await deps.storage.get(scan.blobKey), fileName: scan.fileName, contentType: scan.contentType };
}

export async function downloadPrintSet(actor: Actor, input: MailingRef, deps: CoreDeps): Promise<FileToSend> {
  const access = await loadPackageAccess(actor, input.organizationId, deps);
  const pkg = await findVisiblePackage(deps.db, access, input.packageId);
  requireClosingCenterGrant(pkg, "DOWNLOAD_DOCUMENTS");
  const mailing = await findMailing(deps, pkg, input.mailingId);
  if (!mailing.printSetBlobKey) throw notFound(PRINT_MAIL_MESSAGES.mailingNotFound);
  return {
    stream: await deps.storage.get(mailing.printSetBlobKey),
    fileName: `Print set - ${mailing.recipientName}.pdf`,
    contentType: "application/pdf",
  };
}
