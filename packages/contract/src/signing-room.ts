import { z } from "zod";
import { avSigningRoutes } from "./av-session.ts";
import { DATA_COLLECTION_FIELD_TYPES } from "./data-collection.ts";
import { executionTypeEnumSchema as executionTypeSchema } from "./documents.ts";
import { identityProofingRoutes } from "./identity-proofing.ts";
import { ID } from "./ids.ts";
import { publicLogoRoutes } from "./organization-logo.ts";
import { participantRoleSchema } from "./participant-rules.ts";
import { defineRouteEntry as define, type RouteDef } from "./route-def.ts";
import { signingSessionRulesSchema } from "./session-upload-settings.ts";
import { CONDITIONAL_RULE_ACTIONS, CONDITIONAL_RULE_CONDITIONS, TAG_TYPES } from "./tag-rules.ts";

// The signing room's API (issue 5), served only on the signing origin (default port 8017) under
// /api/v1/signing. A participant's session is an HttpOnly cookie of that origin; every write also
// carries the SIGNING_ROOM_HEADER so that no other site can post to it (a custom header forces a
// CORS preflight, which the signing origin never grants).

export const SIGNING_ROOM_HEADER = "x-signet-signing-room";
export const SIGNING_SESSION_COOKIE = "signet_sr_session";

/** Where the participant is: the room shows one screen per stage. */
export const SIGNING_STAGES = [
  /** prove who you are (SMS code or knowledge questions) */
  "VERIFY",
  /** read the e-sign disclosure, open the consent PDF, type its code, agree */
  "CONSENT",
  /** A/V eSign signer: identity proofing (credential check and knowledge quiz) before the session */
  "IDENTITY_PROOFING",
  /** ordered signing: an earlier participant has not finished yet */
  "WAITING_TURN",
  /** review documents, adopt a signature, fill tags, answer questions, upload files, finish */
  "SIGN",
  /** this participant finished (downloads appear once the package is sealed) */
  "FINISHED",
  /** nothing to do here any more: see closedReason */
  "CLOSED",
] as const;
export type SigningStage = (typeof SIGNING_STAGES)[number];

export const CLOSED_REASONS = [
  "CANCELLED",
  "EXPIRED",
  "CORRECTED",
  "CONSENT_WITHDRAWN",
  "DECLINED",
  "DELETED",
  "NOT_AVAILABLE",
] as const;
export type ClosedReason = (typeof CLOSED_REASONS)[number];

export const ID_VERIFICATION_METHODS = ["NONE", "SMS_CODE", "KBA"] as const;
export type IdVerificationMethod = (typeof ID_VERIFICATION_METHODS)[number];
export const idVerificationMethodSchema = z.enum(ID_VERIFICATION_METHODS);

export const PARTICIPANT_SIGNING_STATUSES = [
  "WAITING",
  "INVITED",
  "OPENED",
  "FINISHED",
  "DECLINED",
  "CONSENT_WITHDRAWN",
] as const;
export type ParticipantSigningStatus = (typeof PARTICIPANT_SIGNING_STATUSES)[number];
export const participantSigningStatusSchema = z.enum(PARTICIPANT_SIGNING_STATUSES);

/** Knowledge-based questions asked from the participant's data the sender entered. */
export const KBA_QUESTIONS = ["dateOfBirth", "postalCode", "ssnLast4"] as const;
export type KbaQuestion = (typeof KBA_QUESTIONS)[number];

/** What the sender enters for knowledge-based verification (stored encrypted). */
export const kbaAnswersSchema = z
  .object({
    dateOfBirth: z.iso.date().optional().describe("YYYY-MM-DD"),
    postalCode: z
      .string()
      .trim()
      .regex(/^\d{5}$/, "Enter a five-digit ZIP code.")
      .optional(),
    ssnLast4: z
      .string()
      .trim()
      .regex(/^\d{4}$/, "Enter the last four digits.")
      .optional(),
  })
  .meta({ id: "KbaAnswers" });
export type KbaAnswers = z.infer<typeof kbaAnswersSchema>;

export const SIGNING_LIMITS = {
  /** how long an emailed or texted link works */
  linkDays: 7,
  /** how long an API signing URL works */
  apiLinkMinutes: 30,
  /** a session ends after this long without activity */
  sessionIdleMinutes: 30,
  /** wrong codes or answers before the participant is locked out */
  verificationAttempts: 3,
  verificationLockMinutes: 30,
  smsCodeMinutes: 10,
  /** at most this many code messages in a session */
  smsCodesPerSession: 5,
  signatureImageBytes: 200 * 1024,
  tagValueLength: 4000,
  stipUploadBytes: 20 * 1024 * 1024,
} as const;

/** Error codes the signing room answers with; the room shows its own (translated) text for each. */
export const SIGNING_ERROR_CODES = [
  "SIGNING_LINK_INVALID",
  "SIGNING_LINK_USED",
  "SIGNING_LINK_EXPIRED",
  "SIGNING_SESSION_ENDED",
  "SIGNING_CLOSED",
  "NOT_YOUR_TURN",
  "VERIFICATION_FAILED",
  "VERIFICATION_LOCKED",
  "CONSENT_REQUIRED",
  "CONSENT_CODE_WRONG",
  "SIGNATURE_NOT_ADOPTED",
  "REQUIRED_FIELDS_MISSING",
] as const;

export const SIGNING_MESSAGES = {
  linkInvalid: "This signing link is not valid.",
  linkUsed: "This signing link has already been used. Ask for a new link below.",
  linkExpired: "This signing link has expired. Ask for a new link below.",
  newLinkSent: "If this link was yours, a new one is on its way.",
  sessionEnded: "Your signing session has ended. Open your invitation link again.",
  closedCancelled: "This package was cancelled by the sender. There is nothing to sign.",
  closedExpired: "This package has expired. Contact the sender if you still need to sign.",
  closedCorrected: "The sender is correcting this package. You will receive a new invitation when it is ready.",
  closedConsentWithdrawn: "E-sign consent was withdrawn for this package. The sender has been told.",
  closedDeclined: "You declined to sign this package. The sender has been told.",
  closedNotAvailable: "This package is not available for signing.",
  notYourTurn: "Another participant must finish first. We will email you when it is your turn.",
  verificationFailed: "That did not match. Please try again.",
  verificationLocked: "Too many wrong attempts. Try again later or contact the sender.",
  consentRequired: "Please agree to do business electronically first.",
  consentCodeWrong: "The code does not match the one in the consent document.",
  signatureNotAdopted: "Adopt your signature and initials first.",
  requiredFieldsMissing: "Fill every required field before finishing.",
  tagNotYours: "This field belongs to another participant.",
  notFound: "Not found.",
  packageChanged: "The package changed while you were signing. Reload to continue.",
} as const;

const isoDate = z.string().describe("ISO 8601 time");

export const brandingSchema = z
  .object({
    organizationName: z.string(),
    primaryColor: z.string().describe("CSS colour"),
    primaryFontColor: z.string(),
    logoUrl: z.string().nullable(),
  })
  .meta({ id: "SigningBranding" });
export type SigningBranding = z.infer<typeof brandingSchema>;

export const signingTagSchema = z
  .object({
    id: z.uuid(),
    documentId: ID.documentId,
    type: z.enum(TAG_TYPES),
    page: z.number().int(),
    x: z.number(),
    y: z.number(),
    width: z.number(),
    height: z.number(),
    required: z.boolean(),
    label: z.string().nullable(),
    options: z.array(z.string()),
    groupName: z.string().nullable(),
    optionValue: z.string().nullable(),
    customFieldName: z.string().nullable(),
    defaultValue: z.string().nullable(),
    /** what the participant entered; SIGNATURE/INITIALS: the applied image's SHA-256 */
    value: z.string().nullable(),
  })
  .meta({ id: "SigningTag" });
export type SigningTag = z.infer<typeof signingTagSchema>;

/**
 * A field another participant already completed, shown read-only where the sealed PDF will show it.
 * Only participants who finished signing appear, and never a value of an encrypted custom field.
 */
export const signingCompletedTagSchema = z
  .object({
    id: z.uuid(),
    documentId: ID.documentId,
    type: z.enum(TAG_TYPES),
    page: z.number().int(),
    x: z.number(),
    y: z.number(),
    width: z.number(),
    height: z.number(),
    participantName: z.string().describe("Who filled it in"),
    /** what the sealed PDF prints: the text or date; null for a check mark or an image */
    text: z.string().nullable(),
    /** CHECKBOX and RADIO: drawn as a check mark */
    checked: z.boolean(),
    /** SIGNATURE/INITIALS: data:image/png;base64,… of the image applied */
    imageDataUrl: z.string().nullable(),
  })
  .meta({ id: "SigningCompletedTag" });
export type SigningCompletedTag = z.infer<typeof signingCompletedTagSchema>;

export const signingRuleSchema = z
  .object({
    sourceTagId: ID.sourceTagId,
    targetTagId: ID.targetTagId,
    condition: z.enum(CONDITIONAL_RULE_CONDITIONS),
    value: z.string().nullable(),
    action: z.enum(CONDITIONAL_RULE_ACTIONS),
  })
  .meta({ id: "SigningRule" });

/** Issue 15 §5: an eNote (SMART Doc) as the signing room shows it. */
export const signingENoteSchema = z
  .object({
    min: z.string().nullable().describe("The eNote's MERS MIN"),
    html: z
      .string()
      .describe(
        "The VIEW rebuilt as HTML from an allow-list on the server (no scripts, links, images or external references); each borrower signature area is an empty div[data-signature-area][data-tag-id]",
      ),
    areas: z.array(
      z.object({
        label: z.string().describe("Who signs there, e.g. 'BORROWER 1'"),
        tagId: ID.tagId.nullable().describe("The SIGNATURE tag of that signer on the eNote"),
      }),
    ),
  })
  .meta({ id: "SigningENote" });

export const signingDocumentSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    numPages: z.number().int(),
    pageSizes: z.array(z.object({ width: z.number(), height: z.number() })),
    executionType: executionTypeSchema.describe("How THIS participant executes the document"),
    reviewed: z.boolean(),
    /** GET it (same origin, session cookie) to show the PDF */
    fileUrl: z.string(),
    format: z
      .enum(["PDF", "SMART_DOC"])
      .optional()
      .describe("SMART_DOC: an eNote, shown from `eNote` instead of a PDF (absent means PDF)"),
    eNote: signingENoteSchema
      .nullable()
      .optional()
      .describe("SMART_DOC only: the eNote's VIEW and its signature areas"),
  })
  .meta({ id: "SigningDocument" });
export type SigningDocument = z.infer<typeof signingDocumentSchema>;

export const adoptedSignatureSchema = z
  .object({
    kind: z.enum(["SIGNATURE", "INITIALS"]),
    method: z.enum(["TYPED", "DRAWN"]),
    text: z.string().nullable(),
    sha256: z.string(),
    /** data:image/png;base64,… */
    imageDataUrl: z.string(),
  })
  .meta({ id: "AdoptedSignature" });
export type AdoptedSignature = z.infer<typeof adoptedSignatureSchema>;

export const signingDownloadSchema = z
  .object({ id: z.uuid(), name: z.string(), kind: z.enum(["DOCUMENT", "CERTIFICATE"]), url: z.string() })
  .meta({ id: "SigningDownload" });

export const signingRoomSchema = z
  .object({
    stage: z.enum(SIGNING_STAGES),
    closedReason: z.enum(CLOSED_REASONS).nullable(),
    language: z.enum(["en", "es"]),
    /** the organization's multi-language flag: offer Spanish */
    languages: z.array(z.enum(["en", "es"])),
    branding: brandingSchema,
    /** issue 13 §2: the organization's session and signer upload settings */
    sessionRules: signingSessionRulesSchema,
    package: z.object({
      id: z.uuid(),
      name: z.string(),
      status: z.string(),
      emailIntroText: z.string().nullable(),
      avEsign: z.boolean().optional().describe("Signing happens in the host's live A/V session (issue 16 §2)"),
    }),
    participant: z.object({
      id: z.uuid(),
      displayName: z.string(),
      name: z.string().describe("Given and family names, or the display name"),
      initials: z.string(),
      email: z.string().nullable(),
      type: z.string(),
      role: participantRoleSchema,
      reviewOnly: z
        .boolean()
        .describe(
          "Nothing to sign or fill: only View Only documents to review (reviewsOnly). The room and consent speak of reviewing",
        ),
      status: participantSigningStatusSchema,
      finishedAt: isoDate.nullable(),
    }),
    verification: z.object({
      method: idVerificationMethodSchema,
      verified: z.boolean(),
      /** SMS_CODE: the masked phone a code goes to, e.g. ***-***-1234 */
      phoneHint: z.string().nullable(),
      codeSent: z.boolean(),
      /** KBA: the questions to answer */
      questions: z.array(z.enum(KBA_QUESTIONS)),
      attemptsLeft: z.number().int(),
      lockedUntil: isoDate.nullable(),
    }),
    consent: z.object({
      given: z.boolean(),
      version: z.string(),
      sha256: z.string(),
      kind: z.enum(["DEFAULT", "CUSTOM"]),
      /** the disclosure's paragraphs (DEFAULT), shown before the PDF link */
      disclosure: z.array(z.string()),
      /** the consent PDF, which shows the code to type */
      documentUrl: z.string(),
    }),
    documents: z.array(signingDocumentSchema),
    tags: z.array(signingTagSchema).describe("This participant's tags only"),
    completedTags: z
      .array(signingCompletedTagSchema)
      .describe("Fields that participants who already finished filled in, on this participant's documents (read-only)"),
    rules: z.array(signingRuleSchema),
    sourceTags: z
      .array(
        z.object({
          id: z.uuid(),
          type: z.enum(TAG_TYPES),
          groupName: z.string().nullable(),
          optionValue: z.string().nullable(),
          value: z.string().nullable(),
        }),
      )
      .describe("Other participants' tags that rules on this participant's tags depend on (their values only)"),
    dataCollection: z.array(
      z.object({
        id: z.uuid(),
        name: z.string(),
        description: z.string().nullable(),
        fields: z.array(
          z.object({
            id: z.uuid(),
            label: z.string(),
            type: z.enum(DATA_COLLECTION_FIELD_TYPES),
            required: z.boolean(),
            options: z.array(z.string()),
            value: z.string().nullable(),
          }),
        ),
      }),
    ),
    stips: z.array(
      z.object({
        id: z.uuid(),
        name: z.string(),
        description: z.string().nullable(),
        required: z.boolean(),
        uploads: z.array(z.object({ id: z.uuid(), fileName: z.string(), sizeBytes: z.number().int() })),
      }),
    ),
    signature: adoptedSignatureSchema.nullable(),
    initials: adoptedSignatureSchema.nullable(),
    /** set when embedded: the only origin events are posted to */
    parentOrigin: z.string().nullable(),
    /** after the package is sealed: the participant's copies */
    downloads: z.array(signingDownloadSchema),
    /** ordered signing: who is being waited for (display names) */
    waitingFor: z.array(z.string()),
  })
  .meta({ id: "SigningRoom" });
export type SigningRoom = z.infer<typeof signingRoomSchema>;

/** Events the embedded room posts to its parent window (postMessage, to parentOrigin only). */
export const EMBEDDED_EVENTS = ["loaded", "consented", "signed", "declined", "finished", "error"] as const;
export type EmbeddedEvent = (typeof EMBEDDED_EVENTS)[number];
export interface EmbeddedEventMessage {
  source: "signet-signing-room";
  event: EmbeddedEvent;
  packageId: string | null;
  participantId: string | null;
  detail?: string;
}

export const openSessionSchema = z.object({ token: z.string().min(10).max(500) }).meta({ id: "OpenSigningSession" });
export const verifySchema = z
  .union([
    z.object({
      code: z
        .string()
        .trim()
        .regex(/^\d{6}$/, "Enter the six-digit code."),
    }),
    z.object({ answers: z.partialRecord(z.enum(KBA_QUESTIONS), z.string().trim().max(100)) }),
  ])
  .meta({ id: "SigningVerification" });
export const consentSchema = z
  .object({
    code: z.string().trim().min(1).max(20).describe("The code printed in the consent PDF"),
    agree: z.literal(true),
  })
  .meta({ id: "SigningConsent" });
export const withdrawConsentSchema = z
  .object({ reason: z.string().trim().max(1000).nullish() })
  .meta({ id: "WithdrawConsent" });
export const declineSchema = z.object({ reason: z.string().trim().min(1).max(1000) }).meta({ id: "DeclineSigning" });
export const adoptSignatureSchema = z
  .object({
    kind: z.enum(["SIGNATURE", "INITIALS"]),
    method: z.enum(["TYPED", "DRAWN"]),
    text: z.string().trim().max(100).nullish().describe("TYPED: the typed name or initials"),
    imageDataUrl: z
      .string()
      .max(Math.ceil((SIGNING_LIMITS.signatureImageBytes * 4) / 3) + 100)
      .regex(/^data:image\/png;base64,[A-Za-z0-9+/=]+$/, "A PNG image is required."),
  })
  .meta({ id: "AdoptSignature" });
export const tagValueSchema = z
  .object({ value: z.string().max(SIGNING_LIMITS.tagValueLength).nullable() })
  .meta({ id: "SigningTagValue" });
export const answerSchema = z
  .object({ value: z.string().max(SIGNING_LIMITS.tagValueLength).nullable() })
  .meta({ id: "SigningAnswer" });
export const languageSchema = z.object({ language: z.enum(["en", "es"]) }).meta({ id: "SigningLanguage" });

const noParams = z.object({});
const base = { base: "api", version: 1, auth: "participant", tags: ["signing room"] } as const;

/** Signing-room routes (signing origin only). auth 'participant': the signing session cookie. */
export const signingRoomRoutes = {
  openSigningSession: define({
    ...base,
    auth: "none",
    method: "POST",
    path: "/signing/sessions",
    summary: "Exchange a single-use link token for a signing session (sets the session cookie)",
    params: noParams,
    body: openSessionSchema,
    response: signingRoomSchema,
    status: 201,
  }),
  requestNewSigningLink: define({
    ...base,
    auth: "none",
    method: "POST",
    path: "/signing/link-renewals",
    summary: "Send a fresh link to the participant of a used or expired link (same email or phone)",
    params: noParams,
    body: openSessionSchema,
    response: z.object({ message: z.string() }),
    status: 202,
  }),
  getSigningRoom: define({
    ...base,
    method: "GET",
    path: "/signing/room",
    summary: "Everything the room shows for the current session",
    params: noParams,
    response: signingRoomSchema,
    status: 200,
  }),
  setSigningLanguage: define({
    ...base,
    method: "PUT",
    path: "/signing/language",
    summary: "Switch the room's language (Spanish when the organization allows it)",
    params: noParams,
    body: languageSchema,
    response: signingRoomSchema,
    status: 200,
  }),
  sendVerificationCode: define({
    ...base,
    method: "POST",
    path: "/signing/verification-codes",
    summary: "Text a one-time code to the participant's phone (SMS_CODE verification)",
    params: noParams,
    response: signingRoomSchema,
    status: 200,
  }),
  verifyParticipant: define({
    ...base,
    method: "POST",
    path: "/signing/verification",
    summary: "Check the one-time code or the knowledge answers (limited attempts, then locked)",
    params: noParams,
    body: verifySchema,
    response: signingRoomSchema,
    status: 200,
  }),
  giveConsent: define({
    ...base,
    method: "POST",
    path: "/signing/consent",
    summary: "Agree to do business electronically, with the code from the consent PDF",
    params: noParams,
    body: consentSchema,
    response: signingRoomSchema,
    status: 200,
  }),
  withdrawConsent: define({
    ...base,
    method: "POST",
    path: "/signing/consent-withdrawal",
    summary: "Withdraw e-sign consent: the package moves to CONSENT_WITHDRAWN, what was signed stays",
    params: noParams,
    body: withdrawConsentSchema,
    response: signingRoomSchema,
    status: 200,
  }),
  reviewDocument: define({
    ...base,
    method: "POST",
    path: "/signing/documents/:documentId/review",
    summary: "Record that the participant reviewed a document",
    params: z.object({ documentId: ID.documentId }),
    response: signingRoomSchema,
    status: 200,
  }),
  adoptSignature: define({
    ...base,
    method: "PUT",
    path: "/signing/signature",
    summary: "Adopt a signature or initials (typed in a script font or drawn), as a PNG",
    params: noParams,
    body: adoptSignatureSchema,
    response: signingRoomSchema,
    status: 200,
  }),
  fillTag: define({
    ...base,
    method: "PUT",
    path: "/signing/tags/:tagId",
    summary: "Fill (or clear, with null) one of the participant's tags",
    params: z.object({ tagId: ID.tagId }),
    body: tagValueSchema,
    response: signingTagSchema,
    status: 200,
  }),
  answerQuestion: define({
    ...base,
    method: "PUT",
    path: "/signing/data-collection/:fieldId",
    summary: "Answer one data-collection question",
    params: z.object({ fieldId: ID.fieldId }),
    body: answerSchema,
    response: z.object({ fieldId: ID.fieldId, value: z.string().nullable() }),
    status: 200,
  }),
  deleteStipUpload: define({
    ...base,
    method: "DELETE",
    path: "/signing/stips/:stipId/uploads/:uploadId",
    summary: "Remove a file the participant uploaded",
    params: z.object({ stipId: ID.stipId, uploadId: ID.uploadId }),
    response: null,
    status: 204,
  }),
  finishSigning: define({
    ...base,
    method: "POST",
    path: "/signing/finish",
    summary: "Finish: every required field, question and upload must be done (one transaction)",
    params: noParams,
    response: signingRoomSchema,
    status: 200,
  }),
  declineSigning: define({
    ...base,
    method: "POST",
    path: "/signing/decline",
    summary: "Decline to sign; the sender is told",
    params: noParams,
    body: declineSchema,
    response: signingRoomSchema,
    status: 200,
  }),
  endSigningSession: define({
    ...base,
    method: "DELETE",
    path: "/signing/session",
    summary: "Leave the signing room (ends the session)",
    params: noParams,
    response: null,
    status: 204,
  }),
} as const satisfies Record<string, RouteDef>;

/*
 * URLs of the signing origin's routes that answer files or read multipart bodies, for the apps that
 * link to them (their entries: signingRoomFileRoutes below):
 * - GET  /api/v1/signing/consent-document          the consent PDF with the participant's code
 * - GET  /api/v1/signing/documents/:documentId/file the document (sealed copy once sealed)
 * - POST /api/v1/signing/stips/:stipId/uploads      multipart, one file part "file"
 * - GET  /api/v1/signing/downloads/:artifactId      a sealed document or the certificate
 * - GET  /api/v1/signing/collaboration/:token[/documents/:documentId/file]
 * - POST /api/v1/seal-verifications                 multipart "file": public verification
 */
export const SIGNING_FILE_PATHS = {
  consentDocument: "/api/v1/signing/consent-document",
  documentFile: (documentId: string) => `/api/v1/signing/documents/${documentId}/file`,
  stipUploads: (stipId: string) => `/api/v1/signing/stips/${stipId}/uploads`,
  download: (artifactId: string) => `/api/v1/signing/downloads/${artifactId}`,
  collaboration: (token: string) => `/api/v1/signing/collaboration/${encodeURIComponent(token)}`,
  collaborationDocument: (token: string, documentId: string) =>
    `/api/v1/signing/collaboration/${encodeURIComponent(token)}/documents/${documentId}/file`,
  sealVerification: "/api/v1/seal-verifications",
} as const;

export const collaborationViewSchema = z
  .object({
    package: z.object({ id: z.uuid(), name: z.string(), status: z.string(), shortId: z.string() }),
    organizationName: z.string(),
    expiresAt: isoDate,
    documents: z.array(
      z.object({
        id: z.uuid(),
        name: z.string(),
        numPages: z.number().int(),
        executionType: executionTypeSchema,
        fileUrl: z.string(),
      }),
    ),
    participants: z.array(
      z.object({
        id: z.uuid(),
        displayName: z.string(),
        name: z.string(),
        status: participantSigningStatusSchema,
        finishedAt: isoDate.nullable(),
      }),
    ),
  })
  .meta({ id: "CollaborationView" });
export type CollaborationView = z.infer<typeof collaborationViewSchema>;

export const sealedCopySchema = z
  .object({
    documentName: z.string().describe("The name of the sealed file the copy was made of"),
    markedAt: isoDate.describe("When Signet marked and sealed the copy"),
    originalIntact: z
      .boolean()
      .describe("The sealed original is inside the copy, byte for byte, and its own seal still verifies"),
    custodian: z
      .object({
        name: z.string().describe("The eVault holding the authoritative copy"),
        transactionId: z.string().nullable().describe("The eVault's transaction id"),
        transferredAt: isoDate.nullable().describe("When the package was transferred to the eVault"),
      })
      .nullable()
      .describe("Who holds the authoritative copy, when the package was deposited in an eVault"),
    statement: z.string().describe("What the copy's own seal says it is, in words"),
  })
  .meta({ id: "SealedCopy", description: "What a watermarked copy of a sealed file is a copy of" });

/** PAdES baseline levels (ETSI EN 319 142-1), lowest to highest */
export const PADES_LEVELS = ["B-B", "B-T", "B-LT", "B-LTA"] as const;
export const padesLevelSchema = z
  .enum(PADES_LEVELS)
  .describe(
    "PAdES baseline level: B-B signed; B-T with a trusted timestamp; B-LT with long-term validation data (chain, OCSP, CRLs) in the file; B-LTA with a document timestamp over it all",
  );

export const sealVerificationSchema = z
  .object({
    /** an unmodified sealed Signet document (its hash is one Signet sealed, and its signature verifies) */
    verified: z.boolean(),
    sha256: z.string(),
    /** the file carries a PDF signature at all */
    signed: z.boolean(),
    /** the signature covers the file and its digest matches (false for a modified copy) */
    signatureValid: z.boolean(),
    kind: z.enum(["DOCUMENT", "CERTIFICATE"]).nullable(),
    documentName: z.string().nullable(),
    packageName: z.string().nullable(),
    packageShortId: z.string().nullable(),
    organizationName: z.string().nullable(),
    sealedAt: isoDate.nullable(),
    certificateSubject: z.string().nullable(),
    timestamped: z.boolean(),
    padesLevel: padesLevelSchema.nullable().describe("The level the file's seal reaches; null when it is not signed"),
    lastTimestamp: z
      .object({ time: isoDate, tsa: z.string().nullable().describe("The timestamp authority's name") })
      .nullable()
      .describe("The newest document timestamp (B-LTA), null below it"),
    copy: sealedCopySchema
      .nullable()
      .describe("Set when the file is a watermarked copy Signet issued of a sealed file, null otherwise"),
  })
  .meta({ id: "SealVerification" });
export type SealVerification = z.infer<typeof sealVerificationSchema>;

const fileOf = (description: string) =>
  z.object({ file: z.file().describe(description) }).describe("multipart/form-data with one file part named 'file'");

/** The signing origin's routes that answer files or read multipart bodies (URLs: SIGNING_FILE_PATHS). */
export const signingRoomFileRoutes = {
  downloadConsentDocument: define({
    ...base,
    method: "GET",
    path: "/signing/consent-document",
    summary: "The e-sign consent PDF, with the code to type when agreeing",
    response: null,
    produces: "application/pdf",
    status: 200,
  }),
  downloadSigningDocument: define({
    ...base,
    method: "GET",
    path: "/signing/documents/:documentId/file",
    summary: "A document of the package (its sealed copy once the package is sealed)",
    params: z.object({ documentId: ID.documentId }),
    response: null,
    produces: "application/pdf",
    status: 200,
  }),
  downloadSealedCopy: define({
    ...base,
    method: "GET",
    path: "/signing/downloads/:artifactId",
    summary: "A sealed document or the certificate of completion, once the package is sealed",
    params: z.object({ artifactId: ID.artifactId }),
    response: null,
    produces: "application/pdf",
    status: 200,
  }),
  uploadStip: define({
    ...base,
    method: "POST",
    path: "/signing/stips/:stipId/uploads",
    summary: `Upload a file the sender asked for (at most ${SIGNING_LIMITS.stipUploadBytes / 1024 / 1024} MB)`,
    params: z.object({ stipId: ID.stipId }),
    multipart: fileOf("The requested file").meta({ id: "StipUpload" }),
    response: signingRoomSchema,
    status: 201,
  }),
  getCollaborationView: define({
    ...base,
    auth: "none",
    method: "GET",
    path: "/signing/collaboration/:token",
    summary: "Follow a package through a collaboration link: its documents and who has signed",
    params: z.object({ token: z.string().min(10).max(2000) }),
    response: collaborationViewSchema,
    status: 200,
  }),
  downloadCollaborationDocument: define({
    ...base,
    auth: "none",
    method: "GET",
    path: "/signing/collaboration/:token/documents/:documentId/file",
    summary: "A document of the package followed through a collaboration link",
    params: z.object({ token: z.string().min(10).max(2000), documentId: ID.documentId }),
    response: null,
    produces: "application/pdf",
    status: 200,
  }),
  verifySealedDocument: define({
    ...base,
    auth: "none",
    method: "POST",
    path: "/seal-verifications",
    summary: "Public: is this PDF an unmodified document sealed by Signet? (rate limited)",
    multipart: fileOf("The PDF to check").meta({ id: "SealVerificationUpload" }),
    response: sealVerificationSchema,
    status: 200,
  }),
} as const satisfies Record<string, RouteDef>;

/** Every route of the signing origin, by id: the table its OpenAPI document is built from. */
export const signingOriginRoutes = {
  ...signingRoomRoutes,
  ...avSigningRoutes,
  ...identityProofingRoutes,
  ...signingRoomFileRoutes,
  ...publicLogoRoutes,
} as const;
