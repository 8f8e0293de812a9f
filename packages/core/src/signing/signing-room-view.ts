import {
  asParticipantLanguage,
  currentSigningStep,
  evaluateTagStates,
  KBA_QUESTIONS,
  type KbaAnswers,
  maskEmail,
  maskPhone,
  PARTICIPANT_LANGUAGES,
  participantDisplayName,
  participantInitials,
  SIGNING_FILE_PATHS,
  SIGNING_LIMITS,
  type SigningCompletedTag,
  type SigningDocument,
  type SigningParticipant,
  type SigningRoom,
  type SigningTag,
  stepNumberOf,
  waitingFor,
} from "@signet/contract";
import type { CoreDeps } from "../core-deps.ts";
import { withENoteViews } from "../enote/signing-room-enote.ts";
import { inPersonRoomOf } from "../in-person/in-person-room.ts";
import { SIGNING_SESSION_SETTING_KEYS, signingSessionRulesOf } from "../settings/session-upload-settings.ts";
import { defaultConsentText } from "./default-consent.ts";
import type { SigningContext } from "./signing-context.ts";
import {
  type RoomDocument,
  type RoomParticipant,
  readSigningRoomRows,
  type SigningRoomRows,
} from "./signing-room-rows.ts";
import { signingRoomSettingsOf } from "./signing-room-settings.ts";
import { stageOf } from "./signing-stage.ts";

const pngDataUrl = (png: Uint8Array) => `data:image/png;base64,${Buffer.from(png).toString("base64")}`;

export function participantName(
  participant: Pick<SigningContext["participant"], "givenName" | "middleName" | "familyName" | "type" | "roleNumber">,
): string {
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

type TagRow = Omit<SigningTag, "customFieldName" | "value"> & {
  customFieldId: string | null;
  value: { value: string } | null;
};

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
 * Read in one parallel round (signing-room-rows.ts) after the session: the room is the participant's
 * hot path and is loaded after every action.
 */
export async function loadSigningRoom(context: SigningContext, deps: CoreDeps): Promise<SigningRoom> {
  const { session, participant, pkg } = context;
  const rows = await readSigningRoomRows(deps.db, context, SIGNING_SESSION_SETTING_KEYS);
  const facts = stageOf(context, rows.stage);
  const settings = signingRoomSettingsOf(rows.settingRows);
  const sessionRules = signingSessionRulesOf(rows.settingRows);
  const showWork = facts.stage === "SIGN" || facts.stage === "FINISHED";
  const language = asParticipantLanguage(session.language);
  const { participants } = rows;
  const documents = showWork ? rows.documents : [];
  const tags = showWork ? rows.tags : [];
  const artifacts = pkg.sealedAt && facts.stage === "FINISHED" ? rows.artifacts : [];
  const executableDocuments = documents.filter(
    (document) => facts.progress.executionTypeOf(document.id, participant.id) !== null,
  );
  const completedTags = showWork
    ? await completedTagsOf(
        deps.db,
        pkg.id,
        participant.id,
        executableDocuments.map((document) => document.id),
        participants,
      )
    : [];
  const reviewed = new Set(rows.reviewedDocumentIds);
  const adopted = (kind: "SIGNATURE" | "INITIALS") => {
    const signature = rows.signatures.find((candidate) => candidate.kind === kind);
    return signature
      ? {
          kind,
          method: signature.method,
          text: signature.text,
          sha256: signature.sha256,
          imageDataUrl: `data:image/png;base64,${signature.pngBase64}`,
        }
      : null;
  };
  const answers = kbaAnswers(deps, participant.verificationCiphertext);
  const failures = session.verificationFailures;
  const waitingIds =
    facts.stage === "WAITING_TURN" ? waitingFor(pkg.signingOrder, facts.progress.participants, participant.id) : [];
  const waitingStep = waitingStepOf(facts.stage, pkg.signingOrder, facts.progress.participants, participant.id);
  const witnessed = participants.find((candidate) => candidate.id === participant.witnessForParticipantId);
  // issue 34 §3: the chain seen from this participant, by name (the newest hand-over from them)
  const delegate = participants.findLast((candidate) => candidate.delegatedFromParticipantId === participant.id);
  const delegator = participants.find((candidate) => candidate.id === participant.delegatedFromParticipantId);
  return {
    stage: facts.stage,
    closedReason: facts.closedReason,
    delegatedTo: facts.closedReason === "DELEGATED" && delegate ? participantName(delegate) : null,
    language,
    // the organization's flag lets participants switch; without it the sender's choice is the only one
    languages: pkg.organization.enabledMultiLangSRSupport ? [...PARTICIPANT_LANGUAGES] : [language],
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
      witnessFor: witnessed ? participantName(witnessed) : null,
      delegationAllowed: participant.delegationAllowed,
      delegatedFrom: delegator ? participantName(delegator) : null,
    },
    verification: {
      method: participant.idVerification,
      verified: facts.verified,
      phoneHint: participant.idVerification === "SMS_CODE" ? maskPhone(participant.phoneNumber) : null,
      codeSent: session.codeSentAt !== null,
      emailHint: participant.idVerification === "EMAIL_CODE" ? maskEmail(participant.email) : null,
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
      updatedOn: facts.consent.updatedOn,
      codeRequired: facts.consent.codeRequired,
      documentUrl: SIGNING_FILE_PATHS.consentDocument,
    },
    documents: (await withSmartDocViews(deps, executableDocuments, participants, artifacts)).map(
      ({ document, eNote }) => ({
        id: document.id,
        name: document.name,
        numPages: document.numPages,
        pageSizes: document.pageSizes,
        executionType: facts.progress.executionTypeOf(document.id, participant.id)!,
        reviewed: reviewed.has(document.id),
        fileUrl: SIGNING_FILE_PATHS.documentFile(document.id),
        format: document.format,
        eNote,
      }),
    ),
    tags: tags.map(({ customFieldId: _id, ...tag }) => tag),
    completedTags,
    rules: showWork ? rows.rules : [],
    sourceTags: showWork ? rows.sourceTags : [],
    dataCollection: showWork ? rows.groups : [],
    stips: showWork ? rows.stips : [],
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
    waitingStep,
    inPerson: await inPersonRoomOf(deps.db, context),
  };
}

/** Issue 34 §1: the step now open and the participant's own, counted 1..n, while they wait their turn. */
function waitingStepOf(
  stage: string,
  signingOrder: "PARALLEL" | "PARTICIPANT",
  participants: readonly SigningParticipant[],
  participantId: string,
): SigningRoom["waitingStep"] {
  if (stage !== "WAITING_TURN" || signingOrder !== "PARTICIPANT") return null;
  const open = currentSigningStep(signingOrder, participants);
  const own = participants.find((candidate) => candidate.id === participantId);
  if (open === null || !own) return null;
  return {
    open: stepNumberOf(open, participants),
    yours: stepNumberOf(own.orderSequence, participants),
    steps: new Set(participants.map((candidate) => candidate.orderSequence)).size,
  };
}

/**
 * The documents with their eNote views: only a SMART Doc has one, and only its view needs the whole
 * document row (blob, content type), so a package of PDFs costs no further query.
 */
async function withSmartDocViews(
  deps: CoreDeps,
  documents: RoomDocument[],
  participants: RoomParticipant[],
  artifacts: SigningRoomRows["artifacts"],
): Promise<{ document: RoomDocument; eNote: SigningDocument["eNote"] }[]> {
  if (!documents.some((document) => document.format === "SMART_DOC")) {
    return documents.map((document) => ({ document, eNote: null }));
  }
  const rows = await deps.db.document.findMany({ where: { id: { in: documents.map((document) => document.id) } } });
  const views = new Map(
    (await withENoteViews(deps, rows, participants, artifacts)).map((view) => [view.document.id, view.eNote]),
  );
  return documents.map((document) => ({ document, eNote: views.get(document.id) ?? null }));
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
  participants: RoomParticipant[],
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
  const names = new Map(finished.map((candidate) => [candidate.id, participantName(candidate)]));
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
    if (tag.type === "SIGNATURE" || tag.type === "INITIALS" || tag.type === "WITNESS_SIGNATURE") {
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
