import { z } from "zod";
import { ID } from "./ids.ts";
import { US_STATE_CODES } from "./print-settings.ts";
import { defineRouteEntry as define } from "./route-def.ts";

// Issue 34 §4: remote online notarization on top of the host-led A/V session (issue 16 §2). The
// session's host may be a commissioned notary (a NotaryProfile of an organization member whose email
// is the host participant's); documents of the package are marked for a notarial act (acknowledgment
// or jurat) and the notary completes each act in the live session, which writes the journal. The
// rules here are the common core; what differs between states is configurable (NOTARY_STATE_RULES).

export const NOTARIAL_ACT_TYPES = ["ACKNOWLEDGMENT", "JURAT"] as const;
export type NotarialActType = (typeof NOTARIAL_ACT_TYPES)[number];
export const NOTARIAL_ACT_WORDS: Record<NotarialActType, string> = {
  ACKNOWLEDGMENT: "Acknowledgment",
  JURAT: "Jurat",
};

export const NOTARIZATION_MESSAGES = {
  noProfile: "The session host has no notary profile: the notary adds one under Settings › Notary profile first.",
  profileExists: "You already have a notary profile in this organization: update it instead.",
  commissionExpired: (on: string) => `The notary's commission expired on ${on}: no notarial act can be performed.`,
  notProofed: (name: string) =>
    `${name} has not passed identity proofing: the notarial act cannot be performed until they do.`,
  actsPending: (documents: readonly string[]) =>
    `Every notarial act must be completed before the session can complete. Still to notarize: ${documents.join(", ")}.`,
  actDone: "This notarial act is already complete.",
  notSigned: (name: string) => `${name} has not signed yet: the notarial act is performed after the signature.`,
  notAvPackage: "Only a package signed in an A/V session can have notarial acts.",
  notDraft: "Notarial acts are chosen before the package is sent.",
  signerNotInPackage: "Each signer of the act must be a signer of this package.",
  documentNotInPackage: "The document is not in this package.",
  actExists: "This document already has a notarial act.",
  actTypeNotAllowed: (state: string, type: string) => `The notary's state (${state}) does not allow a ${type} online.`,
  feeTooHigh: (state: string, maxCents: number) =>
    `The fee is above the maximum for ${state} ($${(maxCents / 100).toFixed(2)}).`,
  sealNotPng: "The seal image must be a PNG file.",
  certificateInvalid: "The PKCS#12 file or its password is not valid.",
  certificateExpired: "The notary's signing certificate has expired.",
  notYourProfile: "Only the notary (or an administrator) can see or change this profile.",
  liveSessionRequired: "Notarial acts are performed during the live A/V session.",
} as const;

// ——— pure rules ———

/** The calendar day (UTC) of an instant, as YYYY-MM-DD. */
export const dayOf = (at: Date): string => at.toISOString().slice(0, 10);

/** A commission is valid through its expiry date (the whole day), never after it. */
export function commissionValidOn(expiresOn: string, at: Date): boolean {
  return dayOf(at) <= expiresOn;
}

/** What a state may change (NOTARY_STATE_RULES, JSON keyed by state code); the rest is the common core. */
export interface NotaryStateRule {
  /** years a journal entry (and the session recording) is kept */
  retentionYears?: number;
  /** the act types the state allows remotely */
  allowedActs?: NotarialActType[];
  /** the most a notary may charge per act, in cents */
  maxFeeCents?: number;
  /** wording of the notarial certificate per act type (placeholders below) */
  wording?: Partial<Record<NotarialActType, string>>;
}

export const notaryStateRuleSchema = z.object({
  retentionYears: z.number().int().min(1).max(100).optional(),
  allowedActs: z.array(z.enum(NOTARIAL_ACT_TYPES)).min(1).optional(),
  maxFeeCents: z.number().int().min(0).optional(),
  wording: z
    .object({ ACKNOWLEDGMENT: z.string().min(1), JURAT: z.string().min(1) })
    .partial()
    .optional(),
});
export const notaryStateRulesSchema = z.record(z.string(), notaryStateRuleSchema);

/**
 * The default wording, close to the short forms most states accept. Placeholders: {state},
 * {county}, {date}, {signers}, {notary}, {commission}, {expires}.
 */
export const DEFAULT_NOTARIAL_WORDING: Record<NotarialActType, string> = {
  ACKNOWLEDGMENT:
    "State of {state}{county}. This record was acknowledged before me on {date} by {signers}, who appeared by means of audio-video communication. {notary}, Notary Public, commission {commission}, my commission expires {expires}.",
  JURAT:
    "State of {state}{county}. Signed and sworn to (or affirmed) before me on {date} by {signers}, who appeared by means of audio-video communication. {notary}, Notary Public, commission {commission}, my commission expires {expires}.",
};

export interface NotarialWordingInput {
  state: string;
  county?: string | null;
  date: string;
  signers: readonly string[];
  notary: string;
  commission: string;
  expires: string;
}

/** The notarial certificate's text for one act, from the state's template or the default. */
export function notarialWording(type: NotarialActType, input: NotarialWordingInput, rule?: NotaryStateRule): string {
  const template = rule?.wording?.[type] ?? DEFAULT_NOTARIAL_WORDING[type];
  const signers =
    input.signers.length <= 1
      ? (input.signers[0] ?? "")
      : `${input.signers.slice(0, -1).join(", ")} and ${input.signers.at(-1)}`;
  const values: Record<string, string> = {
    state: input.state,
    county: input.county ? `, County of ${input.county}` : "",
    date: input.date,
    signers,
    notary: input.notary,
    commission: input.commission,
    expires: input.expires,
  };
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}

/** Whether the state allows the act remotely (all do when the state sets nothing). */
export function actAllowed(type: NotarialActType, rule?: NotaryStateRule): boolean {
  return !rule?.allowedActs || rule.allowedActs.includes(type);
}

/** The journal's retention in years for a state: the state's own, never under the configured default. */
export function journalRetentionYears(defaultYears: number, rule?: NotaryStateRule): number {
  return Math.max(defaultYears, rule?.retentionYears ?? 0);
}

/** One CSV field, quoted when it must be (RFC 4180), with spreadsheet formulas neutralised. */
function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export const NOTARY_JOURNAL_CSV_COLUMNS = [
  "performedAt",
  "notaryName",
  "commissionNumber",
  "commissionState",
  "actType",
  "documentName",
  "documentSha256",
  "signerName",
  "signerAddress",
  "identityProof",
  "feeCents",
  "recordingSessionId",
  "recordingSha256",
  "retainUntil",
] as const;

/** The journal as CSV: a header row, then one row per entry. */
export function notaryJournalCsv(entries: readonly NotaryJournalEntry[]): string {
  const rows = entries.map((entry) =>
    [
      entry.performedAt,
      entry.notaryName,
      entry.commissionNumber,
      entry.commissionState,
      entry.actType,
      entry.documentName,
      entry.documentSha256,
      entry.signerName,
      entry.signerAddress,
      `${entry.identityProof.method}: ${entry.identityProof.outcome} (credential check ${entry.identityProof.credentialCheck}, ${entry.identityProof.correctAnswers}/${entry.identityProof.questions} answers, ${entry.identityProof.provider})`,
      String(entry.feeCents),
      entry.recording.sessionId,
      entry.recording.sha256 ?? "",
      entry.retainUntil,
    ]
      .map(csvField)
      .join(","),
  );
  return `${[NOTARY_JOURNAL_CSV_COLUMNS.join(","), ...rows].join("\r\n")}\r\n`;
}

// ——— schemas ———

const isoDate = z.string().describe("ISO 8601 time");
const calendarDate = z.iso.date().describe("A calendar date, YYYY-MM-DD");
const base64 = (what: string, max: number) =>
  z
    .string()
    .min(1)
    .max(Math.ceil((max * 4) / 3) + 4)
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, "Must be base64")
    .describe(`${what}, base64-encoded (at most ${max / 1024} KB)`);

const profileFields = {
  notaryName: z.string().min(1).max(200).describe("The notary's name as commissioned"),
  commissionNumber: z.string().min(1).max(64).describe("The commission number"),
  commissionState: z.enum(US_STATE_CODES).describe("The commissioning state (two-letter US code)"),
  commissionExpiresOn: calendarDate.describe("The last day the commission is valid"),
  sealImage: base64("The notary's seal image (PNG)", 512 * 1024),
  certificateP12: base64("The notary's own signing certificate (PKCS#12 with key and chain)", 512 * 1024),
  certificatePassword: z.string().max(1024).describe("The PKCS#12 password"),
};

export const notaryProfileInputSchema = z.object(profileFields).meta({
  id: "NotaryProfileCreate",
  description: "A notary's commission, seal and signing certificate",
});
export const notaryProfilePatchSchema = z
  .object({
    version: z.number().int().min(1).describe("The profile's version as last read"),
    ...Object.fromEntries(Object.entries(profileFields).map(([key, schema]) => [key, schema.optional()])),
  })
  .meta({ id: "NotaryProfileUpdate", description: "The fields to change; a new certificate needs its password" });
export type NotaryProfileInput = z.infer<typeof notaryProfileInputSchema>;
export type NotaryProfilePatch = Partial<NotaryProfileInput> & { version: number };

export const notaryProfileSchema = z
  .object({
    id: z.uuid().describe("The notary profile's id"),
    userId: ID.userId,
    notaryName: z.string().describe("The notary's name as commissioned"),
    commissionNumber: z.string().describe("The commission number"),
    commissionState: z.string().describe("The commissioning state"),
    commissionExpiresOn: calendarDate.describe("The last day the commission is valid"),
    commissionValid: z.boolean().describe("The commission is valid today"),
    sealSha256: z.string().describe("SHA-256 of the seal image"),
    certificateSubject: z.string().describe("The signing certificate's subject"),
    certificateFingerprint: z.string().describe("SHA-256 fingerprint of the signing certificate"),
    certificateNotAfter: isoDate.describe("The signing certificate's expiry"),
    version: z.number().int().describe("Optimistic concurrency version"),
    updatedAt: isoDate,
  })
  .meta({ id: "NotaryProfile" });
export type NotaryProfile = z.infer<typeof notaryProfileSchema>;

export const notaryProfileListSchema = z
  .object({ records: z.array(notaryProfileSchema).describe("The caller's own profile; every profile for admins") })
  .meta({ id: "NotaryProfileList" });

export const notarialActInputSchema = z
  .object({
    documentId: ID.documentId.describe("The document to notarize"),
    actType: z.enum(NOTARIAL_ACT_TYPES).describe("ACKNOWLEDGMENT or JURAT"),
    participantIds: z.array(ID.participantId).min(1).max(20).describe("The signers the act is for"),
  })
  .meta({ id: "NotarialActCreate" });

export const notarialActSchema = z
  .object({
    id: z.uuid().describe("The notarial act's id"),
    documentId: ID.documentId,
    documentName: z.string().describe("The document's name"),
    actType: z.enum(NOTARIAL_ACT_TYPES).describe("ACKNOWLEDGMENT or JURAT"),
    participantIds: z.array(z.uuid()).describe("The signers the act is for"),
    signerNames: z.array(z.string()).describe("Their names"),
    status: z.enum(["PENDING", "COMPLETED"]).describe("PENDING until the notary completes it in the session"),
    feeCents: z.number().int().nullable().describe("The fee charged, in cents; null until completed"),
    completedAt: isoDate.nullable(),
  })
  .meta({ id: "NotarialAct" });
export type NotarialAct = z.infer<typeof notarialActSchema>;
export const notarialActListSchema = z
  .object({ records: z.array(notarialActSchema).describe("The package's notarial acts") })
  .meta({ id: "NotarialActList" });

export const completeNotarialActSchema = z
  .object({ feeCents: z.number().int().min(0).max(100_000_00).describe("The fee charged for the act, in cents") })
  .meta({ id: "CompleteNotarialAct" });

export const notaryJournalEntrySchema = z
  .object({
    id: z.uuid().describe("The journal entry's id"),
    notaryProfileId: z.uuid().describe("The notary's profile"),
    notaryName: z.string().describe("The notary"),
    commissionNumber: z.string().describe("The commission number at the time of the act"),
    commissionState: z.string().describe("The commissioning state"),
    packageId: ID.packageId,
    performedAt: isoDate.describe("When the act was performed"),
    actType: z.enum(NOTARIAL_ACT_TYPES).describe("ACKNOWLEDGMENT or JURAT"),
    documentName: z.string().describe("The document notarized"),
    documentSha256: z.string().describe("SHA-256 of the document as uploaded"),
    signerName: z.string().describe("The signer"),
    signerAddress: z.string().describe("The signer's address as given on the package ('' when none)"),
    identityProof: z
      .object({
        method: z.string().describe("How identity was proven"),
        provider: z.string().describe("The identity-proofing provider"),
        attemptId: z.uuid().describe("The proofing attempt"),
        outcome: z.string().describe("PASSED"),
        credentialCheck: z.string().describe("The credential analysis result at the provider"),
        correctAnswers: z.number().int().describe("Right answers of the knowledge quiz"),
        questions: z.number().int().describe("Questions of the knowledge quiz"),
        answeredAt: isoDate.nullable(),
      })
      .describe("The identity-proofing result and credential analysis"),
    feeCents: z.number().int().describe("The fee charged, in cents"),
    recording: z
      .object({
        sessionId: z.uuid().describe("The A/V session"),
        sha256: z.string().nullable().describe("SHA-256 of the stored recording; null until the session completes"),
      })
      .describe("The session recording's reference"),
    retainUntil: isoDate.describe("Kept until"),
  })
  .meta({ id: "NotaryJournalEntry" });
export type NotaryJournalEntry = z.infer<typeof notaryJournalEntrySchema>;
export const notaryJournalSchema = z
  .object({ records: z.array(notaryJournalEntrySchema).describe("Journal entries, oldest first") })
  .meta({ id: "NotaryJournal" });
export type NotaryJournal = z.infer<typeof notaryJournalSchema>;

const orgParams = z.object({ orgId: ID.orgId });
const profileParams = orgParams.extend({ profileId: z.uuid().describe("The notary profile's id") });
const packageParams = orgParams.extend({ packageId: ID.packageId });
const journalQuery = z.object({
  notaryProfileId: z.uuid().optional().describe("Only this notary's entries (admins); a notary sees their own"),
});
const member = { base: "api", version: 1, auth: "user", tags: ["notarization"] } as const;

export const notarizationRoutes = {
  createNotaryProfile: define({
    ...member,
    method: "POST",
    path: "/organizations/:orgId/notary-profiles",
    summary: "Self-service: the caller's notary profile (commission, seal image, own signing certificate)",
    params: orgParams,
    body: notaryProfileInputSchema,
    response: notaryProfileSchema,
    status: 201,
  }),
  listNotaryProfiles: define({
    ...member,
    method: "GET",
    path: "/organizations/:orgId/notary-profiles",
    summary: "The caller's notary profile; every notary profile of the organization for administrators",
    params: orgParams,
    response: notaryProfileListSchema,
    status: 200,
  }),
  getNotaryProfile: define({
    ...member,
    method: "GET",
    path: "/organizations/:orgId/notary-profiles/:profileId",
    summary: "One notary profile (its notary or an administrator)",
    params: profileParams,
    response: notaryProfileSchema,
    status: 200,
  }),
  updateNotaryProfile: define({
    ...member,
    method: "PATCH",
    path: "/organizations/:orgId/notary-profiles/:profileId",
    summary: "Change the notary's own profile (a renewed commission, a new seal or certificate)",
    params: profileParams,
    body: notaryProfilePatchSchema,
    response: notaryProfileSchema,
    status: 200,
  }),
  createNotarialAct: define({
    ...member,
    method: "POST",
    path: "/organizations/:orgId/packages/:packageId/notarial-acts",
    permission: ["MANAGE_DOCUMENTS_PACKAGES"],
    summary: "Mark a document of a draft A/V package for a notarial act (acknowledgment or jurat) for its signers",
    params: packageParams,
    body: notarialActInputSchema,
    response: notarialActSchema,
    status: 201,
  }),
  listNotarialActs: define({
    ...member,
    method: "GET",
    path: "/organizations/:orgId/packages/:packageId/notarial-acts",
    permission: ["VIEW_DOCUMENTS_PACKAGES"],
    summary: "The package's notarial acts and whether each is complete",
    params: packageParams,
    response: notarialActListSchema,
    status: 200,
  }),
  listNotaryJournal: define({
    ...member,
    method: "GET",
    path: "/organizations/:orgId/notary-journal",
    summary: "The notary journal as JSON: the caller's own entries, or every notary's for administrators",
    params: orgParams,
    query: journalQuery,
    response: notaryJournalSchema,
    status: 200,
  }),
  exportNotaryJournal: define({
    ...member,
    method: "GET",
    path: "/organizations/:orgId/notary-journal/export",
    summary: "The same journal as CSV (text/csv)",
    params: orgParams,
    query: journalQuery,
    produces: "text/csv",
    response: null,
    status: 200,
  }),
};

const signing = { base: "api", version: 1, auth: "participant", tags: ["notarization"] } as const;

/** Signing origin: the notary host's side of the acts. */
export const notarizationSigningRoutes = {
  listRoomNotarialActs: define({
    ...signing,
    method: "GET",
    path: "/signing/av-session/notarial-acts",
    summary: "The package's notarial acts as the session sees them",
    params: z.object({}),
    response: notarialActListSchema,
    status: 200,
  }),
  completeNotarialAct: define({
    ...signing,
    method: "POST",
    path: "/signing/av-session/notarial-acts/:actId/complete",
    summary:
      "Notary host only, in the live session: perform the act (commission valid, signers proofed and signed) and write the journal",
    params: z.object({ actId: z.uuid().describe("The notarial act's id") }),
    body: completeNotarialActSchema,
    response: notarialActSchema,
    status: 200,
  }),
};
