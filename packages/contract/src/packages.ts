import { z } from "zod";
import { DEFAULTS } from "./constants.ts";
import { ID } from "./ids.ts";
import { PACKAGE_SORT_FIELDS } from "./list-sort-fields.ts";
import { MAIL_HEADER_TEXT, MAIL_HEADER_TEXT_MESSAGE } from "./mail-header-text.ts";
import { MESSAGES } from "./messages.ts";
import { PACKAGE_ACTIONS, PACKAGE_STATUSES } from "./package-status.ts";
import { packageStatusCountsShape, packageStatusSchema } from "./package-status-schemas.ts";
import { pageQuerySchema, pageSchema, versionQuerySchema } from "./paging.ts";
import { CONTACT_SUMMARIES, participantAccessMethodSchema } from "./participant-rules.ts";
import { recordCreatedAt, recordUpdatedAt, recordVersion } from "./record-fields.ts";
import { defineRouteEntry as define, type RouteDef } from "./route-def.ts";
import { packageTridSchema, updatePackageTridFields } from "./trid.ts";

// Packages (spec §3 Package, §4 statuses and derived values, §7 Packages, §8 Packages messages).

export const PACKAGE_MESSAGES = {
  /** spec §8: the packages service's optimistic-lock message (with its trailing period) */
  versionNotMatched: `${MESSAGES.versionNotMatched}.`,
  /** spec §8: a package that does not exist, belongs to another organization or is not shared with the caller */
  packageNotFound: "Not able to get package details.",
  /** a group named for a package is not a group of this organization */
  selectedGroupNotFound: "Selected group not found.",
  groupRequired: "Select at least one group with access to the package.",
  /** create: none of the chosen groups lets the caller manage packages */
  manageGroupRequired: "Select at least one group in which you can manage packages.",
  /** a chosen group is one where the caller cannot see packages */
  groupNotVisible: "Packages cannot be shared with a group in which you cannot see packages.",
  /** patch: only a package that has not been sent is edited (a sent one goes through correction) */
  notEditable: "Only a package that has not been sent can be changed. Start a correction to change it.",
  /** a package sent with a future scheduledOn waits as STARTED; it is frozen until then */
  scheduledNotEditable: "This package is scheduled to become available to signers. Cancel it to change it.",
  packageDeleted: "Package deleted.",
  /** settings: enable_edit_default_expiration_type is false */
  expirationTypeLocked: "Your organization sets the expiration type of packages; it cannot be changed here.",
  /** Organization.enabledPkgCollaboration (setting enable_pkg_collaboration) is off */
  collaborationDisabled: "Package collaboration is not enabled for this organization.",
  deletePackageTitle: "Delete package",
  /** spec §4: the delete confirmation */
  deletePackageConfirm:
    "Are you sure you want to delete this package? Its documents, participants and metadata are deleted, and signers who completed it lose access. This cannot be undone.",
} as const;

/** 'NONE' in a status filter means no status was selected: no filter (spec §3). */
export const NO_STATUS_FILTER = "NONE";

/** Spec §3: AFTER_ESIGN = 0, BEFORE_ESIGN = 1 (default after). */
export const PACKAGE_STEP_ORDERS = ["AFTER_ESIGN", "BEFORE_ESIGN"] as const;
export const packageStepOrderSchema = z.enum(PACKAGE_STEP_ORDERS);
export type PackageStepOrder = z.infer<typeof packageStepOrderSchema>;

/** PARTICIPANT is ordered signing (participants-order); PARALLEL lets every participant sign at once. */
export const PACKAGE_SIGNING_ORDERS = ["PARALLEL", "PARTICIPANT"] as const;
export const packageSigningOrderSchema = z.enum(PACKAGE_SIGNING_ORDERS);
export type PackageSigningOrder = z.infer<typeof packageSigningOrderSchema>;

/**
 * Decision (the spec names the field, not its values): RELATIVE expires scheduledExpiryDays after
 * sending at scheduledExpiryTime; FIXED expires at packageExpiresAt; NONE never expires.
 */
export const PACKAGE_EXPIRATION_TYPES = ["NONE", "RELATIVE", "FIXED"] as const;
export const packageExpirationTypeSchema = z.enum(PACKAGE_EXPIRATION_TYPES);

export const contactSummarySchema = z
  .enum(CONTACT_SUMMARIES)
  .describe(
    "Spec §4: EMAIL if any participant has email access; SMS if SMS and no API; IN-PERSON if API and no SMS; NO-EMAIL otherwise; NONE without participants",
  );

export const packageGroupRefSchema = z
  .object({ groupId: ID.groupId, name: z.string().describe("The group's name") })
  .meta({ id: "PackageGroupRef" });
export type PackageGroupRef = z.infer<typeof packageGroupRefSchema>;

export const packageGroupOptionsSchema = z
  .object({
    records: z
      .array(
        packageGroupRefSchema.extend({
          manages: z.boolean().describe("The caller manages packages in this group (MANAGE_DOCUMENTS_PACKAGES)"),
        }),
      )
      .describe("Every group the caller may share a package with"),
  })
  .describe("The groups a package can be shared with by the caller, by name")
  .meta({ id: "PackageGroupOptions" });
export type PackageGroupOptions = z.infer<typeof packageGroupOptionsSchema>;

/** One text per package field, shared by the package and its update. */
const PACKAGE_TEXT = {
  paperOrder:
    "When participants who sign on paper get their print set: AFTER_ESIGN (once e-signing is done, the default) or BEFORE_ESIGN",
  stipsOrder: "When participants upload the requested files (stips): AFTER_ESIGN or BEFORE_ESIGN signing",
  signingOrder:
    "PARALLEL: every participant may sign at once; PARTICIPANT: one after another, in the participants' order",
  scheduledOn:
    "When a sent package becomes available to signers (ISO 8601 time), if scheduledAvailability; null: as soon as it is sent",
  expirationType:
    "NONE: never expires; RELATIVE: expires scheduledExpiryDays after it is sent, at scheduledExpiryTime; FIXED: expires at packageExpiresAt; null: the organization's default",
  scheduledExpiryDays: "RELATIVE: days after sending the package expires; null otherwise",
  packageExpiresAt:
    "When the package expires (ISO 8601 time): FIXED as chosen, RELATIVE once sent; null: it does not expire",
  enablePrintFulfillment:
    "Print and mail: print sets are mailed to paper participants (needs the organization's print fulfillment)",
  printServiceProvider: "The print service provider that mails the print sets, e.g. WK",
  transactionId: "Your own reference for the transaction (e.g. a loan number), searchable; null: none",
  avEsign: "A/V eSign: participants sign in a live audio-video session led by a host (avHost)",
  packageCollaboration:
    "Collaboration links are on: people outside the organization can follow the package read-only through a link",
} as const;

export const packageEmailTemplateSchema = z
  .object({
    subject: z.string().nullable().describe(`Null uses the default subject '${DEFAULTS.emailSubject}'`),
    introText: z.string().nullable().describe("The sender's message in the invitation email; null: none"),
    documentId: ID.documentId.nullable().describe("Document attached to the invitation"),
    isDefault: z.boolean().describe("The invitation uses the organization's default subject and text unchanged"),
    templateId: z
      .uuid()
      .nullable()
      .describe("The organization's invitation email template picked in step 3; null: the organization's default"),
  })
  .meta({ id: "PackageEmailTemplate", description: "The invitation email participants receive for this package" });

export const packageSchema = z
  .object({
    id: z.uuid().describe("The package's id"),
    shortId: z.string().describe("Human-friendly id, unique in the organization"),
    organizationId: ID.organizationId,
    name: z.string().describe("The package's name, shown to participants in emails and the signing room"),
    status: packageStatusSchema,
    packageGroups: z
      .array(packageGroupRefSchema)
      .describe("Groups whose members (with VIEW_DOCUMENTS_PACKAGES) see it"),
    version: z.number().int().describe("Send back on update and delete (optimistic locking)"),
    paperOrder: packageStepOrderSchema.describe(PACKAGE_TEXT.paperOrder),
    stipsOrder: packageStepOrderSchema.describe(PACKAGE_TEXT.stipsOrder),
    signingOrder: packageSigningOrderSchema.describe(PACKAGE_TEXT.signingOrder),
    scheduledAvailability: z.boolean().describe("True: available to signers at scheduledOn instead of when sent"),
    scheduledOn: z.string().nullable().describe(PACKAGE_TEXT.scheduledOn),
    expirationType: packageExpirationTypeSchema.nullable().describe(PACKAGE_TEXT.expirationType),
    scheduledExpiryDays: z.number().int().nullable().describe(PACKAGE_TEXT.scheduledExpiryDays),
    scheduledExpiryTime: z
      .string()
      .nullable()
      .describe("RELATIVE: the time of day (HH:mm, 24-hour) the package expires; null otherwise"),
    packageExpiresAt: z.string().nullable().describe(PACKAGE_TEXT.packageExpiresAt),
    sentAt: z.string().nullable().describe("When send was accepted"),
    availableAt: z.string().nullable().describe("When it last became AVAILABLE_TO_SIGNERS"),
    scheduled: z
      .boolean()
      .describe("Sent with a future scheduledOn: STARTED until then, when it becomes AVAILABLE_TO_SIGNERS"),
    enablePrintFulfillment: z.boolean().describe(PACKAGE_TEXT.enablePrintFulfillment),
    printServiceProvider: z.string().describe(PACKAGE_TEXT.printServiceProvider),
    printMailMilestoneError: z.boolean().describe("A mailing of this package was returned to sender or failed"),
    transactionId: z.string().nullable().describe(PACKAGE_TEXT.transactionId),
    avEsign: z.boolean().describe(PACKAGE_TEXT.avEsign),
    avHost: z.uuid().nullable().describe("Spec §4: the participant flagged avHost, when avEsign is on"),
    packageCollaboration: z.boolean().describe(PACKAGE_TEXT.packageCollaboration),
    emailTemplate: packageEmailTemplateSchema,
    vaultId: z.string().nullable().describe("The eVault its eDeposit settings choose (set through edeposit/config)"),
    cancelReason: z
      .string()
      .nullable()
      .describe("CANCELLED: the reason the sender gave; null otherwise or when none was given"),
    createdBy: ID.createdBy.nullable().describe("The id of the user who created it; null when unknown"),
    createdAt: recordCreatedAt,
    lastUpdatedAt: recordUpdatedAt,
    participantCount: z.number().int().describe("Number of participants of the package"),
    contactSummary: contactSummarySchema,
    allowedActions: z.array(z.enum(PACKAGE_ACTIONS)).describe("What the status machine allows from the status"),
    canManage: z.boolean().describe("The caller holds MANAGE_DOCUMENTS_PACKAGES in one of the package's groups"),
    templateKind: z
      .enum(["DOCUMENT_TEMPLATE", "PACKAGE_TEMPLATE"])
      .nullable()
      .describe("Set on the hidden builder package of a document or package template; null for real packages"),
    fromPackageTemplateId: ID.fromPackageTemplateId
      .nullable()
      .describe("The package template the package was started from"),
    trid: packageTridSchema.describe("TRID fields and their legal dates (issue 16 §1)"),
  })
  .meta({ id: "Package" });
export type Package = z.infer<typeof packageSchema>;

export const packageListSchema = pageSchema(packageSchema).meta({ id: "PackageList" });
export type PackageList = z.infer<typeof packageListSchema>;

/** Repeated (?status=A&status=B) or comma-separated; 'NONE' (nothing selected) means no filter. */
const statusFilter = z
  .union([z.string(), z.array(z.string())])
  .transform((value) =>
    (Array.isArray(value) ? value : [value])
      .flatMap((part) => part.split(","))
      .map((part) => part.trim())
      .filter((part) => part !== ""),
  )
  .pipe(z.array(z.enum([...PACKAGE_STATUSES, NO_STATUS_FILTER])))
  .describe("Statuses to show; repeat or comma-separate. 'NONE' (nothing selected) shows every status");

/** A date (YYYY-MM-DD, a whole UTC day) or a date-time. */
const dateBound = z.union([z.iso.date(), z.iso.datetime({ offset: true })]);

export const packageListQuerySchema = pageQuerySchema(PACKAGE_SORT_FIELDS, "createdAt")
  .extend({
    sortDirection: z
      .enum(["asc", "desc"])
      .default("desc")
      .describe("asc: smallest or earliest first; desc (the default): largest or latest first"),
    status: statusFilter.optional(),
    groupId: ID.groupId.optional().describe("Only packages shared with this group"),
    text: z
      .string()
      .trim()
      .max(200)
      .optional()
      .describe("Words each found in the name, short id, or a participant's name or email"),
    createdFrom: dateBound.optional().describe("Created on or after (a date is a whole UTC day)"),
    createdTo: dateBound.optional().describe("Created on or before (a date is a whole UTC day)"),
    vaultId: z.string().max(200).optional().describe("Only packages whose eDeposit settings choose this eVault"),
  })
  .describe("Filters, paging and sort of the package lists");
export type PackageListQuery = z.infer<typeof packageListQuerySchema>;

const packageName = z
  .string()
  .trim()
  .min(1, "Name is required")
  .max(255)
  .regex(MAIL_HEADER_TEXT, MAIL_HEADER_TEXT_MESSAGE);
const groupIds = z
  .array(z.uuid())
  .min(1, PACKAGE_MESSAGES.groupRequired)
  .max(100)
  .describe("Groups whose members see the package (at least one)");

export const createPackageSchema = z
  .object({
    name: packageName.optional().describe(`Default '${DEFAULTS.packageName}'`),
    groupIds: groupIds
      .optional()
      .describe("Default: the caller's own groups in which they manage packages (MANAGE_DOCUMENTS_PACKAGES)"),
  })
  .meta({ id: "CreatePackage" });
export type CreatePackage = z.infer<typeof createPackageSchema>;

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Use HH:mm");

export const updatePackageSchema = z
  .object({
    version: z
      .number()
      .int()
      .min(1)
      .describe(
        "The version last read (optimistic locking): if someone changed the record since, the request answers 409",
      ),
    name: packageName.optional().describe("The package's name (1–255 characters, no line breaks); leave out to keep"),
    paperOrder: packageStepOrderSchema.optional().describe(PACKAGE_TEXT.paperOrder),
    stipsOrder: packageStepOrderSchema.optional().describe(PACKAGE_TEXT.stipsOrder),
    signingOrder: packageSigningOrderSchema.optional().describe(PACKAGE_TEXT.signingOrder),
    scheduledAvailability: z
      .boolean()
      .optional()
      .describe("True: the package becomes available to signers at scheduledOn rather than when sent"),
    scheduledOn: z.iso.datetime({ offset: true }).nullish().describe(PACKAGE_TEXT.scheduledOn),
    expirationType: packageExpirationTypeSchema.nullish().describe(PACKAGE_TEXT.expirationType),
    scheduledExpiryDays: z.number().int().min(0).max(3650).nullish().describe(PACKAGE_TEXT.scheduledExpiryDays),
    scheduledExpiryTime: hhmm.nullish().describe("RELATIVE: the time of day (HH:mm, 24-hour) the package expires"),
    packageExpiresAt: z.iso.datetime({ offset: true }).nullish().describe(PACKAGE_TEXT.packageExpiresAt),
    enablePrintFulfillment: z.boolean().optional().describe(PACKAGE_TEXT.enablePrintFulfillment),
    printServiceProvider: z.string().trim().min(1).max(50).optional().describe(PACKAGE_TEXT.printServiceProvider),
    transactionId: z.string().trim().max(200).nullish().describe(PACKAGE_TEXT.transactionId),
    avEsign: z.boolean().optional().describe(PACKAGE_TEXT.avEsign),
    packageCollaboration: z.boolean().optional().describe(PACKAGE_TEXT.packageCollaboration),
    emailSubject: z
      .string()
      .trim()
      .max(255)
      .regex(MAIL_HEADER_TEXT, MAIL_HEADER_TEXT_MESSAGE)
      .nullish()
      .describe(`The invitation email's subject; null: the default '${DEFAULTS.emailSubject}'`),
    emailIntroText: z
      .string()
      .trim()
      .max(5000)
      .nullish()
      .describe("The sender's message in the invitation email (up to 5,000 characters); null: none"),
    emailIsDefault: z
      .boolean()
      .optional()
      .describe("True: use the organization's default subject and text, ignoring emailSubject and emailIntroText"),
    emailDocumentId: z.uuid().nullish().describe("A document of the package attached to the invitation; null: none"),
    emailTemplateId: z
      .uuid()
      .nullish()
      .describe("An invitation email template of the organization (email-templates); null: its default"),
    ...updatePackageTridFields,
  })
  .meta({ id: "UpdatePackage" });
export type UpdatePackage = z.infer<typeof updatePackageSchema>;

export const setPackageGroupsSchema = z
  .object({
    groupIds,
    version: z.number().int().min(1).describe("The package's version last read (optimistic locking)"),
  })
  .meta({ id: "SetPackageGroups" });
export type SetPackageGroups = z.infer<typeof setPackageGroupsSchema>;

export const workspaceParticipantSchema = z
  .object({
    id: z.uuid().describe("The participant's id"),
    type: z
      .string()
      .describe("The participant's type as configured, e.g. Borrower (numbered within the type by roleNumber)"),
    roleNumber: z.number().int().describe("The participant's number within its type: Borrower 1, Borrower 2…"),
    displayName: z.string().describe("Upper-cased type plus the role number, e.g. 'BORROWER 1'"),
    initials: z
      .string()
      .describe("The participant's initials: from their names, or from the type and number without names"),
    accessMethod: participantAccessMethodSchema,
  })
  .meta({ id: "WorkspaceParticipant" });

export const workspacePackageSchema = z
  .object({
    id: z.uuid().describe("The package's id"),
    shortId: z.string().describe("Human-friendly id, unique in the organization"),
    name: z.string().describe("The package's name"),
    status: packageStatusSchema,
    version: recordVersion,
    packageGroups: z
      .array(packageGroupRefSchema)
      .describe("Groups whose members (with VIEW_DOCUMENTS_PACKAGES) see it"),
    createdBy: ID.createdBy.nullable(),
    createdAt: recordCreatedAt,
    lastUpdatedAt: recordUpdatedAt,
    packageExpiresAt: z.string().nullable().describe("When the package expires (ISO 8601 time); null: it does not"),
    participantCount: z.number().int().describe("Number of participants of the package"),
    participantCountsByType: z
      .record(z.string(), z.number().int())
      .describe('Number of participants per participant type, e.g. {"Borrower": 2}'),
    contactSummary: contactSummarySchema,
    participants: z.array(workspaceParticipantSchema).describe("The package's participants, in signing order"),
    allowedActions: z.array(z.enum(PACKAGE_ACTIONS)).describe("What the status machine allows from the status"),
    canManage: z.boolean().describe("The caller holds MANAGE_DOCUMENTS_PACKAGES in one of the package's groups"),
    tridRisk: z
      .string()
      .nullable()
      .describe("A TRID package whose delivery deadline is at risk: why (null: not TRID or not at risk)"),
  })
  .meta({ id: "WorkspacePackage" });
export type WorkspacePackage = z.infer<typeof workspacePackageSchema>;

export const workspacePackageListSchema = pageSchema(workspacePackageSchema).meta({ id: "WorkspacePackageList" });
export type WorkspacePackageList = z.infer<typeof workspacePackageListSchema>;

export const packageStatusCountsSchema = packageStatusCountsShape()
  .describe("Packages the caller sees, per status (every status present, 0 when none)")
  .meta({ id: "PackageStatusCounts" });
export type PackageStatusCounts = z.infer<typeof packageStatusCountsSchema>;

const orgParams = z.object({ orgId: ID.orgId });
const packageParams = z.object({ orgId: ID.orgId, packageId: ID.packageId });

export const packageRoutes = {
  listPackages: define({
    method: "GET",
    base: "api",
    version: 9,
    path: "/organizations/:orgId/packages",
    auth: "user",
    permission: ["VIEW_DOCUMENTS_PACKAGES"],
    summary:
      "Packages the caller sees (shared with a group where they hold VIEW_DOCUMENTS_PACKAGES), filtered and paged",
    tags: ["packages"],
    params: orgParams,
    query: packageListQuerySchema,
    response: packageListSchema,
    status: 200,
  }),
  createPackage: define({
    method: "POST",
    base: "api",
    version: 9,
    path: "/organizations/:orgId/packages",
    auth: "user",
    permission: ["MANAGE_DOCUMENTS_PACKAGES"],
    summary: `Create a package (status STARTED, name '${DEFAULTS.packageName}' unless given)`,
    tags: ["packages"],
    params: orgParams,
    body: createPackageSchema,
    response: packageSchema,
    status: 201,
  }),
  getPackage: define({
    method: "GET",
    base: "api",
    version: 9,
    path: "/organizations/:orgId/packages/:packageId",
    auth: "user",
    permission: ["VIEW_DOCUMENTS_PACKAGES"],
    summary: "One package",
    tags: ["packages"],
    params: packageParams,
    response: packageSchema,
    status: 200,
  }),
  updatePackage: define({
    method: "PATCH",
    base: "api",
    version: 9,
    path: "/organizations/:orgId/packages/:packageId",
    auth: "user",
    permission: ["MANAGE_DOCUMENTS_PACKAGES"],
    summary: "Change a package that has not been sent (STARTED)",
    tags: ["packages"],
    params: packageParams,
    body: updatePackageSchema,
    response: packageSchema,
    status: 200,
  }),
  deletePackage: define({
    method: "DELETE",
    base: "api",
    version: 9,
    path: "/organizations/:orgId/packages/:packageId",
    auth: "user",
    permission: ["MANAGE_DOCUMENTS_PACKAGES"],
    summary: "Delete a package with its participants (refused while it is being or has been deposited into an eVault)",
    tags: ["packages"],
    params: packageParams,
    query: versionQuerySchema,
    response: null,
    status: 204,
  }),
  listPackageGroupOptions: define({
    method: "GET",
    base: "api",
    version: 1,
    path: "/organizations/:orgId/package-group-options",
    auth: "user",
    permission: ["MANAGE_DOCUMENTS_PACKAGES"],
    summary:
      "The groups the caller can share a package with: every group where they see packages (no access-control permission needed)",
    tags: ["packages"],
    params: z.object({ orgId: ID.orgId }),
    response: packageGroupOptionsSchema,
    status: 200,
  }),
  setPackageGroups: define({
    method: "PUT",
    base: "api",
    version: 9,
    path: "/organizations/:orgId/packages/:packageId/package-groups",
    auth: "user",
    permission: ["MANAGE_DOCUMENTS_PACKAGES"],
    summary: "Replace the groups the package is shared with (at least one)",
    tags: ["packages"],
    params: packageParams,
    body: setPackageGroupsSchema,
    response: packageSchema,
    status: 200,
  }),
  listWorkspacePackages: define({
    method: "GET",
    base: "api",
    version: 1,
    path: "/organizations/:orgId/workspace-packages",
    auth: "user",
    permission: ["VIEW_DOCUMENTS_PACKAGES"],
    summary: "The workspace list: packages the caller sees with their participants, contact summary and counts",
    tags: ["packages"],
    params: orgParams,
    query: packageListQuerySchema,
    response: workspacePackageListSchema,
    status: 200,
  }),
  packageStatusCounts: define({
    method: "GET",
    base: "api",
    version: 1,
    path: "/organizations/:orgId/package-status-counts",
    auth: "user",
    permission: ["VIEW_DOCUMENTS_PACKAGES"],
    summary: "How many packages the caller sees in each status",
    tags: ["packages"],
    params: orgParams,
    response: packageStatusCountsSchema,
    status: 200,
  }),
} as const satisfies Record<string, RouteDef>;
