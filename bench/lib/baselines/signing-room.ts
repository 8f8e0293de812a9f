import { createHash } from "node:crypto";
import {
  currentSigningStep,
  DEFAULT_SIGNING_ROOM_SETTINGS,
  type ExecutionType,
  isTurnOf,
  maskEmail,
  maskPhone,
  type ParticipantRole,
  participantDisplayName,
  participantExecutionType,
  participantInitials,
  reviewsOnly,
  type SettingName,
  SIGNING_FILE_PATHS,
  SIGNING_LIMITS,
  type SigningParticipant,
  settingValueOrDefault,
  stepNumberOf,
  waitingFor,
} from "@signet/contract";
import { consentOf, defaultConsentText, SIGNING_ROOM_SETTING_KEYS, SIGNING_SESSION_SETTING_KEYS } from "@signet/core";
import type { BaselineContext } from "./baseline-context.ts";

// GET /api/v1/signing/room by hand, answering the API's whole JSON (the scenario checks the key
// paths): the session by its secret's hash and everything the room shows, in ONE statement ($1 =
// sha256 of the cookie's secret, $2 = the setting keys the room reads). The session CTE is read once
// (unique index on SigningSession.secretHash); every other part is a subquery keyed by its ids, each
// on an index of the schema:
//   participant, package (+ organization's name and language flag): primary keys;
//   settings (branding, consent kind, session rules): OrganizationSetting (organizationId, key) unique;
//   consent: the newest custom consent upload (ConsentDocument by organization) and the participant's
//   newest live ConsentRecord, compared as the API does (version and hash of the text in force);
//   identity proofing: a passed attempt (A/V packages only ask for it);
//   everyone's progress, documents, per-participant execution types, conditional rules, source tags
//   of rules aimed at this participant, sealed artifacts: by packageId indexes; reviews, tags (+
//   values, custom field names), data-collection fields (+ answers), stips (+ uploads), adopted
//   signatures, the participant's tag count: by participantId indexes.
// The stage, consent in force, review-only wording, session rules and names are worked out in JS by
// the product's rules (the contract's pure functions, core's consent constants). Not written here,
// and refused loudly if the bench ever needs them: KBA questions (decrypting the sender's answers),
// eNote views of SMART Docs, and other participants' completed fields (none finished in the bench).
const ROOM_SQL = `WITH s AS (
  SELECT id, "organizationId", "packageId", "participantId", "expiresAt", "lastSeenAt", "revokedAt",
         "revokedReason", "verifiedAt", language, "codeSentAt", "verificationFailures", "lockedUntil", "parentOrigin",
         "hostedByUserId"
    FROM "SigningSession" WHERE "secretHash" = $1)
SELECT row_to_json(s) AS session,
  (SELECT row_to_json(x) FROM (
     SELECT id, "givenName", "middleName", "familyName", email, type, "roleNumber", role, "signingStatus",
            "idVerification", "phoneNumber", "finishedAt", "avHost", "witnessForParticipantId",
            "delegationAllowed", "delegatedFromParticipantId"
       FROM "Participant" WHERE id = s."participantId") x) AS participant,
  (SELECT row_to_json(x) FROM (
     SELECT p.id, p.name, p.status, p."emailIntroText", p."signingOrder", p."avEsign", p."cancelReason", p."sentAt",
            p."sealedAt", o.name AS "organizationName", o."enabledMultiLangSRSupport"
       FROM "Package" p JOIN "Organization" o ON o.id = p."organizationId" WHERE p.id = s."packageId") x) AS package,
  (SELECT json_object_agg(key, value) FROM "OrganizationSetting"
    WHERE "organizationId" = s."organizationId" AND key = ANY($2::text[])) AS settings,
  (SELECT json_build_object('version', c.version, 'sha256', c.sha256, 'createdAt', c."createdAt") FROM "ConsentDocument" c
    WHERE c."organizationId" = s."organizationId" ORDER BY c.version DESC LIMIT 1) AS "customConsent",
  (SELECT json_build_object('version', r."consentVersion", 'sha256', r."consentSha256") FROM "ConsentRecord" r
    WHERE r."participantId" = s."participantId" AND r."withdrawnAt" IS NULL ORDER BY r."grantedAt" DESC LIMIT 1) AS consent,
  EXISTS (SELECT 1 FROM "IdentityProofingAttempt" a WHERE a."participantId" = s."participantId"
             AND a."packageId" = s."packageId" AND a.outcome = 'PASSED') AS "identityProofed",
  (SELECT json_agg(json_build_object('id', id, 'orderSequence', "orderSequence", 'status', "signingStatus",
                                     'accessMethod', "accessMethod", 'role', role, 'type', type, 'roleNumber', "roleNumber", 'givenName', "givenName",
                                     'middleName', "middleName", 'familyName', "familyName",
                                     'witnessFor', "witnessForParticipantId", 'delegatedFrom', "delegatedFromParticipantId")
                   ORDER BY "orderSequence", "createdAt", id)
     FROM "Participant" WHERE "packageId" = s."packageId") AS everyone,
  (SELECT coalesce(json_agg(json_build_object('id', id, 'name', name, 'executionType', "executionType",
                                              'numPages', "numPages", 'pageSizes', "pageSizes", 'format', format)
                            ORDER BY "orderSequence", "createdAt"), '[]')
     FROM "Document" WHERE "packageId" = s."packageId") AS documents,
  (SELECT coalesce(json_agg(json_build_object('documentId', "documentId", 'participantId', "participantId",
                                              'executionType', "executionType")), '[]')
     FROM "DocumentParticipant" WHERE "packageId" = s."packageId") AS overrides,
  (SELECT count(*)::int FROM "Tag" WHERE "participantId" = s."participantId") AS "tagCount",
  (SELECT coalesce(array_agg("documentId"), '{}') FROM "DocumentReview" WHERE "participantId" = s."participantId") AS reviewed,
  (SELECT coalesce(json_agg(json_build_object(
            'id', t.id, 'documentId', t."documentId", 'type', t.type, 'page', t.page, 'x', t.x, 'y', t.y,
            'width', t.width, 'height', t.height, 'required', t.required, 'label', t.label, 'options', t.options,
            'groupName', t."groupName", 'optionValue', t."optionValue", 'customFieldName', cf.name,
            'defaultValue', t."defaultValue", 'value', v.value) ORDER BY t.page, t.y, t.x), '[]')
     FROM "Tag" t LEFT JOIN "TagValue" v ON v."tagId" = t.id LEFT JOIN "CustomField" cf ON cf.id = t."customFieldId"
    WHERE t."participantId" = s."participantId") AS tags,
  (SELECT coalesce(json_agg(json_build_object('sourceTagId', "sourceTagId", 'targetTagId', "targetTagId",
                                              'condition', condition, 'value', value, 'action', action)
                            ORDER BY "createdAt", id), '[]')
     FROM "ConditionalRule" WHERE "packageId" = s."packageId") AS rules,
  (SELECT coalesce(json_agg(json_build_object('id', t.id, 'type', t.type, 'groupName', t."groupName",
                                              'optionValue', t."optionValue", 'value', v.value)), '[]')
     FROM "Tag" t LEFT JOIN "TagValue" v ON v."tagId" = t.id
    WHERE t."packageId" = s."packageId" AND t."participantId" <> s."participantId"
      AND t.id IN (SELECT r."sourceTagId" FROM "ConditionalRule" r JOIN "Tag" target ON target.id = r."targetTagId"
                    WHERE r."packageId" = s."packageId" AND target."participantId" = s."participantId")) AS "sourceTags",
  (SELECT coalesce(json_agg(json_build_object('id', g.id, 'name', g.name, 'description', g.description, 'fields', (
            SELECT json_agg(json_build_object('id', f.id, 'label', f.label, 'type', f.type, 'required', f.required,
                                              'options', f.options, 'value', a.value) ORDER BY f."orderSequence")
              FROM "DataCollectionField" f LEFT JOIN "DataCollectionAnswer" a ON a."fieldId" = f.id
             WHERE f."groupId" = g.id AND f."participantId" = s."participantId")) ORDER BY g."orderSequence"), '[]')
     FROM "DataCollectionGroup" g WHERE g."packageId" = s."packageId" AND EXISTS (
       SELECT 1 FROM "DataCollectionField" f WHERE f."groupId" = g.id AND f."participantId" = s."participantId")) AS "dataCollection",
  (SELECT coalesce(json_agg(json_build_object('id', st.id, 'name', st.name, 'description', st.description,
            'required', st.required, 'uploads', (
              SELECT coalesce(json_agg(json_build_object('id', u.id, 'fileName', u."fileName", 'sizeBytes', u."sizeBytes")
                                       ORDER BY u."createdAt"), '[]')
                FROM "StipUpload" u WHERE u."stipId" = st.id)) ORDER BY st."orderSequence"), '[]')
     FROM "Stip" st WHERE st."participantId" = s."participantId") AS stips,
  (SELECT json_agg(json_build_object('kind', kind, 'method', method, 'text', text, 'sha256', sha256,
                                     'png', translate(encode(png, 'base64'), E'\\n', '')))
     FROM "ParticipantSignature" WHERE "participantId" = s."participantId") AS signatures,
  (SELECT coalesce(json_agg(json_build_object('id', id, 'documentId', "documentId", 'kind', kind, 'name', name)
                            ORDER BY kind DESC, "sealedAt"), '[]')
     FROM "SealedArtifact" WHERE "packageId" = s."packageId") AS artifacts
FROM s`;

const REVOCATION_REASONS = ["CANCELLED", "EXPIRED", "CORRECTED", "CONSENT_WITHDRAWN"];
const DONE_STATUSES = ["COMPLETED", "EDEPOSIT_PENDING", "EDEPOSITED", "PENDING_ENOTARY"];
const SESSION_COOKIE = "signet_sr_session";
/** the settings the room reads: its own (branding, consent kind) and the session rules' */
const SETTING_KEYS = [...SIGNING_ROOM_SETTING_KEYS, ...SIGNING_SESSION_SETTING_KEYS];

interface RoomRow {
  session: {
    id: string;
    expiresAt: string;
    lastSeenAt: string;
    revokedAt: string | null;
    revokedReason: string | null;
    verifiedAt: string | null;
    language: string;
    codeSentAt: string | null;
    verificationFailures: number;
    lockedUntil: string | null;
    parentOrigin: string | null;
    hostedByUserId: string | null;
  };
  participant: {
    id: string;
    givenName: string | null;
    middleName: string | null;
    familyName: string | null;
    email: string | null;
    type: string;
    roleNumber: number;
    role: ParticipantRole;
    signingStatus: SigningParticipant["status"];
    idVerification: string;
    phoneNumber: string | null;
    finishedAt: string | null;
    avHost: boolean;
    witnessForParticipantId: string | null;
    delegationAllowed: boolean;
    delegatedFromParticipantId: string | null;
  } | null;
  package: {
    id: string;
    name: string;
    status: string;
    emailIntroText: string | null;
    signingOrder: "PARALLEL" | "PARTICIPANT";
    avEsign: boolean;
    cancelReason: string | null;
    sentAt: string | null;
    sealedAt: string | null;
    organizationName: string;
    enabledMultiLangSRSupport: boolean;
  } | null;
  settings: Record<string, string> | null;
  customConsent: { version: number; sha256: string; createdAt: string } | null;
  consent: { version: string; sha256: string } | null;
  identityProofed: boolean;
  everyone: (Omit<SigningParticipant, "executionTypes" | "copyOnly"> & {
    role: ParticipantRole;
    type: string;
    roleNumber: number;
    givenName: string | null;
    middleName: string | null;
    familyName: string | null;
    witnessFor: string | null;
    delegatedFrom: string | null;
  })[];
  documents: {
    id: string;
    name: string;
    executionType: ExecutionType;
    numPages: number;
    pageSizes: unknown;
    format: string;
  }[];
  overrides: { documentId: string; participantId: string; executionType: ExecutionType }[];
  tagCount: number;
  reviewed: string[];
  tags: object[];
  rules: object[];
  sourceTags: object[];
  dataCollection: object[];
  stips: object[];
  signatures: { kind: string; method: string; text: string | null; sha256: string; png: string }[] | null;
  artifacts: { id: string; documentId: string | null; kind: string; name: string }[];
}

function cookieValue(header: string | undefined, name: string): string | null {
  for (const part of header?.split(";") ?? []) {
    const index = part.indexOf("=");
    if (index > 0 && part.slice(0, index).trim() === name) return decodeURIComponent(part.slice(index + 1).trim());
  }
  return null;
}

const fullName = (person: { givenName: string | null; middleName: string | null; familyName: string | null }) =>
  [person.givenName, person.middleName, person.familyName].filter(Boolean).join(" ");
const nameOf = (person: Parameters<typeof fullName>[0] & { type: string; roleNumber: number }) =>
  fullName(person) || participantDisplayName(person);

/** Why the room is closed, by the product's rule (DOMAIN.md §1), or null. */
function closedReasonOf(room: RoomRow & { participant: object; package: object }): string | null {
  const { session, participant, package: pkg } = room;
  if (session.revokedReason && REVOCATION_REASONS.includes(session.revokedReason)) return session.revokedReason;
  if (pkg.status === "CANCELLED") return pkg.cancelReason === "EXPIRED" ? "EXPIRED" : "CANCELLED";
  if (pkg.status === "CONSENT_WITHDRAWN") return "CONSENT_WITHDRAWN";
  if (pkg.status === "STARTED") return pkg.sentAt === null ? "CORRECTED" : "NOT_AVAILABLE";
  if (participant.signingStatus === "DECLINED") return "DECLINED";
  if (participant.signingStatus === "CONSENT_WITHDRAWN") return "CONSENT_WITHDRAWN";
  if (participant.signingStatus === "DELEGATED") return "DELEGATED";
  return null;
}

export function registerSigningRoomBaseline({ app, pool }: BaselineContext) {
  app.get("/baseline/signing/room", async (request, reply) => {
    const secret = cookieValue(request.headers.cookie, SESSION_COOKIE);
    if (!secret) return reply.code(401).send({ code: "SIGNING_SESSION_ENDED" });
    const { rows } = await pool.query<RoomRow>(ROOM_SQL, [
      createHash("sha256").update(secret).digest("hex"),
      SETTING_KEYS,
    ]);
    const room = rows[0];
    const now = Date.now();
    const session = room?.session;
    const setting = room?.settings ?? {};
    const idleMinutes = settingValueOrDefault("session_idle_minutes", setting.session_idle_minutes) as number;
    const lastSeen = session ? Date.parse(session.lastSeenAt) : 0;
    const idle = now - lastSeen > idleMinutes * 60_000;
    if (
      !room ||
      !session ||
      session.revokedReason === "LEFT" ||
      Date.parse(session.expiresAt) <= now ||
      (idle && !session.revokedAt)
    ) {
      return reply.code(401).send({ code: "SIGNING_SESSION_ENDED" });
    }
    // the API moves lastSeenAt at most every 30 s, so does the baseline
    if (now - lastSeen > 30_000) {
      await pool.query('UPDATE "SigningSession" SET "lastSeenAt" = now() WHERE id = $1', [session.id]);
    }
    const { participant, package: pkg } = room;
    if (!participant || !pkg) return reply.code(401).send({ code: "SIGNING_SESSION_ENDED" });

    const chosen = new Map(room.overrides.map((row) => [`${row.documentId}:${row.participantId}`, row.executionType]));
    const roles = new Map(room.everyone.map((row) => [row.id, row.role]));
    // a document's type for a participant: their own choice, else what their role makes of the document's
    const typeOf = (document: { id: string; executionType: ExecutionType }, id: string): ExecutionType | null => {
      const role = roles.get(id);
      if (!role) return null;
      return chosen.get(`${document.id}:${id}`) ?? participantExecutionType(role, document.executionType);
    };
    const progress: SigningParticipant[] = room.everyone.map((row) => ({
      id: row.id,
      orderSequence: row.orderSequence,
      status: row.status,
      copyOnly: row.role === "COPY",
      witnessFor: row.witnessFor,
      // a copy recipient is not waited for
      executionTypes:
        row.role === "COPY"
          ? []
          : room.documents.map((document) => typeOf(document, row.id)).filter((type) => type !== null),
    }));
    const ownTypes = room.documents.map((document) => typeOf(document, participant.id)).filter((type) => type !== null);
    const reviewOnly = reviewsOnly({ role: participant.role, executionTypes: ownTypes, tagCount: room.tagCount });
    // the consent in force, by core's pure rule over what the statement read
    const consent = consentOf(
      {
        esign_consent_type: settingValueOrDefault("esign_consent_type", setting.esign_consent_type) as "DEFAULT",
        esign_consent_code_required: settingValueOrDefault(
          "esign_consent_code_required",
          setting.esign_consent_code_required,
        ) as boolean,
      },
      room.customConsent ? { ...room.customConsent, blobKey: "" } : null,
      reviewOnly,
    );
    const given = room.consent?.version === consent.version && room.consent.sha256 === consent.sha256;
    const verified = participant.idVerification === "NONE" || session.verifiedAt !== null;
    const proofing = pkg.avEsign && !participant.avHost && participant.role === "SIGNER";
    const closedReason = closedReasonOf(room as RoomRow & { participant: object; package: object });
    const stage = closedReason
      ? "CLOSED"
      : participant.signingStatus === "FINISHED" || DONE_STATUSES.includes(pkg.status)
        ? "FINISHED"
        : !verified
          ? "VERIFY"
          : !given
            ? "CONSENT"
            : proofing && !room.identityProofed
              ? "IDENTITY_PROOFING"
              : !isTurnOf(pkg.signingOrder, progress, participant.id)
                ? "WAITING_TURN"
                : "SIGN";
    const showWork = stage === "SIGN" || stage === "FINISHED";
    if (participant.idVerification === "KBA") throw new Error("The baseline does not decrypt KBA answers");
    if (session.hostedByUserId) throw new Error("The baseline does not read in-person identity checks");
    const documents = showWork ? room.documents.filter((document) => typeOf(document, participant.id) !== null) : [];
    if (documents.some((document) => document.format === "SMART_DOC"))
      throw new Error("The baseline does not render eNote views");
    const othersFinished = room.everyone.some((row) => row.id !== participant.id && row.status === "FINISHED");
    if (showWork && othersFinished && documents.length > 0)
      throw new Error("The baseline does not draw other participants' completed fields");
    const language = pkg.enabledMultiLangSRSupport && session.language === "es" ? "es" : "en";
    const reviewed = new Set(room.reviewed);
    const adopted = (kind: string) => {
      const signature = room.signatures?.find((row) => row.kind === kind);
      return signature
        ? {
            kind,
            method: signature.method,
            text: signature.text,
            sha256: signature.sha256,
            imageDataUrl: `data:image/png;base64,${signature.png}`,
          }
        : null;
    };
    const artifacts = pkg.sealedAt && stage === "FINISHED" ? room.artifacts : [];
    const waitingIds = stage === "WAITING_TURN" ? waitingFor(pkg.signingOrder, progress, participant.id) : [];
    const openStep = stage === "WAITING_TURN" ? currentSigningStep(pkg.signingOrder, progress) : null;
    const ownStep = room.everyone.find((row) => row.id === participant.id)?.orderSequence;
    const waitingStep =
      pkg.signingOrder === "PARTICIPANT" && openStep !== null && ownStep !== undefined
        ? {
            open: stepNumberOf(openStep, progress),
            yours: stepNumberOf(ownStep, progress),
            steps: new Set(progress.map((row) => row.orderSequence)).size,
          }
        : null;
    const nameById = (id: string | null) => {
      const row = id ? room.everyone.find((candidate) => candidate.id === id) : undefined;
      return row ? nameOf(row) : null;
    };
    const delegate = room.everyone.findLast((row) => row.delegatedFrom === participant.id);
    const rule = <T>(name: SettingName) => settingValueOrDefault(name, setting[name]) as T;
    const lockedUntil = session.lockedUntil && Date.parse(session.lockedUntil) > now ? session.lockedUntil : null;
    return {
      stage,
      closedReason,
      delegatedTo: closedReason === "DELEGATED" && delegate ? nameOf(delegate) : null,
      language,
      languages: pkg.enabledMultiLangSRSupport ? ["en", "es"] : ["en"],
      branding: {
        organizationName: pkg.organizationName,
        primaryColor: setting.primary_color ?? DEFAULT_SIGNING_ROOM_SETTINGS.primary_color,
        primaryFontColor: setting.primary_font_color ?? DEFAULT_SIGNING_ROOM_SETTINGS.primary_font_color,
        logoUrl: setting.logo_url || null,
      },
      sessionRules: {
        entryMessage: rule<string>("session_entry_message"),
        finishUrl: rule<string>("session_exit_finish_url") || null,
        declineUrl: rule<string>("session_exit_decline_url") || null,
        timeoutUrl: rule<string>("session_exit_timeout_url") || null,
        idleMinutes,
        uploadTypes: rule<string[]>("signer_upload_allowed_types"),
        uploadMaxBytes: rule<number>("signer_upload_max_mb") * 1024 * 1024,
      },
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
        name: nameOf(participant),
        initials: participantInitials(participant),
        email: participant.email,
        type: participant.type,
        role: participant.role,
        reviewOnly,
        status: participant.signingStatus,
        finishedAt: participant.finishedAt ? new Date(participant.finishedAt).toISOString() : null,
        witnessFor: nameById(participant.witnessForParticipantId),
        delegationAllowed: participant.delegationAllowed,
        delegatedFrom: nameById(participant.delegatedFromParticipantId),
      },
      verification: {
        method: participant.idVerification,
        verified,
        phoneHint: participant.idVerification === "SMS_CODE" ? maskPhone(participant.phoneNumber) : null,
        codeSent: session.codeSentAt !== null,
        emailHint: participant.idVerification === "EMAIL_CODE" ? maskEmail(participant.email) : null,
        questions: [],
        attemptsLeft: Math.max(0, SIGNING_LIMITS.verificationAttempts - session.verificationFailures),
        lockedUntil: lockedUntil ? new Date(lockedUntil).toISOString() : null,
      },
      consent: {
        given,
        version: consent.version,
        sha256: consent.sha256,
        kind: consent.kind,
        disclosure: consent.kind === "DEFAULT" ? [...defaultConsentText(reviewOnly)[language]] : [],
        updatedOn: consent.updatedOn,
        codeRequired: consent.codeRequired,
        documentUrl: SIGNING_FILE_PATHS.consentDocument,
      },
      documents: documents.map((document) => ({
        id: document.id,
        name: document.name,
        numPages: document.numPages,
        pageSizes: document.pageSizes,
        executionType: typeOf(document, participant.id),
        reviewed: reviewed.has(document.id),
        fileUrl: SIGNING_FILE_PATHS.documentFile(document.id),
        format: document.format,
        eNote: null,
      })),
      tags: showWork ? room.tags : [],
      completedTags: [],
      rules: showWork ? room.rules : [],
      sourceTags: showWork ? room.sourceTags : [],
      dataCollection: showWork ? room.dataCollection : [],
      stips: showWork ? room.stips : [],
      signature: adopted("SIGNATURE"),
      initials: adopted("INITIALS"),
      parentOrigin: session.parentOrigin,
      downloads: artifacts.map((artifact) => ({
        id: artifact.id,
        name: artifact.kind === "CERTIFICATE" ? "Certificate of completion" : artifact.name,
        kind: artifact.kind,
        url: SIGNING_FILE_PATHS.download(artifact.id),
      })),
      waitingFor: room.everyone.filter((row) => waitingIds.includes(row.id)).map(nameOf),
      waitingStep,
      inPerson: null,
    };
  });
}
