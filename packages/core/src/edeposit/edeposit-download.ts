import type { Readable } from "node:stream";
import { EDEPOSIT_MESSAGES } from "@signet/contract";
import { ZipFile } from "yazl";
import type { Actor } from "../actor.ts";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import type { CoreDeps } from "../core-deps.ts";
import { AppError } from "../errors/app-error.ts";
import { findVisiblePackage, requireClosingCenterGrant } from "../packages/find-package.ts";
import { loadPackageAccess } from "../packages/package-access.ts";
import { readStream } from "../signing/read-stream.ts";
import { safeName } from "../signing/sealed-artifacts-zip.ts";
import type { FileToSend } from "../signing/signing-files.ts";
import { describeUserRequester, issueDocumentCopy } from "../watermarks/issue-document-copy.ts";

/** One zip entry name, numbered in deposit order. */
function entryName(name: string, role: string, index: number): string {
  const base = safeName(name).slice(0, 120);
  const extension = role === "ENOTE" ? ".xml" : /\.pdf$/i.test(base) ? "" : ".pdf";
  return `${String(index + 1).padStart(2, "0")} ${base}${extension}`;
}

/**
 * Issue 15 §3: what was deposited, as a zip — each file Signet sent the vault, the vault's own
 * audit trail, and manifest.json with each file's role, type, SHA-256 as deposited and the
 * vault's receipt. The download is recorded in the package's audit trail.
 */
export async function downloadEDeposit(
  actor: Actor,
  input: { organizationId: string; packageId: string },
  deps: CoreDeps,
): Promise<FileToSend> {
  const access = await loadPackageAccess(actor, input.organizationId, deps);
  access.require("VIEW_DOCUMENTS_PACKAGES");
  const pkg = await findVisiblePackage(deps.db, access, input.packageId);
  requireClosingCenterGrant(pkg, "DOWNLOAD_DOCUMENTS");
  const deposit = await deps.db.packageEDeposit.findUnique({
    where: { packageId: pkg.id },
    include: { items: { orderBy: { depositedAt: "asc" } }, eVault: { select: { name: true, url: true } } },
  });
  if (!deposit || deposit.items.length === 0) throw new AppError("CONFLICT", EDEPOSIT_MESSAGES.notDeposited);
  const artifacts = await deps.db.sealedArtifact.findMany({
    where: { id: { in: deposit.items.flatMap((item) => (item.artifactId ? [item.artifactId] : [])) } },
  });

  const requester = await describeUserRequester(actor, deps);
  const zip = new ZipFile();
  const manifest = {
    packageId: pkg.id,
    packageName: pkg.name,
    packageStatus: pkg.status,
    eVault: deposit.eVault,
    vaultTransactionId: deposit.vaultTransactionId,
    depositStatus: deposit.status,
    depositedAt: deposit.depositedAt?.toISOString() ?? null,
    vaultAuditTrail: deposit.vaultAuditTrailBlobKey
      ? { file: "vault-audit-trail.json", sha256: deposit.vaultAuditTrailSha256 }
      : null,
    files: [] as Record<string, unknown>[],
  };
  for (const [index, item] of deposit.items.entries()) {
    const artifact = artifacts.find((candidate) => candidate.id === item.artifactId);
    if (!artifact) continue;
    const name = entryName(item.name, item.role, index);
    // what leaves Signet is a copy: once the vault holds the authoritative one, a watermarked copy
    // (issue 15 §4); the manifest keeps the hash of what was deposited
    const copy = await issueDocumentCopy(
      actor,
      {
        pkg: { id: pkg.id, organizationId: pkg.organizationId, name: pkg.name, status: pkg.status },
        documentType: item.role === "ESIGN_AUDIT_TRAIL" ? "CERTIFICATE" : item.role === "ENOTE" ? "ENOTE" : "DOCUMENT",
        documentId: artifact.documentId ?? artifact.id,
        documentName: item.name,
        ...requester,
        source: { open: () => deps.storage.get(artifact.blobKey) },
        auditData: { artifactId: artifact.id, eDepositDownload: true },
      },
      deps,
    );
    const bytes = copy.bytes ?? (await readStream(copy.stream));
    zip.addBuffer(Buffer.from(bytes), name, { compress: item.role === "ENOTE" });
    manifest.files.push({
      watermarkedCopy: copy.watermarked,
      file: name,
      role: item.role,
      documentType: item.documentType,
      sha256AsDeposited: item.sha256,
      receiptId: item.receiptId,
      depositedAt: item.depositedAt.toISOString(),
    });
  }
  if (deposit.vaultAuditTrailBlobKey) {
    zip.addBuffer(
      Buffer.from(await readStream(await deps.storage.get(deposit.vaultAuditTrailBlobKey))),
      "vault-audit-trail.json",
    );
  }
  zip.addBuffer(Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`), "manifest.json");
  zip.on("error", (error: Error) => (zip.outputStream as Readable).destroy(error));
  zip.end();

  await deps.db.$transaction((tx) =>
    appendAuditEvent(tx, actor, {
      organizationId: pkg.organizationId,
      streamType: "package",
      streamId: pkg.id,
      type: "package.edeposit-downloaded",
      data: { files: manifest.files.length },
    }),
  );
  return {
    stream: zip.outputStream,
    fileName: `${safeName(pkg.name)} (eDeposit).zip`,
    contentType: "application/zip",
  };
}
