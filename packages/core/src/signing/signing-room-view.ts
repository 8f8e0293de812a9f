import {
  evaluateTagStates,
  KBA_QUESTIONS,
  type KbaAnswers,
  maskPhone,
  participantDisplayName,
  participantInitials,
  SIGNING_FILE_PATHS,
  SIGNING_LIMITS,
  type SigningCompletedTag,
  type SigningRoom,
  type SigningTag,
  waitingFor,
} from "@signet/contract";
import type { CoreDeps } from "../core-deps.ts";
import type { Prisma } from "../db/generated/client.ts";
import { withENoteViews } from "../enote/signing-room-enote.ts";
import { readSigningSessionRules } from "../settings/session-upload-settings.ts";
import { defaultConsentText } from "./default-consent.ts";
import type { SigningContext } from "./signing-context.ts";
import { readSigningRoomSettings } from "./signing-room-settings.ts";
import { type StageFacts, signingStage } from "./signing-stage.ts";

const pngDataUrl = (png: Uint8Array) => `data:image/png;base64,${Buffer.from(png).toString("base64")}`;

export function participantName(participant: SigningContext["participant"]): string {
  const name = [participant.givenName, participant.middleName, participant.familyName].filter(Boolean).join(" ");
  return name || participantDisplayName(participant);
}

/** The KBA questions the sender gave answers for (never the answers). */
export function kbaAnswers(deps: Pick<CoreDeps, "fieldCipher">, ciphertext: string | null): KbaAnswers {
  if (!ciphertext) return {};
  try {
    return JSON.parse(deps.fieldCipher.decrypt(ciphertext)) as KbaAnswers;
  } catch {
    return {};
  }
}

type TagRow = Prisma.TagGetPayload<{ include: { value: true } }>;

export function toSigningTag(tag: TagRow, customFieldNames: Map<string, string>): SigningTag {
  return {
    id: tag.id,
    documentId: tag.documentId,
    type: tag.type,
    page: tag.page,
    x: tag.x,
    y: tag.y,
    width: tag.width,
    height: tag.height,
    required: tag.required,
    label: tag.label,
    options: tag.options,
    groupName: tag.groupName,
    optionValue: tag.optionValue,
    customFieldName: tag.customFieldId ? (customFieldNames.get(tag.customFieldId) ?? null) : null,
    defaultValue: tag.defaultValue,
    value: tag.value?.value ?? null,
  };
}

/**
 * Everything the room shows for one session. Documents, tags and answers appear only from the
 * SIGN stage on (never before consent, DOMAIN.md §3); a closed room shows none of them.
 */
export async function loadSigningRoom(
  context: SigningContext,
  deps: CoreDeps,
  known?: StageFacts,
): Promise<SigningRoom> {
  const { db } = deps;
  const { session, participant, pkg } = context;
  const facts = known ?? (await signingStage(db, context));
  const [settings, sessionRules] = await Promise.all([
    readSigningRoomSettings(db, pkg.organizationId),
    readSigningSessionRules(db, pkg.organizationId),
  ]);
  const showWork = facts.stage === "SIGN" || facts.stage === "FINISHED";
  const language = pkg.organization.enabledMultiLangSRSupport && session.language === "es" ? "es" : "en";

  const [documents, reviews, tags, rules, groups, stips, signatures, artifacts, participants] = await Promise.all([
    showWork
      ? db.document.findMany({
          where: { packageId: pkg.id },
          orderBy: [{ orderSequence: "asc" }, { createdAt: "asc" }],
        })
      : [],
    db.documentReview.findMany({ where: { participantId: participant.id } }),
    showWork
      ? db.tag.findMany({
          where: { participantId: participant.id },
          include: { value: true },
          orderBy: [{ page: "asc" }, { y: "asc" }, { x: "asc" }],
        })
      : [],
    showWork ? db.conditionalRule.findMany({ where: { packageId: pkg.id } }) : [],
    showWork
      ? db.dataCollectionGroup.findMany({
          where: { packageId: pkg.id },
          orderBy: { orderSequence: "asc" },
          include: {
            fields: {
              where: { participantId: participant.id },
              orderBy: { orderSequence: "asc" },
              include: { answer: true },
            },
          },
        })
      : [],
    showWork
      ? db.stip.findMany({
          where: { participantId: participant.id },
          orderBy: { orderSequence: "asc" },
          include: { uploads: { orderBy: { createdAt: "asc" } } },
        })
      : [],
    db.participantSignature.findMany({ where: { participantId: participant.id } }),
    pkg.sealedAt && facts.stage === "FINISHED"
      ? db.sealedArtifact.findMany({ where: { packageId: pkg.id }, orderBy: [{ kind: "desc" }, { sealedAt: "asc" }] })
      : [],
    db.participant.findMany({ where: { packageId: pkg.id } }),
  ]);
  // a rule on one of this participant's tags may read another participant's tag: its value decides
  const myTagIds = new Set(tags.map((tag) => tag.id));
  const sourceIds = [
    ...new Set(
      rules
        .filter((rule) => myTagIds.has(rule.targetTagId) && !myTagIds.has(rule.sourceTagId))
        .map((r) => r.sourceTagId),
    ),
  ];
  const sourceTags = sourceIds.length
    ? await db.tag.findMany({ where: { id: { in: sourceIds }, packageId: pkg.id }, include: { value: true } })
    : [];
  const executableIds = documents
    .filter((document) => facts.progress.executionTypeOf(document.id, participant.id) !== null)
    .map((document) => document.id);
  const completedTags = showWork ? await completedTagsOf(db, pkg.id, participant.id, executableIds, participants) : [];
  const customFieldIds = tags.flatMap((tag) => (tag.customFieldId ? [tag.customFieldId] : []));
  const customFields = customFieldIds.length
    ? await db.customField.findMany({ where: { id: { in: customFieldIds } }, select: { id: true, name: true } })
    : [];
  const customFieldNames = new Map(customFields.map((field) => [field.id, field.name]));
  const reviewed = new Set(reviews.map((review) => review.documentId));
  const executableDocuments = documents.filter(
    (document) => facts.progress.executionTypeOf(document.id, participant.id) !== null,
  );
  const adopted = (kind: "SIGNATURE" | "INITIALS") => {
    const signature = signatures.find((candidate) => candidate.kind === kind);
    return signature
      ? {
          kind,
          method: signature.method,
          text: signature.text,
          sha256: signature.sha256,
          imageDataUrl: pngDataUrl(signature.png),
        }
      : null;
  };
  const answers = kbaAnswers(deps, participant.verificationCiphertext);
  const failures = session.verificationFailures;
  const waitingIds = facts.stage === "WAITING_TURN" ? waitingFor(pkg.signingOrder, facts.progress.participants) : [];
  return {
    stage: facts.stage,
    closedReason: facts.closedReason,
    language,
    languages: pkg.organization.enabledMultiLangSRSupport ? ["en", "es"] : ["en"],
    branding: {
      organizationName: pkg.organization.name,
      primaryColor: settings.primary_color,
      primaryFontColor: settings.primary_font_color,
      logoUrl: settings.logo_url || null,
    },
    sessionRules,
    package: {
      id: pkg.id,
      name: pkg.name,
      status: pkg.status,
      emailIntroText: pkg.emailIntroText,
      avEsign: pkg.avEsign,
    },
    participant: {
      id: participant.id,
      displayName: participantDisplayName(participant),
      name: participantName(participant),
      initials: participantInitials(participant),
      email: participant.email,
      type: participant.type,
      role: participant.role,
      reviewOnly: facts.reviewOnly,
      status: participant.signingStatus,
      finishedAt: participant.finishedAt?.toISOString() ?? null,
    },
    verification: {
      method: participant.idVerification,
      verified: facts.verified,
      phoneHint: participant.idVerification === "SMS_CODE" ? maskPhone(participant.phoneNumber) : null,
      codeSent: session.codeSentAt !== null,
      questions: participant.idVerification === "KBA" ? KBA_QUESTIONS.filter((question) => answers[question]) : [],
      attemptsLeft: Math.max(0, SIGNING_LIMITS.verificationAttempts - failures),
      lockedUntil: session.lockedUntil && session.lockedUntil > new Date() ? session.lockedUntil.toISOString() : null,
    },
    consent: {
      given: facts.consent.given,
      version: facts.consent.version,
      sha256: facts.consent.sha256,
      kind: facts.consent.kind,
      disclosure: facts.consent.kind === "DEFAULT" ? [...defaultConsentText(facts.reviewOnly)[language]] : [],
      documentUrl: SIGNING_FILE_PATHS.consentDocument,
    },
    documents: (await withENoteViews(deps, executableDocuments, participants, artifacts)).map(
      ({ document, eNote }) => ({
        id: document.id,
        name: document.name,
        numPages: document.numPages,
        pageSizes: document.pageSizes as { width: number; height: number }[],
        executionType: facts.progress.executionTypeOf(document.id, participant.id)!,
        reviewed: reviewed.has(document.id),
        fileUrl: SIGNING_FILE_PATHS.documentFile(document.id),
        format: document.format,
        eNote,
      }),
    ),
    tags: tags.map((tag) => toSigningTag(tag, customFieldNames)),
    completedTags,
    rules: rules.map((rule) => ({
      sourceTagId: rule.sourceTagId,
      targetTagId: rule.targetTagId,
      condition: rule.condition,
      value: rule.value,
      action: rule.action,
    })),
    sourceTags: sourceTags.map((tag) => ({
      id: tag.id,
      type: tag.type,
      groupName: tag.groupName,
      optionValue: tag.optionValue,
      value: tag.value?.value ?? null,
    })),
    dataCollection: groups
      .filter((group) => group.fields.length > 0)
      .map((group) => ({
        id: group.id,
        name: group.name,
        description: group.description,
        fields: group.fields.map((field) => ({
          id: field.id,
          label: field.label,
          type: field.type,
          required: field.required,
          options: field.options,
          value: field.answer?.value ?? null,
        })),
      })),
    stips: stips.map((stip) => ({
      id: stip.id,
      name: stip.name,
      description: stip.description,
      required: stip.required,
      uploads: stip.uploads.map((upload) => ({
        id: upload.id,
        fileName: upload.fileName,
        sizeBytes: upload.sizeBytes,
      })),
    })),
    signature: adopted("SIGNATURE"),
    initials: adopted("INITIALS"),
    parentOrigin: session.parentOrigin,
    downloads: artifacts.map((artifact) => ({
      id: artifact.id,
      name: artifact.kind === "CERTIFICATE" ? "Certificate of completion" : artifact.name,
      kind: artifact.kind,
      url: SIGNING_FILE_PATHS.download(artifact.id),
    })),
    waitingFor: participants
      .filter((candidate) => waitingIds.includes(candidate.id))
      .map((candidate) => participantName(candidate)),
  };
}

/**
 * What participants who already finished filled in on these documents, as the sealed PDF will show
 * it (visible tags with a value only). A participant still signing shows nothing, and a tag bound to
 * an encrypted custom field never leaves the server.
 */
async function completedTagsOf(
  db: CoreDeps["db"],
  packageId: string,
  participantId: string,
  documentIds: string[],
  participants: { id: string; finishedAt: Date | null; signingStatus: string }[],
): Promise<SigningCompletedTag[]> {
  const finished = participants.filter(
    (candidate) =>
      candidate.id !== participantId && candidate.finishedAt !== null && candidate.signingStatus === "FINISHED",
  );
  if (finished.length === 0 || documentIds.length === 0) return [];
  const finishedIds = finished.map((candidate) => candidate.id);
  const [allTags, rules, signatures] = await Promise.all([
    db.tag.findMany({ where: { packageId, documentId: { in: documentIds } }, include: { value: true } }),
    db.conditionalRule.findMany({ where: { packageId } }),
    db.participantSignature.findMany({ where: { packageId, participantId: { in: finishedIds } } }),
  ]);
  const encryptedFieldIds = new Set(
    (
      await db.customField.findMany({
        where: {
          id: { in: allTags.flatMap((tag) => (tag.customFieldId ? [tag.customFieldId] : [])) },
          encrypted: true,
        },
        select: { id: true },
      })
    ).map((field) => field.id),
  );
  const values = Object.fromEntries(allTags.map((tag) => [tag.id, tag.value?.value ?? null]));
  const states = evaluateTagStates(allTags, rules, values);
  const names = new Map(
    (await db.participant.findMany({ where: { id: { in: finishedIds } } })).map((candidate) => [
      candidate.id,
      participantName(candidate),
    ]),
  );
  const completed: SigningCompletedTag[] = [];
  for (const tag of allTags) {
    const value = tag.value?.value;
    const name = names.get(tag.participantId);
    if (!value || name === undefined || !states.get(tag.id)?.visible) continue;
    if (tag.customFieldId && encryptedFieldIds.has(tag.customFieldId)) continue;
    const place = {
      id: tag.id,
      documentId: tag.documentId,
      type: tag.type,
      page: tag.page,
      x: tag.x,
      y: tag.y,
      width: tag.width,
      height: tag.height,
      participantName: name,
    };
    if (tag.type === "SIGNATURE" || tag.type === "INITIALS") {
      const image = signatures.find(
        (signature) => signature.sha256 === value && signature.participantId === tag.participantId,
      );
      if (image) completed.push({ ...place, text: null, checked: false, imageDataUrl: pngDataUrl(image.png) });
    } else if (tag.type === "CHECKBOX") {
      if (value === "true") completed.push({ ...place, text: null, checked: true, imageDataUrl: null });
    } else if (tag.type === "RADIO") {
      if (value === tag.optionValue) completed.push({ ...place, text: null, checked: true, imageDataUrl: null });
    } else {
      completed.push({ ...place, text: value, checked: false, imageDataUrl: null });
    }
  }
  return completed;
}
