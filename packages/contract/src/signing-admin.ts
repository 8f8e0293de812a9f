import { z } from "zod";
import { ID } from "./ids.ts";
import { MAIL_HEADER_TEXT, MAIL_HEADER_TEXT_MESSAGE } from "./mail-header-text.ts";
import { pageSchema } from "./paging.ts";
import { recordCreatedAt, recordVersion } from "./record-fields.ts";
import { defineRouteEntry as define, type RouteDef } from "./route-def.ts";
import { padesLevelSchema, participantSigningStatusSchema } from "./signing-room.ts";

// The member and integrator side of signing (issue 5): signing URLs for API participants and
// embedding, the package's verification (audit chain and stored hashes), sealed files, and the
// organization's signing-room settings (consent, embedding origins, branding, email).

/** Spec §3 Signing-room participant identifier. */
export const signingRoomIdentifierSchema = z
  .object({
    identifier: z.string().describe("The participant's signing-room identifier (use it to ask for a signing URL)"),
    participantUid: ID.participantUid,
    packageUid: ID.packageUid,
    organizationUid: ID.organizationUid,
    givenName: z.string().nullable().describe("The participant's given (first) name; null: not given"),
    middleName: z.string().nullable().describe("The participant's middle name; null: none"),
    familyName: z.string().nullable().describe("The participant's family (last) name; null: not given"),
    generationQualifier: z
      .string()
      .nullable()
      .describe("Generation qualifier after the family name, e.g. Jr. or III; null: none"),
    email: z.string().nullable().describe("The participant's email address; null: none"),
    phoneNumber: z.string().nullable().describe("The participant's mobile phone number, ten digits; null: none"),
    type: z.string().describe("The participant's type as configured, e.g. Borrower"),
    accessMethod: z
      .enum(["EMAIL", "SMS", "API"])
      .describe("How the participant gets their signing link: EMAIL, SMS, or API (your system asks for a signing URL)"),
    signingStatus: participantSigningStatusSchema,
  })
  .meta({ id: "SigningRoomIdentifier" });
export type SigningRoomIdentifier = z.infer<typeof signingRoomIdentifierSchema>;

export const createSigningUrlSchema = z
  .object({
    parentOrigin: z
      .url()
      .nullish()
      .describe("Embedding page's origin: must be allowed in the organization's embedded signing settings"),
  })
  .meta({ id: "CreateSigningUrl" });
export type CreateSigningUrl = z.infer<typeof createSigningUrlSchema>;

export const signingUrlSchema = z
  .object({
    signingURL: z
      .string()
      .describe("The signing room link for the participant: open it (or frame it, when embedded) once; it works once"),
    expiresAt: z.string().describe("When the link stops working (ISO 8601 time), 30 minutes after it was made"),
  })
  .meta({ id: "SigningUrl" });
export type SigningUrl = z.infer<typeof signingUrlSchema>;

export const sealedArtifactSchema = z
  .object({
    id: z.uuid().describe("The sealed file's id"),
    kind: z
      .enum(["DOCUMENT", "CERTIFICATE"])
      .describe("DOCUMENT: a sealed document; CERTIFICATE: the certificate of completion"),
    name: z.string().describe("The sealed file's name"),
    documentId: ID.documentId.nullable(),
    sha256Before: z
      .string()
      .nullable()
      .describe(
        "SHA-256 (hex) of the document before it was sealed (the signed but unsealed PDF); null for the certificate",
      ),
    sha256: z.string().describe("SHA-256 (hex) of the sealed file as stored"),
    sizeBytes: z.number().int().describe("Size in bytes"),
    sealedAt: z.string().describe("When the file was sealed (ISO 8601 time)"),
    timestamped: z.boolean().describe("The seal carries a trusted timestamp (PAdES B-T or higher)"),
    padesLevel: padesLevelSchema.nullable().describe("null for an eNote, or a file sealed before levels were recorded"),
    lastTimestampAt: z
      .string()
      .nullable()
      .describe("When the newest document timestamp was added (ISO 8601 time); null: none (below B-LTA)"),
    lastTimestampTsa: z
      .string()
      .nullable()
      .describe("The timestamp authority of the newest document timestamp; null: none"),
    certificateSubject: z.string().describe("Subject of the certificate the file was sealed with"),
  })
  .meta({ id: "SealedArtifact" });
export type SealedArtifact = z.infer<typeof sealedArtifactSchema>;

export const packageVerificationSchema = z
  .object({
    chain: z
      .object({
        valid: z.boolean().describe("Every event of the package's audit log links to the one before it"),
        events: z.number().int().describe("Number of events checked"),
        brokenAt: z
          .number()
          .int()
          .nullable()
          .describe("The position (1 first) of the first event that breaks the chain; null: none"),
      })
      .describe("The audit log's hash chain: valid when every event holds the SHA-256 of the one before it"),
    documents: z
      .array(
        z.object({
          id: z.uuid().describe("The document's id"),
          name: z.string().describe("The document's name"),
          sha256: z.string().describe("SHA-256 of the stored original, recorded at upload"),
          originalIntact: z.boolean().describe("The stored original still hashes to sha256"),
          sha256AtSend: z
            .string()
            .nullable()
            .describe("SHA-256 of the stored original recorded when the package was sent; null before sending"),
          unchangedSinceSend: z
            .boolean()
            .nullable()
            .describe("The stored original still hashes to sha256AtSend; null when the package was never sent"),
          problems: z.array(z.string()).describe("Why this document's checks failed, in words; empty when they pass"),
        }),
      )
      .describe("The package's documents and whether their stored originals are unchanged"),
    artifacts: z
      .array(
        sealedArtifactSchema.extend({
          intact: z.boolean().describe("The stored sealed file still hashes to sha256"),
          signatureValid: z.boolean().describe("Its PDF signature covers the whole file and verifies"),
        }),
      )
      .describe("The sealed files, each checked again"),
    sealedAt: z.string().nullable().describe("When the package was sealed (ISO 8601 time); null: not sealed yet"),
    valid: z.boolean().describe("Chain, originals and sealed files all check out"),
  })
  .meta({ id: "PackageVerification" });
export type PackageVerification = z.infer<typeof packageVerificationSchema>;

export const CONSENT_TYPES = ["DEFAULT", "CUSTOM"] as const;

/** Organization settings of the signing room, each stored as text under its key. */
export const signingRoomSettingsSchema = z
  .object({
    esign_consent_type: z
      .enum(CONSENT_TYPES)
      .describe("DEFAULT: Signet's e-sign disclosure; CUSTOM: the organization's uploaded consent PDF"),
    esign_consent_code_required: z
      .boolean()
      .describe(
        "Participants type a code printed in the consent PDF before agreeing (a stricter showing that they can open PDFs); false: one 'I agree' after the disclosure shown in the room",
      ),
    embedded_allowed_origins: z
      // a codec, not a transform: this schema is also the response, and answers are encoded (a
      // one-way transform cannot be, and made every answer with an allowed origin a 500)
      .array(z.codec(z.url(), z.string(), { decode: (url) => new URL(url).origin, encode: (origin) => origin }))
      .max(20)
      .describe("Origins allowed to frame the signing room (frame-ancestors)"),
    default_id_verification: z
      .enum(["NONE", "SMS_CODE", "KBA"])
      .describe(
        "The identity check new participants get unless the sender chooses another: NONE, SMS_CODE (a texted six-digit code) or KBA (knowledge questions)",
      ),
    email_from_text: z
      .string()
      .trim()
      .max(100)
      .regex(MAIL_HEADER_TEXT, MAIL_HEADER_TEXT_MESSAGE)
      .describe("Display name of invitation emails"),
    email_reply_to: z.union([z.literal(""), z.email()]).describe("Reply-To address of invitation emails; empty: none"),
    primary_color: z
      .string()
      .regex(/^#[0-9a-fA-F]{6}$/, "Use a colour like #1c7ed6.")
      .describe("The signing room's primary colour, #RRGGBB"),
    primary_font_color: z
      .string()
      .regex(/^#[0-9a-fA-F]{6}$/, "Use a colour like #ffffff.")
      .describe("The colour of text on the primary colour, #RRGGBB"),
    logo_url: z.union([z.literal(""), z.url()]).describe("URL of a logo for the signing room; empty: none set here"),
  })
  .meta({ id: "SigningRoomSettings" });
export type SigningRoomSettings = z.infer<typeof signingRoomSettingsSchema>;
export type SigningRoomSettingKey = keyof SigningRoomSettings;

export const DEFAULT_SIGNING_ROOM_SETTINGS: SigningRoomSettings = {
  esign_consent_type: "DEFAULT",
  esign_consent_code_required: false,
  embedded_allowed_origins: [],
  default_id_verification: "NONE",
  email_from_text: "",
  email_reply_to: "",
  primary_color: "#1c7ed6",
  primary_font_color: "#ffffff",
  logo_url: "",
};

export const updateSigningRoomSettingsSchema = signingRoomSettingsSchema
  .partial()
  .strict()
  .meta({ id: "UpdateSigningRoomSettings" });
export type UpdateSigningRoomSettings = z.infer<typeof updateSigningRoomSettingsSchema>;

export const SIGNING_ADMIN_MESSAGES = {
  /** spec §5 */
  customConsentMissing: "Please upload a custom eSign consent file to be used",
  consentUploaded: "eSign custom version uploaded",
  embeddedDisabled: "Embedded signing is not enabled for this organization.",
  originNotAllowed: "This origin is not allowed to embed the signing room. Add it in the signing room settings.",
  notAvailable: "Signing URLs are available only while the package is out for signature.",
  participantFinished: "This participant has already finished.",
  certificateInvalid: "The seal certificate could not be read: wrong password or not a PKCS#12 file.",
  certificateExpired: "This certificate has expired.",
  /** package verification (issue 10 §5) */
  originalUnreadable: "The stored original could not be read.",
  originalChangedSinceUpload: "The stored original no longer matches the SHA-256 recorded at upload.",
  originalChangedSinceSend:
    "The stored original no longer matches the SHA-256 recorded when the package was sent: it was changed after sending.",
  /** the zip of sealed files (issue 11 §4) */
  notSealedYet:
    "This package is not sealed yet. Its sealed documents can be downloaded once every participant has finished and Signet has sealed it.",
} as const;

export const customConsentSchema = z
  .object({
    id: z.uuid().describe("The consent document's id"),
    version: recordVersion,
    fileName: z.string().describe("The consent PDF's file name as uploaded"),
    sha256: z.string().describe("SHA-256 (hex) of the consent PDF, recorded when a participant consents"),
    sizeBytes: z.number().int().describe("Size in bytes"),
    createdAt: recordCreatedAt,
  })
  .meta({ id: "CustomConsent" });
export type CustomConsent = z.infer<typeof customConsentSchema>;

export const sealCertificateInfoSchema = z
  .object({
    source: z
      .enum(["ORGANIZATION", "SYSTEM"])
      .describe(
        "ORGANIZATION: the organization uploaded its own certificate; SYSTEM: the installation's certificate is used",
      ),
    subject: z.string().describe("The certificate's subject (distinguished name)"),
    fingerprint: z.string().describe("SHA-256 fingerprint of the certificate (hex)"),
    notAfter: z.string().describe("When the certificate expires (ISO 8601 time)"),
    timestampAuthority: z
      .string()
      .nullable()
      .describe("The timestamp authority (TSA) URL seals are timestamped by; null: none, seals stop at B-B"),
    padesLevel: padesLevelSchema.describe(
      "The level new seals reach with this certificate: B-LTA needs a TSA and a certificate from a CA that publishes OCSP or CRLs; a self-signed one stops at B-T",
    ),
  })
  .meta({ id: "SealCertificateInfo" });
export type SealCertificateInfo = z.infer<typeof sealCertificateInfoSchema>;

const packageParams = z.object({ orgId: ID.orgId, packageId: ID.packageId });
const orgParams = z.object({ orgId: ID.orgId });
const v9 = { base: "api", version: 9, auth: "user" } as const;
const v1 = { base: "api", version: 1, auth: "user" } as const;

export const signingAdminRoutes = {
  listSigningRoomIdentifiers: define({
    ...v9,
    method: "GET",
    path: "/organizations/:orgId/packages/:packageId/signing-room-identifiers",
    permission: ["VIEW_DOCUMENTS_PACKAGES"],
    summary: "Spec §3 signing-room participant identifiers of the package",
    tags: ["signing room"],
    params: packageParams,
    response: pageSchema(signingRoomIdentifierSchema).meta({ id: "SigningRoomIdentifierList" }),
    status: 200,
  }),
  createSigningUrl: define({
    ...v9,
    method: "POST",
    path: "/organizations/:orgId/packages/:packageId/signing-room-identifiers/:participantId/signing-urls",
    permission: ["MANAGE_DOCUMENTS_PACKAGES"],
    summary: "A single-use signing URL for a participant (API access, in person, or embedded with parentOrigin)",
    tags: ["signing room"],
    params: z.object({ orgId: ID.orgId, packageId: ID.packageId, participantId: ID.participantId }),
    body: createSigningUrlSchema,
    response: signingUrlSchema,
    status: 201,
  }),
  getPackageVerification: define({
    ...v9,
    method: "GET",
    path: "/organizations/:orgId/packages/:packageId/verification",
    permission: ["VIEW_DOCUMENTS_PACKAGES"],
    summary: "Re-checks the audit chain, the stored originals and the sealed files",
    tags: ["signing room"],
    params: packageParams,
    response: packageVerificationSchema,
    status: 200,
  }),
  listSealedArtifacts: define({
    ...v9,
    method: "GET",
    path: "/organizations/:orgId/packages/:packageId/sealed-artifacts",
    permission: ["VIEW_DOCUMENTS_PACKAGES"],
    summary: "The sealed documents and the certificate of completion (download: …/sealed-artifacts/{id}/file)",
    tags: ["signing room"],
    params: packageParams,
    response: pageSchema(sealedArtifactSchema).meta({ id: "SealedArtifactList" }),
    status: 200,
  }),
  getSigningRoomSettings: define({
    ...v1,
    method: "GET",
    path: "/organizations/:orgId/settings/signing-room",
    permission: ["VIEW_ADMIN_SETTINGS", "VIEW_DOCUMENTS_PACKAGES"],
    summary: "Signing room settings: consent, embedding origins, ID verification, email, branding",
    tags: ["settings"],
    params: orgParams,
    response: signingRoomSettingsSchema,
    status: 200,
  }),
  updateSigningRoomSettings: define({
    ...v1,
    method: "PATCH",
    path: "/organizations/:orgId/settings/signing-room",
    permission: ["MANAGE_ADMIN_SETTINGS"],
    summary: "Change signing room settings (CUSTOM consent needs an uploaded consent file)",
    tags: ["settings"],
    params: orgParams,
    body: updateSigningRoomSettingsSchema,
    response: signingRoomSettingsSchema,
    status: 200,
  }),
  listCustomConsents: define({
    ...v1,
    method: "GET",
    path: "/organizations/:orgId/custom-consents",
    permission: ["VIEW_ADMIN_SETTINGS"],
    summary: "Uploaded custom e-sign consent versions, newest first (upload: POST multipart 'file')",
    tags: ["settings"],
    params: orgParams,
    response: pageSchema(customConsentSchema).meta({ id: "CustomConsentList" }),
    status: 200,
  }),
  getSealCertificate: define({
    ...v1,
    method: "GET",
    path: "/organizations/:orgId/seal-certificate",
    permission: ["VIEW_ADMIN_SETTINGS"],
    summary: "The certificate that seals this organization's documents (its own, or the system's)",
    tags: ["settings"],
    params: orgParams,
    response: sealCertificateInfoSchema,
    status: 200,
  }),
  deleteSealCertificate: define({
    ...v1,
    method: "DELETE",
    path: "/organizations/:orgId/seal-certificate",
    permission: ["MANAGE_ADMIN_SETTINGS"],
    summary: "Go back to the system certificate (upload your own: PUT multipart 'file' + 'password')",
    tags: ["settings"],
    params: orgParams,
    response: null,
    status: 204,
  }),
  // the routes below answer files (produces): defineRoute sends what the handler returns as a download
  downloadSealedArtifact: define({
    ...v9,
    method: "GET",
    path: "/organizations/:orgId/packages/:packageId/sealed-artifacts/:artifactId/file",
    permission: ["VIEW_DOCUMENTS_PACKAGES"],
    summary: "Download a sealed document or the certificate of completion (application/pdf)",
    tags: ["signing room"],
    params: packageParams.extend({ artifactId: ID.artifactId }),
    produces: "application/pdf",
    response: null,
    status: 200,
  }),
  downloadSealedArtifactsZip: define({
    ...v9,
    method: "GET",
    path: "/organizations/:orgId/packages/:packageId/sealed-artifacts-zip",
    permission: ["VIEW_DOCUMENTS_PACKAGES"],
    summary:
      "Every sealed document and the certificate of completion in one zip (application/zip); 409 while the package is not sealed",
    tags: ["signing room"],
    params: packageParams,
    produces: "application/zip",
    response: null,
    status: 200,
  }),
  uploadCustomConsent: define({
    ...v1,
    method: "POST",
    path: "/organizations/:orgId/custom-consents",
    permission: ["MANAGE_ADMIN_SETTINGS"],
    summary: "Upload a custom e-sign consent PDF (multipart 'file'): a new consent version",
    tags: ["settings"],
    params: orgParams,
    multipart: z.object({ file: z.file().describe("The consent PDF") }).meta({ id: "CustomConsentUpload" }),
    response: customConsentSchema,
    status: 201,
  }),
  uploadSealCertificate: define({
    ...v1,
    method: "PUT",
    path: "/organizations/:orgId/seal-certificate",
    permission: ["MANAGE_ADMIN_SETTINGS"],
    summary: "Use the organization's own PKCS#12 to seal (multipart 'file' and 'password')",
    tags: ["settings"],
    params: orgParams,
    multipart: z
      .object({
        file: z.file().describe("The PKCS#12 (.p12/.pfx) holding the key and its certificate chain, at most 1 MB"),
        password: z.string().optional().describe("The PKCS#12 password"),
      })
      .meta({ id: "SealCertificateUpload" }),
    response: sealCertificateInfoSchema,
    status: 200,
  }),
} as const satisfies Record<string, RouteDef>;

/** Binary or multipart routes of the main API (no contract body). */
export const SIGNING_ADMIN_FILE_PATHS = {
  sealedArtifactFile: (orgId: string, packageId: string, artifactId: string) =>
    `/api/v9/organizations/${orgId}/packages/${packageId}/sealed-artifacts/${artifactId}/file`,
  sealedArtifactsZip: (orgId: string, packageId: string) =>
    `/api/v9/organizations/${orgId}/packages/${packageId}/sealed-artifacts-zip`,
  customConsents: (orgId: string) => `/api/v1/organizations/${orgId}/custom-consents`,
  sealCertificate: (orgId: string) => `/api/v1/organizations/${orgId}/seal-certificate`,
} as const;
