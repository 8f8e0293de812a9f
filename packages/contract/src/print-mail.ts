import { z } from "zod";
import { ID } from "./ids.ts";
import { MAILING_STATUSES, type MailingStatus } from "./mailing-statuses.ts";
import { pageQuerySchema, pageSchema } from "./paging.ts";
import { postalAddressOutSchema, postalAddressSchema } from "./print-settings.ts";
import { recordCreatedAt, recordUpdatedAt } from "./record-fields.ts";
import { defineRouteEntry as define } from "./route-def.ts";

// Print and mail fulfillment (issue 16 §4; spec §3 enablePrintFulfillment, printServiceProvider,
// printMailMilestoneError, paperOrder/stipsOrder; §7 mailings and the mailing report; DOMAIN.md §9).

/** Why a print set was made: a Paper participant, Paper documents, or a borrower who withdrew e-consent. */
export const MAILING_REASONS = ["PAPER_PARTICIPANT", "PAPER_DOCUMENTS", "CONSENT_WITHDRAWN"] as const;
export type MailingReason = (typeof MAILING_REASONS)[number];
export const MAILING_REASON_WORDS: Record<MailingReason, string> = {
  PAPER_PARTICIPANT: "Signs on paper",
  PAPER_DOCUMENTS: "Paper documents",
  CONSENT_WITHDRAWN: "Withdrew e-sign consent",
};

export const LEG_DIRECTIONS = ["OUTBOUND", "RETURN"] as const;
export type LegDirection = (typeof LEG_DIRECTIONS)[number];
export const LEG_DIRECTION_WORDS: Record<LegDirection, string> = {
  OUTBOUND: "To the recipient",
  RETURN: "Back to the sender",
};

/** DOMAIN.md §9 carrier milestones; RETURNED_TO_SENDER and FAILED are exceptions (printMailMilestoneError). */
export const MILESTONE_CODES = ["READY", "PRINTING", "MAILED", "DELIVERED", "RETURNED_TO_SENDER", "FAILED"] as const;
export type MilestoneCode = (typeof MILESTONE_CODES)[number];
export const MILESTONE_WORDS: Record<MilestoneCode, string> = {
  READY: "Ready",
  PRINTING: "Printing",
  MAILED: "Mailed",
  DELIVERED: "Delivered",
  RETURNED_TO_SENDER: "Returned to sender",
  FAILED: "Failed",
};
export const isMilestoneError = (code: MilestoneCode) => code === "RETURNED_TO_SENDER" || code === "FAILED";

export const MAILING_ERROR_STATUSES: readonly MailingStatus[] = ["SUBMIT_FAILED", "RETURNED_TO_SENDER", "FAILED"];

/** The status a milestone moves a mailing to (the return leg's delivery means the papers came back). */
export function mailingStatusAfter(direction: LegDirection, code: MilestoneCode): MailingStatus {
  if (code === "RETURNED_TO_SENDER" || code === "FAILED") return code;
  if (direction === "RETURN") return code === "DELIVERED" ? "RETURNED" : "DELIVERED";
  if (code === "READY") return "SUBMITTED";
  return code;
}

/** Milestone order, so a late or repeated callback never moves a mailing backwards. */
export function mailingStatusRank(status: MailingStatus): number {
  const order: MailingStatus[] = [
    "QUEUED",
    "SUBMIT_FAILED",
    "SUBMITTED",
    "PRINTING",
    "MAILED",
    "DELIVERED",
    "RETURNED",
  ];
  const index = order.indexOf(status);
  return index < 0 ? 100 : index;
}

export const PRINT_MAIL_MESSAGES = {
  mailingNotFound: "Mailing not found",
  participantNotFound: "Participant not found",
  scanNotFound: "Scan not found",
  notEnabled: "Print and mail fulfillment is not enabled for this package.",
  setupMissing: "Print fulfillment is not set up for this organization: ask an administrator to set it up in Settings.",
  notPaperRecipient:
    "Only a participant who signs on paper, has paper documents or withdrew e-sign consent can be mailed a print set.",
  nothingToPrint: "This participant has no documents to print.",
  wrongStatus: "A print set can be mailed only while the package is out for signature or consent was withdrawn.",
  alreadyMailed: "A print set for this participant is already on its way.",
  /** a send-check warning (not a blocker): the set is not mailed automatically */
  noMailingAddress: "No mailing address: mail the print set from the package page",
  notRetryable: "Only a mailing the printer did not accept can be sent again.",
  queued: "Print set queued for mailing",
  retried: "Mailing sent to the printer again",
  scanSaved: "Scan attached as a copy",
  scanRequired: "Upload failed. Attach the scan as the multipart part 'contents'.",
  scanType: "Upload failed. A scan must be a PDF, PNG or JPEG file.",
  badSignature: "The callback signature is missing or wrong.",
} as const;

const mailingIdParams = z.object({ orgId: ID.orgId, packageId: ID.packageId, mailingId: ID.mailingId });
const packageParams = z.object({ orgId: ID.orgId, packageId: ID.packageId });
const orgParams = z.object({ orgId: ID.orgId });

export const mailingMilestoneSchema = z
  .object({
    code: z
      .enum(MILESTONE_CODES)
      .describe("The milestone: READY, PRINTING, MAILED, DELIVERED, or the exceptions RETURNED_TO_SENDER and FAILED"),
    occurredAt: z.string().describe("When it happened, as the print vendor reported it (ISO 8601 time)"),
    detail: z.string().nullable().describe("The vendor's detail, e.g. why delivery failed; null: none"),
  })
  .meta({ id: "MailingMilestone" });

export const mailingLegSchema = z
  .object({
    direction: z
      .enum(LEG_DIRECTIONS)
      .describe("OUTBOUND: to the recipient; RETURN: the signed papers back to the organization"),
    carrier: z.string().nullable().describe("The carrier of this leg, e.g. USPS; null until the vendor reports it"),
    service: z
      .string()
      .nullable()
      .describe("The carrier's service level, e.g. First-Class; null until the vendor reports it"),
    trackingNumber: z.string().nullable().describe("The carrier's tracking number; null until the vendor reports it"),
    milestones: z.array(mailingMilestoneSchema).describe("In the order they happened"),
  })
  .meta({ id: "MailingLeg" });

export const mailingScanSchema = z
  .object({
    id: z.uuid().describe("The scan's id"),
    fileName: z.string().describe("The scan's file name as uploaded"),
    contentType: z.string().describe("The scan's media type: application/pdf, image/png or image/jpeg"),
    sha256: z.string().describe("SHA-256 of the scan: a copy; the wet-signed paper is the original"),
    sizeBytes: z.number().int().describe("Size in bytes"),
    uploadedBy: z
      .string()
      .nullable()
      .describe("The name of the user who uploaded the scan; null when that user no longer exists"),
    createdAt: recordCreatedAt,
  })
  .meta({ id: "MailingScan" });
export type MailingScan = z.infer<typeof mailingScanSchema>;

export const mailingSchema = z
  .object({
    id: z.uuid().describe("The mailing's id"),
    packageId: ID.packageId,
    packageName: z.string().describe("The package's name"),
    participantId: ID.participantId.nullable(),
    reason: z
      .enum(MAILING_REASONS)
      .describe(
        "Why the print set was made: PAPER_PARTICIPANT (the participant signs on paper), PAPER_DOCUMENTS (documents executed on paper), CONSENT_WITHDRAWN (the participant withdrew e-sign consent)",
      ),
    recipientName: z.string().describe("The addressee's name"),
    recipientAddress: postalAddressOutSchema,
    provider: z.string().describe("Print service provider code"),
    vendorJobId: z.string().nullable().describe("The print vendor's job id; null until the vendor accepted the job"),
    status: z
      .enum(MAILING_STATUSES)
      .describe(
        "The mailing's status: QUEUED, SUBMIT_FAILED (the vendor did not accept it; retry), SUBMITTED, PRINTING, MAILED, DELIVERED, RETURNED (the signed papers came back), RETURNED_TO_SENDER or FAILED (undeliverable)",
      ),
    milestoneError: z.boolean().describe("A leg was returned to sender or failed"),
    printSetSha256: z
      .string()
      .nullable()
      .describe("SHA-256 (hex) of the print set PDF sent to the vendor; null until it is made"),
    pageCount: z.number().int().describe("Pages in the print set"),
    submitAttempts: z.number().int().describe("How many times Signet has submitted the job to the vendor"),
    lastError: z.string().nullable().describe("Why the last submission failed; null: it did not fail"),
    legs: z
      .array(mailingLegSchema)
      .describe("The outbound leg and, once the papers are on their way back, the return leg"),
    scans: z.array(mailingScanSchema).describe("Scans of the wet-signed papers uploaded as copies"),
    createdAt: recordCreatedAt,
    lastUpdatedAt: recordUpdatedAt,
  })
  .meta({ id: "Mailing" });
export type Mailing = z.infer<typeof mailingSchema>;

export const mailingListSchema = z
  .object({
    records: z.array(mailingSchema).describe("The package's mailings, newest first"),
    count: z.number().int().describe("Total number of mailings of the package"),
    printMailMilestoneError: z.boolean().describe("Spec §3: a mailing of this package was returned or failed"),
    candidates: z
      .array(
        z.object({
          participantId: ID.participantId,
          name: z.string().describe("The participant's name"),
          reason: z.enum(MAILING_REASONS).describe("Why a print set would be made for them (see Mailing.reason)"),
          mailed: z.boolean().describe("A mailing to them is already under way"),
        }),
      )
      .describe("Participants a print set can be mailed to"),
  })
  .meta({ id: "MailingList" });
export type MailingList = z.infer<typeof mailingListSchema>;

export const createMailingSchema = z
  .object({
    participantId: ID.participantId.describe("The participant the print set is for"),
    address: postalAddressSchema.describe("Where the print set goes"),
  })
  .meta({ id: "CreateMailing" });
export type CreateMailing = z.input<typeof createMailingSchema>;

/** What the print vendor posts to Signet for each milestone (apps/print-vendor/README.md "Callbacks"). */
export const printVendorCallbackSchema = z
  .object({
    eventId: z.string().min(1).max(200).describe("Unique per milestone; a repeated event is ignored"),
    jobId: z.string().min(1).max(200).describe("The vendor's job id, as answered when the job was submitted"),
    reference: z.string().max(200).describe("Signet's mailing id, sent with the job"),
    leg: z.enum(LEG_DIRECTIONS).describe("The leg the milestone belongs to: OUTBOUND or RETURN"),
    code: z.enum(MILESTONE_CODES).describe("The milestone reached (see MailingMilestone.code)"),
    occurredAt: z.iso.datetime().describe("When it happened (ISO 8601 time with Z)"),
    carrier: z
      .string()
      .max(100)
      .nullable()
      .optional()
      .describe("The carrier of the leg; leave out or null when unknown"),
    service: z
      .string()
      .max(100)
      .nullable()
      .optional()
      .describe("The carrier's service level; leave out or null when unknown"),
    trackingNumber: z
      .string()
      .max(100)
      .nullable()
      .optional()
      .describe("The tracking number; leave out or null when unknown"),
    detail: z
      .string()
      .max(2000)
      .nullable()
      .optional()
      .describe("Detail to record, e.g. why delivery failed; leave out or null: none"),
  })
  .meta({ id: "PrintVendorCallback" });
export type PrintVendorCallback = z.infer<typeof printVendorCallbackSchema>;

export const printVendorCallbackAnswerSchema = z
  .object({ recorded: z.boolean().describe("False when the milestone was already recorded") })
  .meta({ id: "PrintVendorCallbackAnswer" });

// ----- the mailing report (spec §7) -----

export const MAILING_REPORT_CSV_COLUMNS = [
  "Package",
  "Recipient",
  "Reason",
  "Status",
  "Carrier",
  "Tracking number",
  "Milestone error",
  "Last milestone",
  "Created",
] as const;

export const mailingReportFilterSchema = z.object({
  createdFrom: z.iso.date().optional().describe("First creation day (UTC), inclusive"),
  createdTo: z.iso.date().optional().describe("Last creation day (UTC), inclusive"),
  status: z.enum(MAILING_STATUSES).optional().describe("Only mailings in this status (see Mailing.status)"),
  carrier: z.string().trim().max(100).optional().describe("Only mailings sent with this carrier (its code, e.g. USPS)"),
  milestoneError: z
    .enum(["true", "false"])
    .optional()
    .describe("Only mailings with (true) or without (false) an error"),
});
export type MailingReportFilter = z.infer<typeof mailingReportFilterSchema>;

export const mailingReportQuerySchema = pageQuerySchema(["createdAt", "status", "recipientName"], "createdAt")
  .extend(mailingReportFilterSchema.shape)
  .describe("Filters and paging of the mailing report");
export type MailingReportQuery = z.infer<typeof mailingReportQuerySchema>;

export const mailingReportRowSchema = z
  .object({
    id: z.uuid().describe("The mailing's id"),
    packageId: ID.packageId,
    packageName: z.string().describe("The package's name"),
    recipientName: z.string().describe("The addressee's name"),
    reason: z.enum(MAILING_REASONS).describe("Why the print set was made (see Mailing.reason)"),
    status: z.enum(MAILING_STATUSES).describe("The mailing's status (see Mailing.status)"),
    carrier: z.string().nullable().describe("The outbound carrier; null until the vendor reports it"),
    trackingNumber: z.string().nullable().describe("The outbound tracking number; null until the vendor reports it"),
    milestoneError: z.boolean().describe("A leg was returned to sender or failed"),
    lastMilestone: z.enum(MILESTONE_CODES).nullable().describe("The latest milestone of the mailing; null: none yet"),
    lastMilestoneAt: z
      .string()
      .nullable()
      .describe("When the latest milestone happened (ISO 8601 time); null: none yet"),
    createdAt: recordCreatedAt,
  })
  .meta({ id: "MailingReportRow" });
export type MailingReportRow = z.infer<typeof mailingReportRowSchema>;

export const mailingReportSchema = pageSchema(mailingReportRowSchema)
  .extend({
    available: z.boolean().describe("Whether print fulfillment is set up and enabled for the organization"),
    reason: z.string().nullable().describe("Why the report may be empty"),
    totals: z
      .object({
        mailings: z.number().int().describe("Number of mailings"),
        delivered: z.number().int().describe("Mailings delivered to the recipient"),
        returned: z.number().int().describe("Signed papers received back"),
        errors: z.number().int().describe("Mailings with a milestone error"),
      })
      .describe("Totals over every matching mailing"),
    byStatus: z
      .array(
        z.object({
          status: z.enum(MAILING_STATUSES).describe("A mailing status"),
          count: z.number().int().describe("Matching mailings in that status"),
        }),
      )
      .describe("Every matching mailing by status (the chart)"),
  })
  .meta({ id: "MailingReport" });
export type MailingReport = z.infer<typeof mailingReportSchema>;

const v1 = { base: "api", version: 1, auth: "user", tags: ["mailings"] } as const;
const reports = { base: "api", version: 1, auth: "user", tags: ["reports"] } as const;

export const printMailRoutes = {
  listPackageMailings: define({
    ...v1,
    method: "GET",
    path: "/organizations/:orgId/packages/:packageId/mailings",
    permission: ["VIEW_DOCUMENTS_PACKAGES"],
    summary: "The package's mailings with their legs, milestones and scans, and who can be mailed a print set",
    params: packageParams,
    response: mailingListSchema,
    status: 200,
  }),
  createMailing: define({
    ...v1,
    method: "POST",
    path: "/organizations/:orgId/packages/:packageId/mailings",
    permission: ["MANAGE_DOCUMENTS_PACKAGES"],
    summary:
      "Print and mail a participant's print set to an address; the set is sent to the print vendor in the background",
    params: packageParams,
    body: createMailingSchema,
    response: mailingSchema,
    status: 201,
  }),
  retryMailing: define({
    ...v1,
    method: "POST",
    path: "/organizations/:orgId/packages/:packageId/mailings/:mailingId/retries",
    permission: ["MANAGE_DOCUMENTS_PACKAGES"],
    summary: "Send a mailing the printer did not accept to the printer again",
    params: mailingIdParams,
    response: mailingSchema,
    status: 202,
  }),
  downloadPrintSet: define({
    ...v1,
    method: "GET",
    path: "/organizations/:orgId/packages/:packageId/mailings/:mailingId/print-set",
    permission: ["VIEW_DOCUMENTS_PACKAGES"],
    summary: "The print set PDF as it was sent to the printer",
    params: mailingIdParams,
    produces: "application/pdf",
    response: null,
    status: 200,
  }),
  uploadMailingScan: define({
    ...v1,
    method: "POST",
    path: "/organizations/:orgId/packages/:packageId/mailings/:mailingId/scans",
    permission: ["MANAGE_DOCUMENTS_PACKAGES"],
    summary:
      "Attach a scan of the wet-signed papers (PDF, PNG or JPEG, multipart part 'contents') as a copy with its own SHA-256",
    params: mailingIdParams,
    multipart: z.object({ contents: z.file().describe("The scan: a PDF, PNG or JPEG file") }),
    response: mailingScanSchema,
    status: 201,
  }),
  downloadMailingScan: define({
    ...v1,
    method: "GET",
    path: "/organizations/:orgId/packages/:packageId/mailings/:mailingId/scans/:scanId",
    permission: ["VIEW_DOCUMENTS_PACKAGES"],
    summary: "One scan of the wet-signed papers",
    params: mailingIdParams.extend({ scanId: ID.scanId }),
    produces: "application/pdf",
    response: null,
    status: 200,
  }),
  printVendorCallback: define({
    base: "api",
    version: 1,
    auth: "none",
    tags: ["mailings"],
    method: "POST",
    path: "/print-mail/callbacks",
    summary:
      "The print vendor reports a milestone (HMAC-SHA256 signature in x-print-signature over timestamp.body; replays are ignored)",
    body: printVendorCallbackSchema,
    response: printVendorCallbackAnswerSchema,
    status: 200,
  }),
  mailingReport: define({
    ...reports,
    method: "GET",
    path: "/organizations/:orgId/reports/mailings",
    permission: ["VIEW_AND_MANAGE_REPORTS"],
    summary:
      "The mailing report: one page of mailings of the packages the caller sees, with totals and counts by status",
    params: orgParams,
    query: mailingReportQuerySchema,
    response: mailingReportSchema,
    status: 200,
  }),
  mailingReportCsv: define({
    ...reports,
    method: "GET",
    path: "/organizations/:orgId/reports/mailings.csv",
    permission: ["VIEW_AND_MANAGE_REPORTS"],
    summary: "Every mailing of the report as CSV (text/csv, UTF-8 with BOM)",
    params: orgParams,
    query: mailingReportFilterSchema,
    produces: "text/csv",
    response: null,
    status: 200,
  }),
};
