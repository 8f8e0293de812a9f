import { createHash, randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { DOCUMENT_API_MESSAGES, SMART_DOC_CONTENT_TYPE } from "@signet/contract";
import type { Actor } from "../actor.ts";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import { isUniqueViolation } from "../concurrency/versioned-write.ts";
import type { CoreDeps } from "../core-deps.ts";
import type { Document as DocumentRow } from "../db/generated/client.ts";
import { admitDocument, oneENotePerPackage } from "../documents/admit-document.ts";
import { documentNameTaken } from "../documents/document-views.ts";
import { AppError } from "../errors/app-error.ts";
import { claimStartedPackage } from "../packages/find-package.ts";
import { readStream } from "../signing/read-stream.ts";
import { areaLabel, normalizeRole } from "./smart-doc-format.ts";
import { inspectSmartDoc } from "./validate-smart-doc.ts";

/** The page an eNote's tags are said to be on (an eNote has no pages: its VIEW is one page to us). */
export const ENOTE_PAGE_SIZE = { width: 612, height: 792 };
/** Where an eNote's signature tags sit nominally (the signing room draws them in the VIEW's areas). */
export const eNoteTagBox = (index: number) => ({ page: 1, x: 72, y: 72 + index * 72, width: 216, height: 54 });

/** Keys of stored eNotes: documents/{organizationId}/{packageId}/{uuid}.xml */
const eNoteBlobKey = (organizationId: string, packageId: string) =>
  `documents/${organizationId}/${packageId}/${randomUUID()}.xml`;

/**
 * Issue 15 §5 upload of a SMART Doc eNote, after the upload sniffed as XML and was streamed to
 * `uploadKey`: the organization must have Smart Doc (else 415); the eNote is validated against the
 * package's signers (every failure in the 400's details, message 'SMARTDoc eNote error(s)'); a
 * package holds one eNote (409). The XML is stored byte for byte as uploaded, and each borrower
 * signature area gets a required SIGNATURE tag for its participant, so signing and completion work
 * as for a PDF. Blobs it writes are added to `written` (the caller removes them on failure).
 */
export async function uploadSmartDoc(
  actor: Actor,
  input: {
    organizationId: string;
    packageId: string;
    uploadKey: string;
    fileName: string;
    name: string;
    executionType: "E_SIGN" | "VIEW_ONLY" | "PAPER" | undefined;
  },
  deps: CoreDeps,
  written: Set<string>,
): Promise<DocumentRow> {
  const { organizationId, packageId } = input;
  const organization = await deps.db.organization.findUnique({
    where: { id: organizationId },
    select: { enabledSmartDoc: true },
  });
  if (!organization?.enabledSmartDoc) {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", DOCUMENT_API_MESSAGES.smartDocNotEnabled);
  }
  // admitDocuments checks these again in the transaction; here they spare reading a refused eNote
  const pkg = await deps.db.package.findUnique({ where: { id: packageId }, select: { templateKind: true } });
  if (pkg?.templateKind) throw new AppError("CONFLICT", DOCUMENT_API_MESSAGES.eNoteNotInTemplates);
  if (await deps.db.document.findFirst({ where: { packageId, format: "SMART_DOC" }, select: { id: true } })) {
    throw oneENotePerPackage();
  }
  const bytes = await readStream(await deps.storage.get(input.uploadKey));
  const participants = await deps.db.participant.findMany({ where: { packageId, role: "SIGNER" } });
  const inspection = inspectSmartDoc(bytes, { signers: participants });
  if (inspection.problems.length > 0) {
    throw new AppError("BAD_REQUEST", DOCUMENT_API_MESSAGES.smartDocErrors, inspection.problems);
  }
  const areaParticipants = inspection.areas.map((area) => {
    const participant = participants.find(
      (candidate) => normalizeRole(candidate.type) === area.role && candidate.roleNumber === area.sequence,
    );
    // validation refused areas without a participant
    if (!participant) throw new AppError("BAD_REQUEST", DOCUMENT_API_MESSAGES.smartDocErrors);
    return { area, participant };
  });

  const blobKey = eNoteBlobKey(organizationId, packageId);
  written.add(blobKey);
  await deps.storage.put(blobKey, Readable.from([Buffer.from(bytes)]));
  await deps.storage.delete(input.uploadKey);
  written.delete(input.uploadKey);
  const sha256 = createHash("sha256").update(bytes).digest("hex");
  const min = inspection.min!;

  return deps.db
    .$transaction(async (tx) => {
      const packageVersion = await claimStartedPackage(tx, organizationId, packageId);
      const admitted = await admitDocument(
        tx,
        deps,
        { organizationId, packageId },
        { name: input.name, receivedBytes: bytes.length, format: "SMART_DOC" },
        "refuse",
      );
      const created = await tx.document.create({
        data: {
          packageId,
          organizationId,
          name: admitted.name,
          nameKey: admitted.nameKey,
          executionType: input.executionType ?? "E_SIGN",
          orderSequence: admitted.orderSequence,
          blobKey,
          contentType: SMART_DOC_CONTENT_TYPE,
          format: "SMART_DOC",
          eNoteMin: min,
          sizeBytes: bytes.length,
          sha256,
          numPages: 1,
          pageSizes: [ENOTE_PAGE_SIZE],
          originalFileName: input.fileName.slice(0, 255),
          uploadedById: actor.kind === "user" ? actor.userId : null,
        },
      });
      if (created.executionType === "E_SIGN") {
        await tx.tag.createMany({
          data: areaParticipants.map(({ participant }, index) => ({
            packageId,
            organizationId,
            documentId: created.id,
            participantId: participant.id,
            type: "SIGNATURE" as const,
            ...eNoteTagBox(index),
            required: true,
          })),
        });
      }
      await appendAuditEvent(tx, actor, {
        organizationId,
        streamType: "package",
        streamId: packageId,
        type: "document.uploaded",
        data: {
          packageVersion,
          documentId: created.id,
          name: created.name,
          executionType: created.executionType,
          sha256,
          sizeBytes: bytes.length,
          numPages: 1,
          originalFileName: created.originalFileName,
          convertedFrom: null,
          format: "SMART_DOC",
          eNoteMin: min,
          signatureAreas: inspection.areas.map(areaLabel),
        },
      });
      return created;
    })
    .catch((error: unknown) => {
      throw isUniqueViolation(error) ? documentNameTaken() : error;
    });
}
