import type { Readable } from "node:stream";
import { SIGNING_ADMIN_MESSAGES } from "@signet/contract";
import { ZipFile } from "yazl";
import type { Actor } from "../actor.ts";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import type { CoreDeps } from "../core-deps.ts";
import { AppError } from "../errors/app-error.ts";
import { findVisiblePackage, requireClosingCenterGrant } from "../packages/find-package.ts";
import { loadPackageAccess } from "../packages/package-access.ts";
import { describeUserRequester, issueDocumentCopy } from "../watermarks/issue-document-copy.ts";
import type { FileToSend } from "./signing-files.ts";

/** A name safe as one zip entry (no folders, no control characters) and as a download name. */
export function safeName(name: string): string {
  return (
    name
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
      .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]/g, "_")
      .replace(/^\.+/, "_")
      .trim()
      .slice(0, 150) || "document"
  );
}

/** Unique entry names: a second 'Note (sealed).pdf' becomes 'Note (sealed) (2).pdf'. */
function uniqueNames(names: string[]): string[] {
  const seen = new Map<string, number>();
  return names.map((name) => {
    const key = name.toLowerCase();
    const count = (seen.get(key) ?? 0) + 1;
    seen.set(key, count);
    return count === 1 ? name : name.replace(/(\.[^.]+)?$/, (extension) => ` (${count})${extension}`);
  });
}

/**
 * Issue 11 §4: every sealed document and the certificate of completion of a sealed package in one
 * zip, streamed from storage file by file (nothing is held in memory whole). Each file in it is
 * recorded as a copy issued, like a single download. A package that is not sealed yet answers 409.
 */
export async function sealedArtifactsZip(
  actor: Actor,
  input: { organizationId: string; packageId: string },
  deps: CoreDeps,
): Promise<FileToSend> {
  const access = await loadPackageAccess(actor, input.organizationId, deps);
  access.require("VIEW_DOCUMENTS_PACKAGES");
  const pkg = await findVisiblePackage(deps.db, access, input.packageId);
  requireClosingCenterGrant(pkg, "DOWNLOAD_DOCUMENTS");
  const artifacts = await deps.db.sealedArtifact.findMany({
    where: { packageId: pkg.id },
    orderBy: [{ kind: "asc" }, { sealedAt: "asc" }],
  });
  if (!pkg.sealedAt || artifacts.length === 0) throw new AppError("CONFLICT", SIGNING_ADMIN_MESSAGES.notSealedYet);

  // the copies are recorded before the bytes leave, as the single download does
  await deps.db.$transaction(async (tx) => {
    for (const artifact of artifacts) {
      await appendAuditEvent(tx, actor, {
        organizationId: pkg.organizationId,
        streamType: "package",
        streamId: pkg.id,
        type: "copy.issued",
        data: { artifactId: artifact.id, sha256: artifact.sha256, zip: true },
      });
    }
  });

  const names = uniqueNames(
    artifacts.map((artifact) =>
      artifact.kind === "CERTIFICATE"
        ? "certificate-of-completion.pdf"
        : artifact.contentType === "application/xml"
          ? `${safeName(artifact.name.replace(/\.xml$/i, ""))} (sealed).xml`
          : `${safeName(artifact.name.replace(/\.pdf$/i, ""))} (sealed).pdf`,
    ),
  );
  const requester = await describeUserRequester(actor, deps);
  const zip = new ZipFile();
  artifacts.forEach((artifact, index) => {
    // PDFs barely compress; storing them keeps the zip fast and the bytes identical. A deposited
    // package's files go in as watermarked copies (issue 15 §4), each made when its turn comes.
    zip.addReadStreamLazy(names[index]!, { mtime: artifact.sealedAt, compress: false }, (callback) => {
      issueDocumentCopy(
        actor,
        {
          pkg,
          documentType: artifact.kind === "CERTIFICATE" ? "CERTIFICATE" : "DOCUMENT",
          documentId: artifact.documentId ?? artifact.id,
          documentName: artifact.kind === "CERTIFICATE" ? "Certificate of completion" : artifact.name,
          ...requester,
          source: { open: () => deps.storage.get(artifact.blobKey) },
          auditData: { artifactId: artifact.id, zip: true },
        },
        deps,
      ).then(
        (copy) => callback(null, copy.stream),
        (error: unknown) => callback(error, undefined as unknown as NodeJS.ReadableStream),
      );
    });
  });
  // a file that cannot be read ends the download with an error instead of leaving it hanging
  zip.on("error", (error: Error) => (zip.outputStream as Readable).destroy(error));
  zip.end();
  return {
    stream: zip.outputStream,
    fileName: `${safeName(pkg.name)} (sealed).zip`,
    contentType: "application/zip",
  };
}
