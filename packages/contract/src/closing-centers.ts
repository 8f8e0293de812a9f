import { z } from "zod";
import { emailSchema } from "./auth.ts";
import { ID } from "./ids.ts";
import { pageSchema, versionQuerySchema } from "./paging.ts";
import { recordCreatedAt, recordUpdatedAt, recordVersion } from "./record-fields.ts";
import { defineRouteEntry as define } from "./route-def.ts";
import { phoneInputSchema } from "./users.ts";

// Closing centers (issue 16 §3; spec §1 "closing-center users", §6 enabledClosingCenter, §7
// "closing-center users"): settlement and title agents a lender shares packages with. Their users
// see and act on only the packages shared with their closing center, as each share grants.

export const CLOSING_CENTER_KINDS = ["SETTLEMENT_AGENT", "TITLE_AGENT"] as const;
export type ClosingCenterKind = (typeof CLOSING_CENTER_KINDS)[number];
export const CLOSING_CENTER_KIND_LABELS: Record<ClosingCenterKind, string> = {
  SETTLEMENT_AGENT: "Settlement agent",
  TITLE_AGENT: "Title agent",
};

/**
 * What a share may grant. VIEW_PACKAGE is in every share: a share that cannot be seen grants nothing.
 * Order is the order screens list them in.
 */
export const CLOSING_CENTER_PERMISSIONS = [
  "VIEW_PACKAGE",
  "DOWNLOAD_DOCUMENTS",
  "UPLOAD_DOCUMENTS",
  "EDIT_PARTICIPANTS",
  "MANAGE_PAPER",
  "SEND_REMINDERS",
] as const;
export type ClosingCenterPermission = (typeof CLOSING_CENTER_PERMISSIONS)[number];
export const CLOSING_CENTER_PERMISSION_LABELS: Record<ClosingCenterPermission, string> = {
  VIEW_PACKAGE: "View the package",
  DOWNLOAD_DOCUMENTS: "Download documents",
  UPLOAD_DOCUMENTS: "Upload documents",
  EDIT_PARTICIPANTS: "Edit participants",
  MANAGE_PAPER: "Mark paper documents executed",
  SEND_REMINDERS: "Send reminders",
};
/** What a new closing center grants by default when a package is shared with it. */
export const DEFAULT_CLOSING_CENTER_PERMISSIONS: readonly ClosingCenterPermission[] = [
  "VIEW_PACKAGE",
  "DOWNLOAD_DOCUMENTS",
];

/** A grant list as stored: known permissions only, VIEW_PACKAGE always, no repeats, in list order. */
export function normalizeClosingCenterPermissions(granted: readonly string[]): ClosingCenterPermission[] {
  const set = new Set<string>(granted);
  set.add("VIEW_PACKAGE");
  return CLOSING_CENTER_PERMISSIONS.filter((permission) => set.has(permission));
}

export const CLOSING_CENTER_MESSAGES = {
  featureOff: "Closing Center is not enabled for this organization.",
  notFound: "Closing center not found.",
  memberNotFound: "Closing-center user not found.",
  shareNotFound: "The package is not shared with this closing center.",
  alreadyShared: "The package is already shared with this closing center.",
  nameTaken: "A closing center with this name already exists.",
  disabled: "This closing center is disabled; enable it before sharing packages with it.",
  userAlreadyExists: "This user already exists.",
  memberOfOrganization:
    "This person is a member of the organization with its own roles; closing-center users hold no other role.",
  memberOfOtherCenter: "This person already works for another closing center of this organization.",
  nameRequired: "Name is required",
  created: "Closing center created.",
  updated: "Closing center updated.",
  deleted: "Closing center deleted.",
  invited: "Invitation sent.",
  shared: "Package shared with the closing center.",
  unshared: "The closing center no longer sees this package.",
  notGranted: "The closing center was not granted this action on this package.",
} as const;

const PERMISSIONS_TEXT =
  "What the closing center may do on a shared package: VIEW_PACKAGE (always granted), DOWNLOAD_DOCUMENTS, UPLOAD_DOCUMENTS, EDIT_PARTICIPANTS, MANAGE_PAPER (mailings and paper documents), SEND_REMINDERS";
const KIND_TEXT = "SETTLEMENT_AGENT or TITLE_AGENT";
const CENTER_TEXT = {
  name: "The closing center's name, unique in the organization",
  contactEmail: "The closing center's contact email; null: none",
  addressLine1: "Street address; null: none",
  addressLine2: "Second address line (suite, floor); null: none",
  city: "City; null: none",
  state: "State; null: none",
  postalCode: "ZIP code; null: none",
} as const;

const name = z
  .string()
  .trim()
  .min(1, CLOSING_CENTER_MESSAGES.nameRequired)
  .max(200)
  .describe(`${CENTER_TEXT.name} (1–200 characters)`);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .transform((value) => (value ? value : null));
const permissionList = z
  .array(z.enum(CLOSING_CENTER_PERMISSIONS))
  .max(CLOSING_CENTER_PERMISSIONS.length * 2)
  .transform(normalizeClosingCenterPermissions)
  .describe(`${PERMISSIONS_TEXT} (VIEW_PACKAGE is added when missing)`);

export const closingCenterSchema = z
  .object({
    id: z.uuid().describe("The closing center's id"),
    organizationId: ID.organizationId,
    name: z.string().describe(CENTER_TEXT.name),
    kind: z.enum(CLOSING_CENTER_KINDS).describe(KIND_TEXT),
    contactEmail: z.string().nullable().describe(CENTER_TEXT.contactEmail),
    contactPhone: z.string().nullable().describe("The closing center's contact phone, ten digits; null: none"),
    addressLine1: z.string().nullable().describe(CENTER_TEXT.addressLine1),
    addressLine2: z.string().nullable().describe(CENTER_TEXT.addressLine2),
    city: z.string().nullable().describe(CENTER_TEXT.city),
    state: z.string().nullable().describe(CENTER_TEXT.state),
    postalCode: z.string().nullable().describe(CENTER_TEXT.postalCode),
    enabled: z.boolean().describe("A disabled closing center's users see nothing and nothing can be shared with it"),
    defaultPermissions: z
      .array(z.enum(CLOSING_CENTER_PERMISSIONS))
      .describe("What a share grants unless the sharer chooses otherwise"),
    memberCount: z.number().int().describe("Number of the closing center's users"),
    sharedPackageCount: z.number().int().describe("Packages currently shared with it"),
    version: recordVersion,
    createdAt: recordCreatedAt,
    lastUpdatedAt: recordUpdatedAt,
  })
  .meta({ id: "ClosingCenter" });
export type ClosingCenter = z.infer<typeof closingCenterSchema>;

export const closingCenterListSchema = pageSchema(closingCenterSchema).meta({ id: "ClosingCenterList" });
export type ClosingCenterList = z.infer<typeof closingCenterListSchema>;

// every contact field may be left out, and an empty one clears it
const contactFields = {
  // the choice of "" or an address sits inside the pipe: as a union around the email's own pipe, the
  // OpenAPI generator lost the address branch (the document said only "" or null)
  contactEmail: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.union([z.literal(""), z.email().max(254)]))
    .nullable()
    .transform((value) => (value ? value : null))
    .optional()
    .describe("The closing center's contact email; empty or null clears it, left out keeps it"),
  contactPhone: phoneInputSchema.optional().describe("The contact phone (US, ten digits); left out keeps it"),
  addressLine1: optionalText(200).optional().describe("Street address; empty or null clears it"),
  addressLine2: optionalText(200).optional().describe("Second address line; empty or null clears it"),
  city: optionalText(100).optional().describe("City; empty or null clears it"),
  state: optionalText(50).optional().describe("State; empty or null clears it"),
  postalCode: optionalText(20).optional().describe("ZIP code; empty or null clears it"),
};

export const createClosingCenterSchema = z
  .object({
    name,
    kind: z.enum(CLOSING_CENTER_KINDS).describe(KIND_TEXT),
    ...contactFields,
    enabled: z.boolean().default(true).describe("Packages can be shared with it and its users see them (default true)"),
    defaultPermissions: permissionList.optional().describe("Leave out for view and download"),
  })
  .meta({ id: "CreateClosingCenter" });
export type CreateClosingCenter = z.input<typeof createClosingCenterSchema>;

export const updateClosingCenterSchema = z
  .object({
    version: z
      .number()
      .int()
      .min(1)
      .describe(
        "The version last read (optimistic locking): if someone changed the record since, the request answers 409",
      ),
    name: name.optional(),
    kind: z.enum(CLOSING_CENTER_KINDS).optional().describe(`${KIND_TEXT}; leave out to keep`),
    ...contactFields,
    enabled: z.boolean().optional().describe("Disabling hides every shared package from its users; leave out to keep"),
    defaultPermissions: permissionList
      .optional()
      .describe("What a share grants unless the sharer chooses otherwise; leave out to keep"),
  })
  .meta({ id: "UpdateClosingCenter" });
export type UpdateClosingCenter = z.input<typeof updateClosingCenterSchema>;

export const CLOSING_CENTER_MEMBER_STATUSES = ["INVITED", "ACTIVE", "DISABLED"] as const;
export const closingCenterMemberSchema = z
  .object({
    id: z.uuid().describe("The closing-center user's id"),
    closingCenterId: ID.closingCenterId,
    email: z.string().describe("The user's email address, where the invitation went"),
    givenName: z.string().describe("The user's given (first) name"),
    familyName: z.string().describe("The user's family (last) name"),
    enabled: z.boolean().describe("The user may sign in and see the closing center's packages"),
    status: z
      .enum(CLOSING_CENTER_MEMBER_STATUSES)
      .describe("INVITED until the person has an account; DISABLED while the closing center disabled them"),
    userId: ID.userId.nullable().describe("The account acting as this member, once it exists"),
    lastSignInAt: z.string().nullable().describe("When the user last signed in (ISO 8601 time); null: never"),
    version: recordVersion,
    createdAt: recordCreatedAt,
  })
  .meta({ id: "ClosingCenterUser" });
export type ClosingCenterMember = z.infer<typeof closingCenterMemberSchema>;

export const closingCenterMemberListSchema = pageSchema(closingCenterMemberSchema).meta({
  id: "ClosingCenterUserList",
});
export type ClosingCenterMemberList = z.infer<typeof closingCenterMemberListSchema>;

export const inviteClosingCenterMemberSchema = z
  .object({
    email: emailSchema.describe("The person's email address: the invitation goes there"),
    givenName: z.string().trim().min(1, "First name is required").max(100).describe("The person's given (first) name"),
    familyName: z.string().trim().min(1, "Last name is required").max(100).describe("The person's family (last) name"),
  })
  .meta({ id: "InviteClosingCenterUser" });
export type InviteClosingCenterMember = z.infer<typeof inviteClosingCenterMemberSchema>;

export const updateClosingCenterMemberSchema = z
  .object({
    version: z.number().int().min(1).describe("The user's version last read (optimistic locking)"),
    enabled: z.boolean().describe("false: the user can no longer sign in or see the closing center's packages"),
  })
  .meta({ id: "UpdateClosingCenterUser" });
export type UpdateClosingCenterMember = z.infer<typeof updateClosingCenterMemberSchema>;

export const closingCenterShareSchema = z
  .object({
    id: z.uuid().describe("The share's id"),
    packageId: ID.packageId,
    closingCenterId: ID.closingCenterId,
    closingCenterName: z.string().describe("The closing center's name"),
    closingCenterKind: z.enum(CLOSING_CENTER_KINDS).describe(KIND_TEXT),
    closingCenterEnabled: z.boolean().describe("The closing center is enabled (a disabled one sees nothing)"),
    permissions: z.array(z.enum(CLOSING_CENTER_PERMISSIONS)).describe(PERMISSIONS_TEXT),
    sharedBy: z.string().nullable().describe("Name of the person who shared the package"),
    sharedAt: z.string().describe("When the package was shared (ISO 8601 time)"),
    version: recordVersion,
  })
  .meta({ id: "ClosingCenterShare" });
export type ClosingCenterShare = z.infer<typeof closingCenterShareSchema>;

export const closingCenterShareListSchema = z
  .object({
    records: z.array(closingCenterShareSchema).describe("The package's shares"),
    count: z.number().int().describe("Number of shares"),
    viewerClosingCenterId: z
      .uuid()
      .nullable()
      .describe("Set when the caller is a closing-center user: the list then holds only their own share"),
  })
  .meta({ id: "ClosingCenterShareList" });
export type ClosingCenterShareList = z.infer<typeof closingCenterShareListSchema>;

export const shareWithClosingCenterSchema = z
  .object({
    closingCenterId: ID.closingCenterId,
    permissions: permissionList.optional().describe("Leave out to grant the closing center's default permissions"),
  })
  .meta({ id: "ShareWithClosingCenter" });
export type ShareWithClosingCenter = z.input<typeof shareWithClosingCenterSchema>;

export const updateClosingCenterShareSchema = z
  .object({
    version: z.number().int().min(1).describe("The share's version last read (optimistic locking)"),
    permissions: permissionList,
  })
  .meta({ id: "UpdateClosingCenterShare" });
export type UpdateClosingCenterShare = z.input<typeof updateClosingCenterShareSchema>;

/** Who the caller is when they are a closing-center user of the organization (else null). */
export const closingCenterViewerSchema = z
  .object({
    id: ID.closingCenterId,
    name: z.string().describe("The closing center's name"),
    kind: z.enum(CLOSING_CENTER_KINDS).describe(KIND_TEXT),
  })
  .meta({ id: "ClosingCenterViewer" });
export type ClosingCenterViewer = z.infer<typeof closingCenterViewerSchema>;

const orgParams = z.object({ orgId: ID.orgId });
const centerParams = orgParams.extend({ closingCenterId: ID.closingCenterId });
const memberParams = centerParams.extend({ memberId: ID.memberId });
const packageParams = orgParams.extend({ packageId: ID.packageId });
const shareParams = packageParams.extend({ closingCenterId: ID.closingCenterId });
const readers = ["VIEW_ADMIN_SETTINGS", "MANAGE_ADMIN_SETTINGS", "VIEW_USERS_GROUPS_ROLES", "MANAGE_USERS"] as const;
const v1 = { base: "api", version: 1, auth: "user", tags: ["Closing centers"] } as const;

export const closingCenterRoutes = {
  listClosingCenters: define({
    ...v1,
    method: "GET",
    path: "/organizations/:orgId/closing-centers",
    permission: [...readers, "MANAGE_DOCUMENTS_PACKAGES"],
    summary: "The organization's closing centers (senders see them to share packages)",
    params: orgParams,
    response: closingCenterListSchema,
    status: 200,
  }),
  createClosingCenter: define({
    ...v1,
    method: "POST",
    path: "/organizations/:orgId/closing-centers",
    permission: ["MANAGE_ADMIN_SETTINGS"],
    summary: "Add a closing center (settlement or title agent)",
    params: orgParams,
    body: createClosingCenterSchema,
    response: closingCenterSchema,
    status: 201,
  }),
  getClosingCenter: define({
    ...v1,
    method: "GET",
    path: "/organizations/:orgId/closing-centers/:closingCenterId",
    permission: [...readers, "MANAGE_DOCUMENTS_PACKAGES"],
    summary: "One closing center",
    params: centerParams,
    response: closingCenterSchema,
    status: 200,
  }),
  updateClosingCenter: define({
    ...v1,
    method: "PUT",
    path: "/organizations/:orgId/closing-centers/:closingCenterId",
    permission: ["MANAGE_ADMIN_SETTINGS"],
    summary: "Change a closing center at its version (enable, disable, default permissions, contact)",
    params: centerParams,
    body: updateClosingCenterSchema,
    response: closingCenterSchema,
    status: 200,
  }),
  deleteClosingCenter: define({
    ...v1,
    method: "DELETE",
    path: "/organizations/:orgId/closing-centers/:closingCenterId",
    permission: ["MANAGE_ADMIN_SETTINGS"],
    summary: "Delete a closing center with its users' access and every share",
    params: centerParams,
    query: versionQuerySchema,
    response: null,
    status: 204,
  }),
  listClosingCenterMembers: define({
    ...v1,
    method: "GET",
    path: "/organizations/:orgId/closing-centers/:closingCenterId/users",
    permission: readers,
    summary: "The closing center's users (closing-center users)",
    params: centerParams,
    response: closingCenterMemberListSchema,
    status: 200,
  }),
  inviteClosingCenterMember: define({
    ...v1,
    method: "POST",
    path: "/organizations/:orgId/closing-centers/:closingCenterId/users",
    permission: ["MANAGE_USERS"],
    summary: "Invite a closing-center user by email (an existing account joins at once)",
    params: centerParams,
    body: inviteClosingCenterMemberSchema,
    response: closingCenterMemberSchema,
    status: 201,
  }),
  updateClosingCenterMember: define({
    ...v1,
    method: "PATCH",
    path: "/organizations/:orgId/closing-centers/:closingCenterId/users/:memberId",
    permission: ["MANAGE_USERS"],
    summary: "Enable or disable a closing-center user at its version",
    params: memberParams,
    body: updateClosingCenterMemberSchema,
    response: closingCenterMemberSchema,
    status: 200,
  }),
  removeClosingCenterMember: define({
    ...v1,
    method: "DELETE",
    path: "/organizations/:orgId/closing-centers/:closingCenterId/users/:memberId",
    permission: ["MANAGE_USERS"],
    summary: "Remove a closing-center user: they no longer see any package of this organization",
    params: memberParams,
    query: versionQuerySchema,
    response: null,
    status: 204,
  }),
  listPackageClosingCenters: define({
    ...v1,
    method: "GET",
    path: "/organizations/:orgId/packages/:packageId/closing-centers",
    permission: ["VIEW_DOCUMENTS_PACKAGES"],
    summary: "The closing centers a package is shared with, and what each may do",
    params: packageParams,
    response: closingCenterShareListSchema,
    status: 200,
  }),
  shareWithClosingCenter: define({
    ...v1,
    method: "POST",
    path: "/organizations/:orgId/packages/:packageId/closing-centers",
    permission: ["MANAGE_DOCUMENTS_PACKAGES"],
    summary: "Share the package with a closing center (its default permissions unless given)",
    params: packageParams,
    body: shareWithClosingCenterSchema,
    response: closingCenterShareSchema,
    status: 201,
  }),
  updateClosingCenterShare: define({
    ...v1,
    method: "PUT",
    path: "/organizations/:orgId/packages/:packageId/closing-centers/:closingCenterId",
    permission: ["MANAGE_DOCUMENTS_PACKAGES"],
    summary: "Change what a closing center may do on the package",
    params: shareParams,
    body: updateClosingCenterShareSchema,
    response: closingCenterShareSchema,
    status: 200,
  }),
  unshareWithClosingCenter: define({
    ...v1,
    method: "DELETE",
    path: "/organizations/:orgId/packages/:packageId/closing-centers/:closingCenterId",
    permission: ["MANAGE_DOCUMENTS_PACKAGES"],
    summary: "Stop sharing the package with a closing center (its users lose it at once)",
    params: shareParams,
    query: versionQuerySchema,
    response: null,
    status: 204,
  }),
};
