import { createHash, randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import {
  type ActiveContentKind,
  DOCUMENT_API_MESSAGES,
  type Document,
  documentPropertiesSchema,
  PACKAGE_MESSAGES,
} from "@signet/contract";
import type { Actor } from "../actor.ts";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import { isUniqueViolation } from "../concurrency/versioned-write.ts";
import type { CoreDeps } from "../core-deps.ts";
import { uploadSmartDoc } from "../enote/upload-smart-doc.ts";
import { AppError } from "../errors/app-error.ts";
import { claimStartedPackage, findManageablePackage } from "../packages/find-package.ts";
import { loadPackageAccess, packageConflict } from "../packages/package-access.ts";
import type { BlobStorage } from "../storage/blob-storage.ts";
import { admitDocument } from "./admit-document.ts";
import { documentNameTaken, toDocument } from "./document-views.ts";
import {
  imageToPdf,
  inspectPdf,
  inspectPdfCopy,
  loadUploadedPdf,
  pagesOf,
  SNIFF_BYTES,
  type SniffedDocumentType,
  sniffDocumentUpload,
} from "./pdf-intake.ts";
import { removeActiveContentFrom } from "./remove-active-content.ts";
import { SparsePdfCopy } from "./sparse-pdf-copy.ts";

/** One part of a multipart upload, as the HTTP layer hands it over (in arrival order). */
export type UploadPart =
  | {
      type: "file";
      fieldName: string;
      fileName: string;
      stream: NodeJS.ReadableStream;
      /** true when the size limit cut the stream short */
      truncated(): boolean;
      /** reads past the part's bytes to reach the following parts; rejects (a 400) when the body breaks in it */
      skip(): Promise<void>;
    }
  | { type: "field"; fieldName: string; value: string };

export const UPLOAD_FILE_PART = "contents";
export const UPLOAD_PROPERTIES_PART = "documentProperties";

/** Keys of a package's blobs: documents/{organizationId}/{packageId}/{uuid}.pdf */
export const documentBlobKey = (organizationId: string, packageId: string) =>
  `documents/${organizationId}/${packageId}/${randomUUID()}.pdf`;

/**
 * The bytes of `source`, sniffing the first SNIFF_BYTES as they pass: fails with 415 as soon as
 * they are not a PDF, PNG or JPEG, so a renamed executable is refused without storing it whole.
 * A PDF's bytes also fill `copy` as they pass (what its checks parse), in the same pass that
 * hashes and stores them; `ended` is called once the last byte has passed.
 */
async function* sniffed(
  source: AsyncIterable<Buffer | string>,
  found: { type: SniffedDocumentType | null },
  copy: SparsePdfCopy,
  ended: () => void,
) {
  const iterator = source[Symbol.asyncIterator]();
  const head: Buffer[] = [];
  let kept = 0;
  const sniff = async () => {
    try {
      found.type = await sniffDocumentUpload(Buffer.concat(head));
    } catch (error) {
      // read the rest of the part without keeping it (the size limit bounds it), so the request
      // ends cleanly and the connection stays usable
      while (!(await iterator.next()).done) {}
      throw error;
    }
  };
  while (true) {
    const next = await iterator.next();
    if (next.done) break;
    const chunk = typeof next.value === "string" ? Buffer.from(next.value) : next.value;
    if (found.type === null) {
      const slice = chunk.subarray(0, SNIFF_BYTES - kept);
      head.push(slice);
      kept += slice.length;
      if (kept >= SNIFF_BYTES) await sniff();
    }
    if (found.type === null || found.type === "pdf") copy.push(chunk);
    yield chunk;
  }
  if (found.type === null && kept > 0) await sniff();
  ended();
}

/**
 * A stored blob of known size read back into one buffer: no list of chunk copies joined at the end,
 * which held the file twice (100 MB for a 50 MB upload) at its peak.
 */
async function readBlob(stream: NodeJS.ReadableStream, size: number): Promise<Buffer> {
  const bytes = Buffer.allocUnsafe(size);
  let filled = 0;
  for await (const chunk of stream) {
    const part = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
    if (filled + part.length > size) throw new Error("The stored upload is larger than what was stored.");
    bytes.set(part, filled);
    filled += part.length;
  }
  if (filled !== size) throw new Error("The stored upload is shorter than what was stored.");
  return bytes;
}

/** Default name: the file name without its folders and extension ('Document' when nothing is left). */
export function defaultDocumentName(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? "";
  const dot = base.lastIndexOf(".");
  const name = (dot > 0 ? base.slice(0, dot) : base).trim().slice(0, 255);
  return name === "" ? "Document" : name;
}

function parseProperties(raw: string | undefined) {
  if (raw === undefined || raw.trim() === "") return {};
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new AppError("BAD_REQUEST", DOCUMENT_API_MESSAGES.invalidProperties);
  }
  const parsed = documentPropertiesSchema.safeParse(json);
  if (!parsed.success) {
    const details = parsed.error.issues.map((issue) => ({
      path: [UPLOAD_PROPERTIES_PART, ...issue.path.map(String)].join("."),
      message: issue.message,
    }));
    throw new AppError("BAD_REQUEST", details[0]?.message ?? DOCUMENT_API_MESSAGES.invalidProperties, details);
  }
  return parsed.data;
}

async function removeQuietly(storage: BlobStorage, keys: Iterable<string>) {
  for (const key of keys) await storage.delete(key).catch(() => false);
}

/**
 * Spec §5 upload: the file part is streamed into storage (cut at MAX_UPLOAD_BYTES → 413), sniffed
 * by its magic bytes (PDF, PNG, JPEG, else 415), parsed with pdf-lib (encrypted or unreadable →
 * 415); images become a one-page PDF; active content is removed from PDFs (issue 10 §3: the upload
 * as sent is then not kept, only its hash). The document row is then written with its SHA-256 and page
 * count, its name unique in the package, and the package version bumped; on any failure no blob
 * and no row is left.
 */
export async function uploadDocument(
  actor: Actor,
  input: { organizationId: string; packageId: string; parts: AsyncIterable<UploadPart> },
  deps: CoreDeps,
): Promise<Document> {
  const { organizationId, packageId } = input;
  const { storage } = deps;
  const access = await loadPackageAccess(actor, organizationId, deps);
  const found = await findManageablePackage(deps.db, access, packageId, "UPLOAD_DOCUMENTS");
  if (found.status !== "STARTED") throw packageConflict(PACKAGE_MESSAGES.notEditable);

  const written = new Set<string>();
  try {
    let upload: {
      key: string;
      fileName: string;
      size: number;
      sha256: string;
      type: SniffedDocumentType | null;
      /** the checks of a PDF's copy (inspectPdfCopy), started as soon as its last byte arrived */
      settled: Promise<Awaited<ReturnType<typeof inspectPdfCopy>>>;
      copy: SparsePdfCopy;
    } | null = null;
    let rawProperties: string | undefined;
    for await (const part of input.parts) {
      if (part.type === "field") {
        if (part.fieldName === UPLOAD_PROPERTIES_PART) rawProperties = part.value;
        continue;
      }
      if (part.fieldName !== UPLOAD_FILE_PART || upload !== null) {
        await part.skip();
        continue;
      }
      const key = documentBlobKey(organizationId, packageId);
      const found: { type: SniffedDocumentType | null } = { type: null };
      // one byte over the limit is enough to tell a file too large
      const copy = new SparsePdfCopy(deps.config.MAX_UPLOAD_BYTES + 1);
      written.add(key);
      // the checks parse the copy while the storage still writes and syncs the file (never rejects)
      let settled: Promise<Awaited<ReturnType<typeof inspectPdfCopy>>> = Promise.resolve(null);
      const ended = () => {
        if (found.type === "pdf" && !part.truncated()) settled = inspectPdfCopy(copy);
      };
      const stored = await storage.put(key, sniffed(part.stream as AsyncIterable<Buffer | string>, found, copy, ended));
      if (part.truncated() || stored.size > deps.config.MAX_UPLOAD_BYTES) throw new AppError("PAYLOAD_TOO_LARGE");
      upload = {
        key,
        fileName: part.fileName,
        size: stored.size,
        sha256: stored.sha256,
        type: found.type,
        settled,
        copy,
      };
    }
    if (upload === null) throw new AppError("BAD_REQUEST", DOCUMENT_API_MESSAGES.fileRequired);
    const type = upload.type;
    if (upload.size === 0 || type === null) throw new AppError("UNSUPPORTED_MEDIA_TYPE");
    // a PDF whose copy settles every check is kept as uploaded, never read back (sparse-pdf-copy.ts)
    const settled = type === "pdf" ? await upload.settled : null;
    // the checks are done (an image or eNote had none): the copy's buffer serves the next upload
    // (inspectPdfCopy keeps nothing of it)
    upload.copy.release();
    const properties = parseProperties(rawProperties);
    if (type === "smartdoc") {
      // issue 15 §5: a SMART Doc eNote is kept as uploaded (see packages/core/src/enote)
      const row = await uploadSmartDoc(
        actor,
        {
          organizationId,
          packageId,
          uploadKey: upload.key,
          fileName: upload.fileName,
          name: properties.name ?? defaultDocumentName(upload.fileName),
          executionType: properties.executionType,
        },
        deps,
        written,
      );
      written.clear();
      return toDocument(row);
    }

    let blobKey = upload.key;
    let removed: ActiveContentKind[] = [];
    let inspected: ReturnType<typeof pagesOf>;
    let sha256 = upload.sha256;
    let sizeBytes = upload.size;
    if (settled) {
      inspected = settled;
    } else {
      // pdf-lib parses from memory: the stored blob (at most MAX_UPLOAD_BYTES) is read back once,
      // and parsed once for the page count and the active content
      const bytes = await readBlob(await storage.get(upload.key), upload.size);
      let stored: Uint8Array = bytes;
      if (type === "pdf") {
        const document = await loadUploadedPdf(bytes);
        inspected = pagesOf(document);
        ({ bytes: stored, removed } = await removeActiveContentFrom(document, bytes));
      } else {
        stored = await imageToPdf(bytes, type);
        inspected = await inspectPdf(stored);
      }
      if (stored !== bytes) {
        blobKey = documentBlobKey(organizationId, packageId);
        written.add(blobKey);
        await storage.put(blobKey, Readable.from([Buffer.from(stored)]));
        await storage.delete(upload.key);
        written.delete(upload.key);
        // the put hashed the upload as it streamed in: hash again only bytes that were rewritten
        sha256 = createHash("sha256").update(stored).digest("hex");
        sizeBytes = stored.length;
      }
    }
    const { numPages, pageSizes } = inspected;
    const originalSha256 = removed.length > 0 ? upload.sha256 : null;

    const name = properties.name ?? defaultDocumentName(upload.fileName);
    const fileName = upload.fileName;
    const receivedBytes = upload.size;
    const row = await deps.db
      .$transaction(async (tx) => {
        const packageVersion = await claimStartedPackage(tx, organizationId, packageId);
        const admitted = await admitDocument(
          tx,
          deps,
          { organizationId, packageId },
          { name, receivedBytes, format: "PDF" },
          "refuse",
        );
        const created = await tx.document.create({
          data: {
            packageId,
            organizationId,
            name: admitted.name,
            nameKey: admitted.nameKey,
            executionType: properties.executionType ?? "E_SIGN",
            orderSequence: admitted.orderSequence,
            blobKey,
            contentType: "application/pdf",
            sizeBytes,
            sha256,
            originalSha256,
            activeContentRemoved: removed,
            numPages,
            pageSizes: pageSizes.map(({ width, height }) => ({ width, height })),
            originalFileName: fileName.slice(0, 255),
            uploadedById: actor.kind === "user" ? actor.userId : null,
          },
        });
        await appendAuditEvent(tx, actor, {
          organizationId,
          streamType: "package",
          streamId: packageId,
          type: "document.uploaded",
          data: {
            packageVersion,
            documentId: created.id,
            name,
            executionType: created.executionType,
            sha256,
            sizeBytes,
            numPages,
            originalFileName: created.originalFileName,
            convertedFrom: type === "pdf" ? null : type,
          },
        });
        if (removed.length > 0) {
          await appendAuditEvent(tx, actor, {
            organizationId,
            streamType: "package",
            streamId: packageId,
            type: "document.active-content-removed",
            data: { documentId: created.id, removed, originalSha256, sha256 },
          });
        }
        return created;
      })
      .catch((error: unknown) => {
        throw isUniqueViolation(error) ? documentNameTaken() : error;
      });
    written.clear();
    return toDocument(row);
  } finally {
    await removeQuietly(storage, written);
  }
}
