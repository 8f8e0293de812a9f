import { z } from "zod";
import { avSigningRoutes } from "./av-session.ts";
import { DATA_COLLECTION_FIELD_TYPES } from "./data-collection.ts";
import { executionTypeEnumSchema as executionTypeSchema } from "./documents.ts";
import { identityProofingRoutes } from "./identity-proofing.ts";
import { ID } from "./ids.ts";
import { inPersonRoomRoutes, inPersonRoomSchema } from "./in-person.ts";
import { participantLanguageSchema } from "./languages.ts";
import { notarizationSigningRoutes } from "./notarization.ts";
import { publicLogoRoutes } from "./organization-logo.ts";
import { PACKAGE_STATUS_TEXT } from "./package-status-schemas.ts";
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
  /** read the e-sign disclosure and agree (typing the consent PDF's code first when the organization asks) */
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
  /** issue 34 §3: the participant handed their part to someone else */
  "DELEGATED",
] as const;
export type ClosedReason = (typeof CLOSED_REASONS)[number];

export const ID_VERIFICATION_METHODS = ["NONE", "SMS_CODE", "KBA", "EMAIL_CODE"] as const;
export type IdVerificationMethod = (typeof ID_VERIFICATION_METHODS)[number];
export const idVerificationMethodSchema = z
  .enum(ID_VERIFICATION_METHODS)
  .describe(
    "How the participant proves who they are before signing: NONE, SMS_CODE (a six-digit code texted to their phone), KBA (questions answered from data the sender entered) or EMAIL_CODE (a six-digit code emailed to them; what a delegate gets unless the original used SMS)",
  );

export const PARTICIPANT_SIGNING_STATUSES = [
  "WAITING",
  "INVITED",
  "OPENED",
  "FINISHED",
  "DECLINED",
  "CONSENT_WITHDRAWN",
  "DELEGATED",
] as const;
export type ParticipantSigningStatus = (typeof PARTICIPANT_SIGNING_STATUSES)[number];
export const PARTICIPANT_SIGNING_STATUS_TEXT =
  "Where the participant is in the signing: WAITING (for their turn, or for the package to be sent), INVITED (link sent), OPENED (link opened), FINISHED, DECLINED, CONSENT_WITHDRAWN or DELEGATED (handed their part to a delegate)";
export const participantSigningStatusSchema = z
  .enum(PARTICIPANT_SIGNING_STATUSES)
  .describe(PARTICIPANT_SIGNING_STATUS_TEXT);

/** Knowledge-based questions asked from the participant's data the sender entered. */
export const KBA_QUESTIONS = ["dateOfBirth", "postalCode", "ssnLast4"] as const;
export type KbaQuestion = (typeof KBA_QUESTIONS)[number];

/** What the sender enters for knowledge-based verification (stored encrypted). */
export const kbaAnswersSchema = z
  .object({
    dateOfBirth: z.iso
      .date()
      .optional()
      .describe("Knowledge-based verification: the participant's date of birth, YYYY-MM-DD"),
    postalCode: z
      .string()
      .trim()
      .regex(/^\d{5}$/, "Enter a five-digit ZIP code.")
      .optional()
      .describe("Knowledge-based verification: the participant's five-digit US ZIP code"),
    ssnLast4: z
      .string()
      .trim()
      .regex(/^\d{4}$/, "Enter the last four digits.")
      .optional()
      .describe("Knowledge-based verification: the last four digits of the participant's Social Security number"),
  })
  .meta({
    id: "KbaAnswers",
    description: "The answers a participant must give to knowledge-based questions (stored encrypted, never returned)",
  });
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
  closedDelegated: "You handed this package to someone else to sign. The sender has been told.",
  closedNotAvailable: "This package is not available for signing.",
  notYourTurn: "Another participant must finish first. We will email you when it is your turn.",
  verificationFailed: "That did not match. Please try again.",
  verificationLocked: "Too many wrong attempts. Try again later or contact the sender.",
  consentRequired: "Please agree to do business electronically first.",
  consentCodeWrong: "The code does not match the one in the consent document.",
  consentCodeMissing: "Enter the code printed in the consent document.",
  signatureNotAdopted: "Adopt your signature and initials first.",
  requiredFieldsMissing: "Fill every required field before finishing.",
  tagNotYours: "This field belongs to another participant.",
  notFound: "Not found.",
  packageChanged: "The package changed while you were signing. Reload to continue.",
} as const;

const isoDate = z.string().describe("ISO 8601 time");

export const brandingSchema = z
  .object({
    organizationName: z.string().describe("The sending organization's name, shown in the room's header"),
    primaryColor: z
      .string()
      .describe("The organization's primary colour (a CSS colour) for the room's buttons and header"),
    primaryFontColor: z.string().describe("CSS colour of text drawn on the primary colour"),
    logoUrl: z
      .string()
      .nullable()
      .describe(
        "URL of the organization's logo (served on the signing origin); null: no logo, the name is shown instead",
      ),
  })
  .meta({ id: "SigningBranding", description: "How the sending organization brands the signing room" });
export type SigningBranding = z.infer<typeof brandingSchema>;

export const signingTagSchema = z
  .object({
    id: z.uuid().describe("The tag's id"),
    documentId: ID.documentId,
    type: z
      .enum(TAG_TYPES)
      .describe(
        "What the participant fills in: SIGNATURE and INITIALS apply the adopted image; DATE_SIGNED and FULL_NAME are filled by Signet; TEXT, CHECKBOX, RADIO and DROPDOWN are entered; CUSTOM_FIELD shows an organization field's value",
      ),
    page: z.number().int().describe("1-based page number"),
    x: z.number().describe("PDF points from the page's left edge"),
    y: z.number().describe("PDF points from the page's top edge"),
    width: z.number().describe("Width in PDF points"),
    height: z.number().describe("Height in PDF points"),
    required: z.boolean().describe("The participant must fill it before finishing"),
    label: z.string().nullable().describe("Text shown beside or inside the field; null: none"),
    options: z.array(z.string()).describe("DROPDOWN choices, in order; empty for other types"),
    groupName: z
      .string()
      .nullable()
      .describe("RADIO: buttons with the same group name form one group; null for other types"),
    optionValue: z.string().nullable().describe("RADIO: the value this button sets; null for other types"),
    customFieldName: z
      .string()
      .nullable()
      .describe("CUSTOM_FIELD: the name of the organization's custom field shown; null for other types"),
    defaultValue: z.string().nullable().describe("The value the field starts with, set by the sender; null: empty"),
    value: z
      .string()
      .nullable()
      .describe("What the participant entered; SIGNATURE/INITIALS: the applied image's SHA-256"),
  })
  .meta({ id: "SigningTag" });
export type SigningTag = z.infer<typeof signingTagSchema>;

/**
 * A field another participant already completed, shown read-only where the sealed PDF will show it.
 * Only participants who finished signing appear, and never a value of an encrypted custom field.
 */
export const signingCompletedTagSchema = z
  .object({
    id: z.uuid().describe("The tag's id"),
    documentId: ID.documentId,
    type: z.enum(TAG_TYPES).describe("The tag's type (see SigningTag.type)"),
    page: z.number().int().describe("1-based page number"),
    x: z.number().describe("PDF points from the page's left edge"),
    y: z.number().describe("PDF points from the page's top edge"),
    width: z.number().describe("Width in PDF points"),
    height: z.number().describe("Height in PDF points"),
    participantName: z.string().describe("Who filled it in"),
    text: z
      .string()
      .nullable()
      .describe("What the sealed PDF prints: the text or date; null for a check mark or an image"),
    checked: z.boolean().describe("CHECKBOX and RADIO: drawn as a check mark"),
    imageDataUrl: z.string().nullable().describe("SIGNATURE/INITIALS: data:image/png;base64,… of the image applied"),
  })
  .meta({ id: "SigningCompletedTag" });
export type SigningCompletedTag = z.infer<typeof signingCompletedTagSchema>;

export const signingRuleSchema = z
  .object({
    sourceTagId: ID.sourceTagId,
    targetTagId: ID.targetTagId,
    condition: z
      .enum(CONDITIONAL_RULE_CONDITIONS)
      .describe("HAS_VALUE: the source tag is filled in; EQUALS: its value equals `value`"),
    value: z.string().nullable().describe("EQUALS: the value compared with; null for HAS_VALUE"),
    action: z
      .enum(CONDITIONAL_RULE_ACTIONS)
      .describe(
        "SHOW: the target tag appears only while the condition holds; REQUIRE: it must be filled while the condition holds",
      ),
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
    areas: z
      .array(
        z.object({
          label: z.string().describe("Who signs there, e.g. 'BORROWER 1'"),
          tagId: ID.tagId.nullable().describe("The SIGNATURE tag of that signer on the eNote"),
        }),
      )
      .describe("The eNote's borrower signature areas, in the order of the VIEW"),
  })
  .meta({ id: "SigningENote" });

export const signingDocumentSchema = z
  .object({
    id: z.uuid().describe("The document's id"),
    name: z.string().describe("The document's name as the sender gave it"),
    numPages: z.number().int().describe("Number of pages"),
    pageSizes: z
      .array(
        z.object({
          width: z.number().describe("Page width in PDF points"),
          height: z.number().describe("Page height in PDF points"),
        }),
      )
      .describe("Each page's size in PDF points, first page first"),
    executionType: executionTypeSchema.describe("How THIS participant executes the document"),
    reviewed: z.boolean().describe("The participant has reviewed the document (all a View Only document needs)"),
    fileUrl: z.string().describe("GET it (same origin, session cookie) to show the PDF"),
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
    kind: z.enum(["SIGNATURE", "INITIALS"]).describe("SIGNATURE: the full signature; INITIALS: the initials"),
    method: z
      .enum(["TYPED", "DRAWN"])
      .describe("TYPED: rendered from typed text in a script font; DRAWN: drawn by hand"),
    text: z.string().nullable().describe("TYPED: the text typed; null when DRAWN"),
    sha256: z.string().describe("SHA-256 (hex) of the image, as recorded on each tag it is applied to"),
    imageDataUrl: z.string().describe("Data:image/png;base64,…"),
  })
  .meta({ id: "AdoptedSignature" });
export type AdoptedSignature = z.infer<typeof adoptedSignatureSchema>;

export const signingDownloadSchema = z
  .object({
    id: ID.artifactId,
    name: z.string().describe("The file's name, for the download link"),
    kind: z
      .enum(["DOCUMENT", "CERTIFICATE"])
      .describe("DOCUMENT: a sealed document; CERTIFICATE: the certificate of completion"),
    url: z.string().describe("GET it (same origin, session cookie) to download the PDF"),
  })
  .meta({ id: "SigningDownload" });

export const signingRoomSchema = z
  .object({
    stage: z
      .enum(SIGNING_STAGES)
      .describe(
        "Which screen the room shows (VERIFY, CONSENT, IDENTITY_PROOFING, WAITING_TURN, SIGN, FINISHED, CLOSED)",
      ),
    closedReason: z
      .enum(CLOSED_REASONS)
      .nullable()
      .describe(
        "CLOSED: why there is nothing to do (cancelled, expired, being corrected, consent withdrawn, declined, deleted, not available, delegated); null on other stages",
      ),
    delegatedTo: z
      .string()
      .nullable()
      .optional()
      .describe("closedReason DELEGATED: the name of the person this participant handed their part to; null otherwise"),
    language: participantLanguageSchema.describe(
      "The language the room speaks to this participant: the sender's choice, or the one the participant switched to",
    ),
    languages: z
      .array(participantLanguageSchema)
      .describe(
        "The languages the participant may switch to: all of them when the organization's multi-language flag is on, otherwise only the current one",
      ),
    branding: brandingSchema,
    /** issue 13 §2: the organization's session and signer upload settings */
    sessionRules: signingSessionRulesSchema.describe("The organization's session timeout and signer upload rules"),
    package: z
      .object({
        id: z.uuid().describe("The package's id"),
        name: z.string().describe("The package's name as the sender gave it"),
        status: z.string().describe(PACKAGE_STATUS_TEXT),
        emailIntroText: z
          .string()
          .nullable()
          .describe("The sender's message to participants from the invitation; null: none"),
        avEsign: z.boolean().optional().describe("Signing happens in the host's live A/V session (issue 16 §2)"),
      })
      .describe("The package being signed"),
    participant: z
      .object({
        id: z.uuid().describe("The participant's id"),
        displayName: z.string().describe("Upper-cased type plus the role number, e.g. 'BORROWER 1'"),
        name: z.string().describe("Given and family names, or the display name"),
        initials: z
          .string()
          .describe("The participant's initials: from their names, or from the type and number without names"),
        email: z
          .string()
          .nullable()
          .describe("The participant's email address; null when they are invited by text message or on paper"),
        type: z.string().describe("The participant's type as configured, e.g. Borrower"),
        role: participantRoleSchema,
        reviewOnly: z
          .boolean()
          .describe(
            "Nothing to sign or fill: only View Only documents to review (reviewsOnly). The room and consent speak of reviewing",
          ),
        status: participantSigningStatusSchema,
        finishedAt: isoDate.nullable(),
        witnessFor: z
          .string()
          .nullable()
          .describe(
            "Issue 34: the name of the signer this participant witnesses (they sign after that signer); null: not a witness",
          ),
        delegationAllowed: z
          .boolean()
          .optional()
          .describe("The sender lets this participant hand their part to someone else (Someone else should sign)"),
        delegatedFrom: z
          .string()
          .nullable()
          .optional()
          .describe("A delegate: the name of the participant who handed their part to them; null otherwise"),
      })
      .describe("The participant this session belongs to"),
    verification: z
      .object({
        method: idVerificationMethodSchema.describe(
          "How the participant proves who they are before consenting: NONE, SMS_CODE (a six-digit texted code) or KBA (knowledge questions)",
        ),
        verified: z
          .boolean()
          .describe("The participant has passed verification in this session (always true for NONE)"),
        phoneHint: z.string().nullable().describe("SMS_CODE: the masked phone a code goes to, e.g. ***-***-1234"),
        codeSent: z.boolean().describe("SMS_CODE or EMAIL_CODE: a code has been sent in this session"),
        emailHint: z
          .string()
          .nullable()
          .optional()
          .describe("EMAIL_CODE: the masked email a code goes to, e.g. a***@example.com"),
        questions: z.array(z.enum(KBA_QUESTIONS)).describe("KBA: the questions to answer"),
        attemptsLeft: z.number().int().describe("Wrong codes or answers left before the participant is locked out"),
        lockedUntil: isoDate.nullable(),
      })
      .describe("Where the participant stands with identity verification"),
    consent: z
      .object({
        given: z.boolean().describe("The participant has agreed to do business electronically for this package"),
        version: z
          .string()
          .describe(
            "The consent version shown: a changed disclosure or a new consent PDF is a new version, and participants consent again",
          ),
        sha256: z
          .string()
          .describe(
            "SHA-256 (hex) of the disclosure texts (DEFAULT) or of the consent PDF (CUSTOM), recorded with the consent",
          ),
        kind: z
          .enum(["DEFAULT", "CUSTOM"])
          .describe("DEFAULT: Signet's disclosure; CUSTOM: the organization's own consent document"),
        disclosure: z
          .array(z.string())
          .describe("The disclosure's paragraphs (DEFAULT), shown in the room as a page like the documents"),
        updatedOn: z
          .string()
          .describe("The day (YYYY-MM-DD) this disclosure was last changed: its text's date, or the custom upload's"),
        codeRequired: z
          .boolean()
          .describe(
            "The organization asks for the code printed in the consent PDF before the agreement; false: one 'I agree' records consent",
          ),
        documentUrl: z
          .string()
          .describe("The consent PDF (the disclosure to keep; with the code to type when codeRequired)"),
      })
      .describe("The e-sign consent (ESIGN Act disclosure) the participant must agree to before signing"),
    documents: z
      .array(signingDocumentSchema)
      .describe("The documents this participant reviews or signs, in package order"),
    tags: z.array(signingTagSchema).describe("This participant's tags only"),
    completedTags: z
      .array(signingCompletedTagSchema)
      .describe("Fields that participants who already finished filled in, on this participant's documents (read-only)"),
    rules: z
      .array(signingRuleSchema)
      .describe("Conditional rules that decide whether this participant's tags show or are required"),
    sourceTags: z
      .array(
        z.object({
          id: z.uuid().describe("The tag's id"),
          type: z.enum(TAG_TYPES).describe("The tag's type (see SigningTag.type)"),
          groupName: z.string().nullable().describe("RADIO: the group the button belongs to; null for other types"),
          optionValue: z.string().nullable().describe("RADIO: the value this button sets; null for other types"),
          value: z.string().nullable().describe("What the other participant entered; null: empty"),
        }),
      )
      .describe("Other participants' tags that rules on this participant's tags depend on (their values only)"),
    dataCollection: z
      .array(
        z.object({
          id: z.uuid().describe("The section's id"),
          name: z.string().describe("The section's heading"),
          description: z.string().nullable().describe("Text shown under the heading; null: none"),
          fields: z
            .array(
              z.object({
                id: z.uuid().describe("The question's id (used to answer it)"),
                label: z.string().describe("The question as shown to the participant"),
                type: z
                  .enum(DATA_COLLECTION_FIELD_TYPES)
                  .describe(
                    "The kind of answer: TEXT, NUMBER, DATE (YYYY-MM-DD), SELECT (one of options) or CHECKBOX (true or false)",
                  ),
                required: z.boolean().describe("The participant must answer before finishing"),
                options: z
                  .array(z.string())
                  .describe("The choices offered, in order; empty unless the question is a choice"),
                value: z.string().nullable().describe("The participant's answer so far; null: not answered"),
              }),
            )
            .describe("The questions of the section, in order"),
        }),
      )
      .describe("The sender's questions for this participant, by section"),
    stips: z
      .array(
        z.object({
          id: z.uuid().describe("The stipulation's id (used to upload files for it)"),
          name: z.string().describe('What the participant is asked to provide, e.g. "Photo ID"'),
          description: z.string().nullable().describe("More detail from the sender; null: none"),
          required: z.boolean().describe("The participant must upload at least one file before finishing"),
          uploads: z
            .array(
              z.object({
                id: ID.uploadId,
                fileName: z.string().describe("The uploaded file's name"),
                sizeBytes: z.number().int().describe("Size in bytes"),
              }),
            )
            .describe("The files uploaded so far (name and size in bytes)"),
        }),
      )
      .describe("Files the participant is asked to upload (stipulations)"),
    signature: adoptedSignatureSchema
      .nullable()
      .describe("The participant's adopted signature; null until they adopt one"),
    initials: adoptedSignatureSchema
      .nullable()
      .describe("The participant's adopted initials; null until they adopt them"),
    parentOrigin: z.string().nullable().describe("Set when embedded: the only origin events are posted to"),
    downloads: z.array(signingDownloadSchema).describe("After the package is sealed: the participant's copies"),
    waitingFor: z.array(z.string()).describe("Ordered signing: who is being waited for (display names)"),
    waitingStep: z
      .object({
        open: z.number().int().describe("The signing step now open (1 first)"),
        yours: z.number().int().describe("The participant's own signing step"),
        steps: z.number().int().describe("How many signing steps the package has"),
      })
      .nullable()
      .describe("Ordered signing, while the participant waits their turn: the steps counted 1..n; null otherwise"),
    inPerson: inPersonRoomSchema
      .nullable()
      .describe("Issue 34 §2a: the session is hosted in person on a member's device; null: an ordinary session"),
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

export const openSessionSchema = z
  .object({
    token: z
      .string()
      .min(10)
      .max(500)
      .describe(
        "The token of the signing link: from the emailed or texted link, or from a signing URL the API created",
      ),
  })
  .meta({ id: "OpenSigningSession" });
export const verifySchema = z
  .union([
    z.object({
      code: z
        .string()
        .trim()
        .regex(/^\d{6}$/, "Enter the six-digit code.")
        .describe("SMS_CODE: the six-digit code texted to the participant"),
    }),
    z.object({
      answers: z
        .partialRecord(z.enum(KBA_QUESTIONS), z.string().trim().max(100))
        .describe("KBA: the answer to each question asked (dateOfBirth as YYYY-MM-DD, postalCode, ssnLast4)"),
    }),
  ])
  .meta({ id: "SigningVerification" });
export const consentSchema = z
  .object({
    code: z
      .string()
      .trim()
      .min(1)
      .max(20)
      .optional()
      .describe(
        "The code printed in the consent PDF: required when the organization asks for it (room consent.codeRequired), otherwise not read",
      ),
    agree: z.literal(true).describe("Must be true: the participant agrees to do business electronically"),
  })
  .meta({ id: "SigningConsent" });
export const withdrawConsentSchema = z
  .object({
    reason: z
      .string()
      .trim()
      .max(1000)
      .nullish()
      .describe("Why the participant withdraws consent, told to the sender; omit or null: no reason given"),
  })
  .meta({ id: "WithdrawConsent" });
export const declineSchema = z
  .object({
    reason: z.string().trim().min(1).max(1000).describe("Why the participant declines to sign, told to the sender"),
  })
  .meta({ id: "DeclineSigning" });
export const DELEGATION_LIMITS = { reasonLength: 500 } as const;
export const delegateSigningSchema = z
  .object({
    givenName: z.string().trim().min(1, "Enter the first name.").max(100).describe("The delegate's given (first) name"),
    familyName: z.string().trim().min(1, "Enter the last name.").max(100).describe("The delegate's family (last) name"),
    email: z
      .string()
      .trim()
      .toLowerCase()
      .max(254)
      .pipe(z.email("Enter a valid email address."))
      .describe("The delegate's email address: their invitation and one-time code go there"),
    phoneNumber: z
      .string()
      .trim()
      .regex(/^\d{10}$/, "Enter ten digits.")
      .nullish()
      .describe("The delegate's mobile number, ten digits: required when the original verifies by text message"),
    reason: z
      .string()
      .trim()
      .min(1, "Say why someone else should sign.")
      .max(DELEGATION_LIMITS.reasonLength)
      .describe("Why someone else should sign, told to the sender and kept in the audit trail"),
  })
  .meta({ id: "DelegateSigning", description: "Hand this participant's part of the package to someone else" });
export type DelegateSigning = z.infer<typeof delegateSigningSchema>;
export const adoptSignatureSchema = z
  .object({
    kind: z.enum(["SIGNATURE", "INITIALS"]).describe("SIGNATURE: the full signature; INITIALS: the initials"),
    method: z.enum(["TYPED", "DRAWN"]).describe("TYPED: rendered from typed text; DRAWN: drawn by hand"),
    text: z.string().trim().max(100).nullish().describe("TYPED: the typed name or initials"),
    imageDataUrl: z
      .string()
      .max(Math.ceil((SIGNING_LIMITS.signatureImageBytes * 4) / 3) + 100)
      .regex(/^data:image\/png;base64,[A-Za-z0-9+/=]+$/, "A PNG image is required.")
      .describe("The image as a PNG data URL (data:image/png;base64,…), at most 200 KiB"),
  })
  .meta({ id: "AdoptSignature" });
export const tagValueSchema = z
  .object({
    value: z
      .string()
      .max(SIGNING_LIMITS.tagValueLength)
      .nullable()
      .describe(
        'The value entered: text, a date, the chosen option, or "true"/"false" for a check box; null clears the field',
      ),
  })
  .meta({ id: "SigningTagValue" });
export const answerSchema = z
  .object({
    value: z
      .string()
      .max(SIGNING_LIMITS.tagValueLength)
      .nullable()
      .describe("The participant's answer (a choice question: one of its options); null clears it"),
  })
  .meta({ id: "SigningAnswer" });
export const languageSchema = z
  .object({
    language: participantLanguageSchema.describe("The language the room speaks from now on"),
  })
  .meta({ id: "SigningLanguage" });

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
    response: z.object({
      message: z
        .string()
        .describe("A sentence to show the participant; the same whether or not a link was sent, so it reveals nothing"),
    }),
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
    summary: "Switch the room's language (when the organization lets participants switch)",
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
    summary:
      "Agree to do business electronically (with the code from the consent PDF when the organization asks for it)",
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
    response: z.object({
      fieldId: ID.fieldId,
      value: z.string().nullable().describe("The answer as stored; null: the answer was cleared"),
    }),
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
  delegateSigning: define({
    ...base,
    method: "POST",
    path: "/signing/delegate",
    summary:
      "Hand this participant's part to someone else (when the sender allows it): the delegate is invited with their own link and verification, this participant can no longer sign, the sender is told",
    params: noParams,
    body: delegateSigningSchema,
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

const collaborationToken = z
  .string()
  .min(10)
  .max(2000)
  .describe(
    "The token of a package collaboration link (the sender shares it so someone can follow the package read-only)",
  );

export const collaborationViewSchema = z
  .object({
    package: z
      .object({
        id: ID.packageId,
        name: z.string().describe("The package's name as the sender gave it"),
        status: z.string().describe(PACKAGE_STATUS_TEXT),
        shortId: z.string().describe("The package's short id, the reference shown to people"),
      })
      .describe("The shared package: its id, name, status and short id (the reference shown to people)"),
    organizationName: z.string().describe("The sending organization's name"),
    expiresAt: isoDate,
    documents: z
      .array(
        z.object({
          id: z.uuid().describe("The document's id"),
          name: z.string().describe("The document's name as the sender gave it"),
          numPages: z.number().int().describe("Number of pages"),
          executionType: executionTypeSchema,
          fileUrl: z.string().describe("GET it (same origin) to show the PDF"),
        }),
      )
      .describe("The package's documents the link lets the collaborator view"),
    participants: z
      .array(
        z.object({
          id: z.uuid().describe("The participant's id"),
          displayName: z.string().describe("Upper-cased type plus the role number, e.g. 'BORROWER 1'"),
          name: z.string().describe("Given and family names, or the display name"),
          status: participantSigningStatusSchema,
          finishedAt: isoDate.nullable(),
        }),
      )
      .describe("The package's participants and how far each has got"),
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
    verified: z
      .boolean()
      .describe("An unmodified sealed Signet document (its hash is one Signet sealed, and its signature verifies)"),
    sha256: z.string().describe("SHA-256 (hex) of the file checked"),
    signed: z.boolean().describe("The file carries a PDF signature at all"),
    signatureValid: z
      .boolean()
      .describe("The signature covers the file and its digest matches (false for a modified copy)"),
    kind: z
      .enum(["DOCUMENT", "CERTIFICATE"])
      .nullable()
      .describe(
        "What the sealed file is: DOCUMENT (a signed document) or CERTIFICATE (the certificate of completion); null when Signet did not seal it",
      ),
    documentName: z.string().nullable().describe("The sealed document's name; null when Signet did not seal the file"),
    packageName: z
      .string()
      .nullable()
      .describe("The name of the package the file belongs to; null when Signet did not seal the file"),
    packageShortId: z
      .string()
      .nullable()
      .describe("The package's short id (the reference shown to people); null when Signet did not seal the file"),
    organizationName: z
      .string()
      .nullable()
      .describe("The organization that sent the package; null when Signet did not seal the file"),
    sealedAt: isoDate.nullable(),
    certificateSubject: z
      .string()
      .nullable()
      .describe("Subject of the certificate the seal was made with; null when the file is not signed"),
    timestamped: z.boolean().describe("The signature carries a trusted timestamp (PAdES B-T or higher)"),
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
    summary: "The e-sign consent PDF: the disclosure, with the code to type when the organization asks for it",
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
    params: z.object({ token: collaborationToken }),
    response: collaborationViewSchema,
    status: 200,
  }),
  downloadCollaborationDocument: define({
    ...base,
    auth: "none",
    method: "GET",
    path: "/signing/collaboration/:token/documents/:documentId/file",
    summary: "A document of the package followed through a collaboration link",
    params: z.object({ token: collaborationToken, documentId: ID.documentId }),
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
  ...notarizationSigningRoutes,
  ...identityProofingRoutes,
  ...inPersonRoomRoutes,
  ...signingRoomFileRoutes,
  ...publicLogoRoutes,
} as const;
