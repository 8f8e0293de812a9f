import { createHash, randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import {
  type DATA_COLLECTION_FIELD_TYPES,
  type ParticipantLanguage,
  SIGNER_UPLOAD_MESSAGES,
  SIGNING_LIMITS,
  SIGNING_MESSAGES,
  type SigningRoom,
  type SigningTag,
} from "@signet/contract";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import type { CoreDeps } from "../core-deps.ts";
import type { Prisma } from "../db/generated/client.ts";
import { sniffUpload } from "../documents/pdf-intake.ts";
import { removeActiveContent } from "../documents/remove-active-content.ts";
import { AppError, forbidden, notFound } from "../errors/app-error.ts";
import { readSigningSessionRules } from "../settings/session-upload-settings.ts";
import { notifySender } from "./consent.ts";
import { dateSignedValue } from "./date-signed-value.ts";
import { answerPackageCustomField } from "./package-custom-field-answer.ts";
import type { SigningContext } from "./signing-context.ts";
import { loadSigningRoom, participantName, toSigningTag } from "./signing-room-view.ts";
import { signingWrite } from "./signing-write.ts";

type Tx = Prisma.TransactionClient;

const audit = (context: SigningContext, type: string, data: Record<string, unknown>) => ({
  organizationId: context.pkg.organizationId,
  streamType: "package" as const,
  streamId: context.pkg.id,
  type,
  data: { participantId: context.participant.id, ...data },
});

/** DOMAIN.md §4 'viewed': the participant reviewed a document (all a View Only document needs). */
export async function reviewDocument(
  context: SigningContext,
  documentId: string,
  deps: CoreDeps,
): Promise<SigningRoom> {
  const fresh = await signingWrite(context, deps, ["SIGN"], async (tx, current, facts) => {
    const document = await tx.document.findFirst({ where: { id: documentId, packageId: current.pkg.id } });
    if (!document || facts.progress.executionTypeOf(document.id, current.participant.id) === null) {
      throw notFound(SIGNING_MESSAGES.notFound);
    }
    await recordDocumentReview(tx, current, document);
    return current;
  });
  return loadSigningRoom(fresh, deps);
}

/** The review of one document, once: its row and its 'document.viewed' event with the file's hash. */
export async function recordDocumentReview(
  tx: Tx,
  current: SigningContext,
  document: { id: string; sha256: string },
): Promise<void> {
  const documentId = document.id;
  const existing = await tx.documentReview.findUnique({
    where: { documentId_participantId: { documentId, participantId: current.participant.id } },
  });
  if (existing) return;
  await tx.documentReview.create({
    data: {
      documentId,
      participantId: current.participant.id,
      organizationId: current.pkg.organizationId,
      packageId: current.pkg.id,
    },
  });
  await appendAuditEvent(tx, current.actor, audit(current, "document.viewed", { documentId, sha256: document.sha256 }));
}

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Adopts a signature or initials as a PNG (typed in a script font or drawn); tags already applied show the new one. */
export async function adoptSignature(
  context: SigningContext,
  input: { kind: "SIGNATURE" | "INITIALS"; method: "TYPED" | "DRAWN"; text?: string | null; imageDataUrl: string },
  deps: CoreDeps,
): Promise<SigningRoom> {
  const png = Buffer.from(input.imageDataUrl.slice(input.imageDataUrl.indexOf(",") + 1), "base64");
  if (png.length < 60 || png.length > SIGNING_LIMITS.signatureImageBytes || !png.subarray(0, 8).equals(PNG_MAGIC)) {
    throw new AppError("BAD_REQUEST", "The signature must be a PNG image.", [
      { path: "imageDataUrl", message: "The signature must be a PNG image." },
    ]);
  }
  if (input.method === "TYPED" && !input.text?.trim()) {
    throw new AppError("BAD_REQUEST", "Type your name.", [{ path: "text", message: "Type your name." }]);
  }
  const sha256 = createHash("sha256").update(png).digest("hex");
  const fresh = await signingWrite(context, deps, ["SIGN"], async (tx, current) => {
    const participantId = current.participant.id;
    const previous = await tx.participantSignature.findUnique({
      where: { participantId_kind: { participantId, kind: input.kind } },
    });
    const data = { method: input.method, text: input.method === "TYPED" ? input.text!.trim() : null, png, sha256 };
    await tx.participantSignature.upsert({
      where: { participantId_kind: { participantId, kind: input.kind } },
      create: {
        ...data,
        kind: input.kind,
        participantId,
        organizationId: current.pkg.organizationId,
        packageId: current.pkg.id,
      },
      update: data,
    });
    if (previous && previous.sha256 !== sha256) {
      await tx.tagValue.updateMany({
        where: { participantId, value: previous.sha256, tag: { type: input.kind } },
        data: { value: sha256, filledAt: new Date() },
      });
    }
    await appendAuditEvent(
      tx,
      current.actor,
      audit(current, "participant.signature-adopted", { kind: input.kind, method: input.method, imageSha256: sha256 }),
    );
    return current;
  });
  return loadSigningRoom(fresh, deps);
}

/**
 * Fills one tag of the participant's own (another participant's tag: 403; unknown: 404). Each type
 * takes its own kind of value; SIGNATURE and INITIALS apply the adopted image (its hash is stored and
 * audited), DATE_SIGNED and FULL_NAME are filled by the server, a RADIO choice clears its group.
 */
export async function fillTag(
  context: SigningContext,
  input: { tagId: string; value: string | null },
  deps: CoreDeps,
): Promise<SigningTag> {
  return signingWrite(context, deps, ["SIGN"], async (tx, current) => {
    const tag = await tx.tag.findFirst({ where: { id: input.tagId, packageId: current.pkg.id } });
    if (!tag) throw notFound(SIGNING_MESSAGES.notFound);
    if (tag.participantId !== current.participant.id) throw forbidden(SIGNING_MESSAGES.tagNotYours);
    const value = input.value === null ? null : await tagValue(tx, current, tag, input.value);
    if (tag.type === "CUSTOM_FIELD" && tag.customFieldId) {
      await answerPackageCustomField(tx, deps, {
        organizationId: tag.organizationId,
        packageId: tag.packageId,
        customFieldId: tag.customFieldId,
        value,
      });
    }
    if (value === null) {
      await tx.tagValue.deleteMany({ where: { tagId: tag.id } });
    } else {
      if (tag.type === "RADIO" && tag.groupName) {
        await tx.tagValue.deleteMany({
          where: { participantId: tag.participantId, tag: { documentId: tag.documentId, groupName: tag.groupName } },
        });
      }
      const row = {
        value,
        sessionId: current.session.id,
        filledAt: new Date(),
        organizationId: tag.organizationId,
        packageId: tag.packageId,
        documentId: tag.documentId,
        participantId: tag.participantId,
      };
      await tx.tagValue.upsert({ where: { tagId: tag.id }, create: { tagId: tag.id, ...row }, update: row });
    }
    const signed = tag.type === "SIGNATURE" || tag.type === "INITIALS" || tag.type === "WITNESS_SIGNATURE";
    // values may be personal data: the trail keeps their hash, a signature its image hash (DOMAIN.md §4)
    await appendAuditEvent(
      tx,
      current.actor,
      audit(current, value === null ? "tag.cleared" : signed ? "tag.signed" : "tag.filled", {
        tagId: tag.id,
        documentId: tag.documentId,
        tagType: tag.type,
        ...(value === null
          ? {}
          : signed
            ? { imageSha256: value }
            : { valueSha256: createHash("sha256").update(value).digest("hex") }),
      }),
    );
    const saved = await tx.tag.findUniqueOrThrow({ where: { id: tag.id }, include: { value: true } });
    const customField = tag.customFieldId
      ? await tx.customField.findUnique({ where: { id: tag.customFieldId }, select: { id: true, name: true } })
      : null;
    return toSigningTag(saved, new Map(customField ? [[customField.id, customField.name]] : []));
  });
}

const invalid = (message: string) => new AppError("BAD_REQUEST", message, [{ path: "value", message }]);

async function tagValue(
  tx: Tx,
  context: SigningContext,
  tag: Prisma.TagGetPayload<object>,
  given: string,
): Promise<string> {
  switch (tag.type) {
    case "SIGNATURE":
    case "INITIALS": {
      const adopted = await tx.participantSignature.findUnique({
        where: { participantId_kind: { participantId: context.participant.id, kind: tag.type } },
      });
      if (!adopted) throw new AppError("SIGNATURE_NOT_ADOPTED");
      return adopted.sha256;
    }
    case "WITNESS_SIGNATURE": {
      // the witness's own adopted signature; the printed name and signer line are drawn on sealing
      const adopted = await tx.participantSignature.findUnique({
        where: { participantId_kind: { participantId: context.participant.id, kind: "SIGNATURE" } },
      });
      if (!adopted) throw new AppError("SIGNATURE_NOT_ADOPTED");
      return adopted.sha256;
    }
    case "DATE_SIGNED":
      // filled on finish anyway (finishSigning); filling it earlier shows the same date
      return dateSignedValue(tx, context.pkg.organizationId, new Date());
    case "FULL_NAME":
      return participantName(context.participant);
    case "CHECKBOX":
      if (given !== "true") throw invalid("A checkbox is either checked (true) or cleared (null).");
      return "true";
    case "RADIO":
      if (given !== tag.optionValue) throw invalid("Choose this button's own value.");
      return given;
    case "DROPDOWN":
      if (!tag.options.includes(given)) throw invalid("Choose one of the listed options.");
      return given;
    default: {
      const text = given.trim();
      if (!text) throw invalid("Enter a value, or clear the field.");
      return text;
    }
  }
}

/** Answers one data-collection question of the participant's own, checked by its type. */
export async function answerQuestion(
  context: SigningContext,
  input: { fieldId: string; value: string | null },
  deps: CoreDeps,
): Promise<{ fieldId: string; value: string | null }> {
  return signingWrite(context, deps, ["SIGN"], async (tx, current) => {
    const field = await tx.dataCollectionField.findFirst({ where: { id: input.fieldId, packageId: current.pkg.id } });
    if (!field) throw notFound(SIGNING_MESSAGES.notFound);
    if (field.participantId !== current.participant.id) throw forbidden(SIGNING_MESSAGES.tagNotYours);
    const value = input.value?.trim() || null;
    if (value !== null) {
      const problem = answerProblem(field.type, field.options, value);
      if (problem) throw invalid(problem);
    }
    if (field.customFieldId) {
      await answerPackageCustomField(tx, deps, {
        organizationId: field.organizationId,
        packageId: field.packageId,
        customFieldId: field.customFieldId,
        value,
      });
    }
    if (value === null) await tx.dataCollectionAnswer.deleteMany({ where: { fieldId: field.id } });
    else {
      const row = {
        value,
        answeredAt: new Date(),
        organizationId: field.organizationId,
        packageId: field.packageId,
        participantId: field.participantId,
      };
      await tx.dataCollectionAnswer.upsert({
        where: { fieldId: field.id },
        create: { fieldId: field.id, ...row },
        update: row,
      });
    }
    await appendAuditEvent(
      tx,
      current.actor,
      audit(current, "data-collection.answered", {
        fieldId: field.id,
        answered: value !== null,
        ...(value ? { valueSha256: createHash("sha256").update(value).digest("hex") } : {}),
      }),
    );
    return { fieldId: field.id, value };
  });
}

export function answerProblem(
  type: (typeof DATA_COLLECTION_FIELD_TYPES)[number],
  options: readonly string[],
  value: string,
): string | null {
  if (value.length > SIGNING_LIMITS.tagValueLength) return "The answer is too long.";
  if (type === "NUMBER" && !/^-?\d+(\.\d+)?$/.test(value)) return "Enter a number.";
  if (type === "DATE" && (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(value)))) {
    return "Enter a date as YYYY-MM-DD.";
  }
  if (type === "SELECT" && !options.includes(value)) return "Choose one of the listed options.";
  if (type === "CHECKBOX" && value !== "true" && value !== "false") return "Answer true or false.";
  return null;
}

/** A signer upload (stip): sniffed (PDF, PNG or JPEG), size-limited, PDFs without active content, stored with its hash. */
export async function uploadStip(
  context: SigningContext,
  input: { stipId: string; fileName: string; bytes: Buffer; truncated: boolean },
  deps: CoreDeps,
): Promise<SigningRoom> {
  if (input.truncated || input.bytes.length > SIGNING_LIMITS.stipUploadBytes) throw new AppError("PAYLOAD_TOO_LARGE");
  if (input.bytes.length === 0) throw new AppError("UNSUPPORTED_MEDIA_TYPE");
  const type = await sniffUpload(input.bytes.subarray(0, 4100));
  const contentType = { pdf: "application/pdf", png: "image/png", jpeg: "image/jpeg" }[type];
  // issue 13 §2 signer upload settings: the organization's allowed types (by content) and size
  const rules = await readSigningSessionRules(deps.db, context.pkg.organizationId);
  if (input.bytes.length > rules.uploadMaxBytes) {
    throw new AppError("PAYLOAD_TOO_LARGE", SIGNER_UPLOAD_MESSAGES.tooLarge(rules.uploadMaxBytes / 1024 / 1024));
  }
  const kind = ({ pdf: "PDF", png: "PNG", jpeg: "JPEG" } as const)[type];
  if (!rules.uploadTypes.includes(kind)) {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", SIGNER_UPLOAD_MESSAGES.typeNotAllowed(rules.uploadTypes));
  }
  const stip = await deps.db.stip.findFirst({ where: { id: input.stipId, packageId: context.pkg.id } });
  if (!stip) throw notFound(SIGNING_MESSAGES.notFound);
  if (stip.participantId !== context.participant.id) throw forbidden(SIGNING_MESSAGES.tagNotYours);
  // issue 10 §3: the sender opens what participants upload; a PDF that cannot be checked is refused
  const { bytes, removed } =
    type === "pdf" ? await removeActiveContent(input.bytes) : { bytes: input.bytes, removed: [] };
  const originalSha256 = removed.length > 0 ? createHash("sha256").update(input.bytes).digest("hex") : null;
  const key = `stips/${context.pkg.organizationId}/${context.pkg.id}/${randomUUID()}.${type === "jpeg" ? "jpg" : type}`;
  const stored = await deps.storage.put(key, Readable.from([Buffer.from(bytes)]));
  try {
    const fresh = await signingWrite(context, deps, ["SIGN"], async (tx, current) => {
      const upload = await tx.stipUpload.create({
        data: {
          organizationId: current.pkg.organizationId,
          packageId: current.pkg.id,
          stipId: stip.id,
          participantId: current.participant.id,
          fileName: input.fileName.replace(/[\\/\r\n]/g, "_").slice(0, 200) || "upload",
          contentType,
          blobKey: key,
          sizeBytes: stored.size,
          sha256: stored.sha256,
          originalSha256,
          activeContentRemoved: removed,
        },
      });
      await appendAuditEvent(
        tx,
        current.actor,
        audit(current, "stip.uploaded", {
          stipId: stip.id,
          uploadId: upload.id,
          sha256: stored.sha256,
          sizeBytes: stored.size,
        }),
      );
      if (removed.length > 0) {
        await appendAuditEvent(
          tx,
          current.actor,
          audit(current, "stip.active-content-removed", {
            stipId: stip.id,
            uploadId: upload.id,
            removed,
            originalSha256,
            sha256: stored.sha256,
          }),
        );
      }
      return current;
    });
    return loadSigningRoom(fresh, deps);
  } catch (error) {
    await deps.storage.delete(key).catch(() => false);
    throw error;
  }
}

export async function deleteStipUpload(
  context: SigningContext,
  input: { stipId: string; uploadId: string },
  deps: CoreDeps,
): Promise<void> {
  const blobKey = await signingWrite(context, deps, ["SIGN"], async (tx, current) => {
    const upload = await tx.stipUpload.findFirst({
      where: { id: input.uploadId, stipId: input.stipId, packageId: current.pkg.id },
    });
    if (!upload) throw notFound(SIGNING_MESSAGES.notFound);
    if (upload.participantId !== current.participant.id) throw forbidden(SIGNING_MESSAGES.tagNotYours);
    await tx.stipUpload.delete({ where: { id: upload.id } });
    await appendAuditEvent(
      tx,
      current.actor,
      audit(current, "stip.removed", { stipId: input.stipId, uploadId: upload.id }),
    );
    return upload.blobKey;
  });
  await deps.storage.delete(blobKey).catch(() => false);
}

/** Declining stops this participant; the package stays out for signature until the sender corrects or cancels it. */
export async function declineSigning(
  context: SigningContext,
  input: { reason: string },
  deps: CoreDeps,
): Promise<SigningRoom> {
  const fresh = await signingWrite(
    context,
    deps,
    ["SIGN", "WAITING_TURN", "IDENTITY_PROOFING", "CONSENT", "VERIFY"],
    async (tx, current) => {
      const participant = await tx.participant.update({
        where: { id: current.participant.id },
        data: { signingStatus: "DECLINED" },
      });
      await appendAuditEvent(tx, current.actor, audit(current, "participant.declined", { reason: input.reason }));
      await notifySender(
        tx,
        current.pkg,
        participantName(participant),
        input.reason,
        "participant-declined",
        deps.config.publicUrl,
      );
      return { ...current, participant };
    },
  );
  return loadSigningRoom(fresh, deps);
}

/**
 * The participant's own choice of language, when the organization lets participants switch. It is
 * kept on the participant too, so later visits, reminders and copies speak it (like the sender's choice).
 */
export async function setSigningLanguage(
  context: SigningContext,
  input: { language: ParticipantLanguage },
  deps: CoreDeps,
): Promise<SigningRoom> {
  if (input.language !== context.participant.language && !context.pkg.organization.enabledMultiLangSRSupport) {
    throw new AppError("BAD_REQUEST", "This package is offered in one language only.");
  }
  const [session, participant] = await deps.db.$transaction([
    deps.db.signingSession.update({ where: { id: context.session.id }, data: { language: input.language } }),
    deps.db.participant.update({ where: { id: context.participant.id }, data: { language: input.language } }),
  ]);
  return loadSigningRoom({ ...context, session, participant }, deps);
}

export async function endSigningSession(context: SigningContext, deps: CoreDeps): Promise<void> {
  await deps.db.signingSession.updateMany({
    where: { id: context.session.id },
    data: { revokedAt: new Date(), revokedReason: "LEFT" },
  });
}
