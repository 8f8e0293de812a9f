import { z } from "zod";
import { ID } from "./ids.ts";
import { MAIL_HEADER_TEXT, MAIL_HEADER_TEXT_MESSAGE } from "./mail-header-text.ts";
import { alreadyExistsMessage, pageQuerySchema, pageSchema } from "./paging.ts";
import { VIEW_PERMISSIONS } from "./permissions.ts";
import { recordCreatedAt, recordUpdatedAt } from "./record-fields.ts";
import { defineRouteEntry as define, type RouteDef } from "./route-def.ts";

/** Messages and toasts of the organization screens (spec §8). */
export const ORGANIZATION_MESSAGES = {
  added: "Organization added",
  updated: "Organization updated",
  alreadyExists: alreadyExistsMessage("organization"),
  supportOrganizationCannotBeDeactivated: "The support organization cannot be deactivated.",
  onlySupportMayChangeStatus: "Only support users may deactivate or reactivate an organization.",
} as const;

/** The seven feature flags of an organization and their labels in the authorized-features text (spec §3). */
export const ORGANIZATION_FEATURES = [
  { flag: "embeddedSrEnabled", label: "Embedded Signing" },
  { flag: "enabledTrid", label: "TRID" },
  { flag: "enabledAV", label: "A/V eSign" },
  { flag: "enabledSmartDoc", label: "Smart Doc" },
  { flag: "enabledClosingCenter", label: "Closing Center" },
  { flag: "enabledPkgCollaboration", label: "Package Collaboration" },
  { flag: "enabledMultiLangSRSupport", label: "Multi-lang Signing Room" },
] as const;

export type OrganizationFeatureFlag = (typeof ORGANIZATION_FEATURES)[number]["flag"];
export type OrganizationFeatureFlags = Record<OrganizationFeatureFlag, boolean>;

/** Every organization may create eSign packages: the authorized-features text always starts with it. */
export const BASE_FEATURE_LABEL = "eSign Creator";

/**
 * Spec §3: 'eSign Creator', then the labels of the enabled features in alphabetical order,
 * comma separated, e.g. "eSign Creator, A/V eSign, TRID".
 */
export function authorizedFeatures(flags: Partial<OrganizationFeatureFlags>): string {
  const enabled = ORGANIZATION_FEATURES.filter(({ flag }) => flags[flag] === true)
    .map(({ label }) => label)
    .sort((a, b) => a.localeCompare(b, "en", { sensitivity: "base" }));
  return [BASE_FEATURE_LABEL, ...enabled].join(", ");
}

/** What each feature switch turns on, shared by the organization, its creation and its update. */
const FEATURE_TEXT = {
  embeddedSrEnabled: "Embedded signing: the signing room may be framed in the organization's own pages",
  enabledTrid: "TRID: packages carry TRID disclosure fields and their legal dates",
  enabledAV: "Audio/video eSign: participants may sign in a live session led by a host",
  enabledSmartDoc: "Smart Doc: SMART Doc eNotes may be added to packages",
  enabledClosingCenter: "Closing Center: packages may be shared with settlement and title agents",
  enabledPkgCollaboration: "Package collaboration: read-only links to follow a package",
  enabledMultiLangSRSupport: "Multi-language signing room: participants may sign in Spanish as well as English",
} as const;

const featureFlagFields = {
  embeddedSrEnabled: z.boolean().describe(FEATURE_TEXT.embeddedSrEnabled),
  enabledTrid: z.boolean().describe(FEATURE_TEXT.enabledTrid),
  enabledAV: z.boolean().describe(FEATURE_TEXT.enabledAV),
  enabledSmartDoc: z.boolean().describe(FEATURE_TEXT.enabledSmartDoc),
  enabledClosingCenter: z.boolean().describe(FEATURE_TEXT.enabledClosingCenter),
  enabledPkgCollaboration: z.boolean().describe(FEATURE_TEXT.enabledPkgCollaboration),
  enabledMultiLangSRSupport: z.boolean().describe(FEATURE_TEXT.enabledMultiLangSRSupport),
};

export const organizationSchema = z
  .object({
    id: z.uuid().describe("The organization's id"),
    name: z.string().describe("The organization's name, shown to members and in emails to participants"),
    description: z.string().nullable().describe("A note about the organization; null: none"),
    customerId: z.string().nullable().describe("The customer's own reference for this organization"),
    enabled: z.boolean().describe("False when the organization is deactivated: its users cannot sign in to it"),
    eoSupport: z.boolean().describe("True for the support organization"),
    ...featureFlagFields,
    authorizedFeatures: z
      .string()
      .describe("'eSign Creator' followed by the enabled features, sorted, comma separated (computed)"),
    createdAt: recordCreatedAt,
    lastUpdatedAt: recordUpdatedAt,
    disabledAt: z.string().nullable().describe("When the organization was deactivated (ISO 8601)"),
    createdBy: ID.createdBy.nullable().describe("Id of the user who created the organization"),
    createdByFullName: z.string().nullable().describe("Name of the user who created the organization; null: unknown"),
    updatedBy: ID.updatedBy.nullable().describe("Id of the user who last changed the organization"),
    disabledBy: ID.disabledBy.nullable().describe("Id of the user who deactivated the organization"),
    disabledByFullName: z.string().nullable().describe("Name of the user who deactivated it; null: not deactivated"),
    version: z.number().int().describe("Send back on PATCH (optimistic locking)"),
  })
  .meta({ id: "Organization" });
export type Organization = z.infer<typeof organizationSchema>;

export const ORGANIZATION_TYPE_FILTERS = ["ALL", "ACTIVE", "INACTIVE"] as const;
export type OrganizationTypeFilter = (typeof ORGANIZATION_TYPE_FILTERS)[number];

export const organizationListQuerySchema = pageQuerySchema(["name", "createdAt", "lastUpdatedAt"], "name").extend({
  type: z.enum(ORGANIZATION_TYPE_FILTERS).default("ALL").describe("ACTIVE: enabled only; INACTIVE: deactivated only"),
  search: z.string().trim().max(100).optional().describe("Part of the organization name (case-insensitive)"),
});
export type OrganizationListQuery = z.infer<typeof organizationListQuerySchema>;

export const organizationPageSchema = pageSchema(organizationSchema).meta({ id: "OrganizationPage" });
export type OrganizationPage = z.infer<typeof organizationPageSchema>;

const nameField = z
  .string()
  .trim()
  .min(1, "Name is required")
  .max(100)
  .regex(MAIL_HEADER_TEXT, MAIL_HEADER_TEXT_MESSAGE)
  .describe("The organization's name (1–100 characters, no line breaks)");
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .transform((value) => (value === "" ? null : value));

const DESCRIPTION_TEXT = "A note about the organization (up to 500 characters); empty or null: none";
const CUSTOMER_ID_TEXT =
  "The customer's own reference for this organization (up to 100 characters); empty or null: none";

export const createOrganizationSchema = z
  .object({
    name: nameField,
    description: optionalText(500).optional().describe(DESCRIPTION_TEXT),
    customerId: optionalText(100).optional().describe(CUSTOMER_ID_TEXT),
    embeddedSrEnabled: z.boolean().default(false).describe(`${FEATURE_TEXT.embeddedSrEnabled} (default false)`),
    enabledTrid: z.boolean().default(false).describe(`${FEATURE_TEXT.enabledTrid} (default false)`),
    enabledAV: z.boolean().default(false).describe(`${FEATURE_TEXT.enabledAV} (default false)`),
    enabledSmartDoc: z.boolean().default(false).describe(`${FEATURE_TEXT.enabledSmartDoc} (default false)`),
    enabledClosingCenter: z.boolean().default(false).describe(`${FEATURE_TEXT.enabledClosingCenter} (default false)`),
    enabledPkgCollaboration: z
      .boolean()
      .default(false)
      .describe(`${FEATURE_TEXT.enabledPkgCollaboration} (default false)`),
    enabledMultiLangSRSupport: z
      .boolean()
      .default(false)
      .describe(`${FEATURE_TEXT.enabledMultiLangSRSupport} (default false)`),
  })
  .meta({ id: "CreateOrganization" });
export type CreateOrganizationInput = z.input<typeof createOrganizationSchema>;
export type CreateOrganization = z.infer<typeof createOrganizationSchema>;

export const updateOrganizationSchema = z
  .object({
    version: z.number().int().min(1).describe("Version the client last read (optimistic locking)"),
    name: nameField.optional(),
    description: optionalText(500).optional().describe(DESCRIPTION_TEXT),
    customerId: optionalText(100).optional().describe(CUSTOMER_ID_TEXT),
    embeddedSrEnabled: z.boolean().optional().describe(FEATURE_TEXT.embeddedSrEnabled),
    enabledTrid: z.boolean().optional().describe(FEATURE_TEXT.enabledTrid),
    enabledAV: z.boolean().optional().describe(FEATURE_TEXT.enabledAV),
    enabledSmartDoc: z.boolean().optional().describe(FEATURE_TEXT.enabledSmartDoc),
    enabledClosingCenter: z.boolean().optional().describe(FEATURE_TEXT.enabledClosingCenter),
    enabledPkgCollaboration: z.boolean().optional().describe(FEATURE_TEXT.enabledPkgCollaboration),
    enabledMultiLangSRSupport: z.boolean().optional().describe(FEATURE_TEXT.enabledMultiLangSRSupport),
    enabled: z
      .boolean()
      .optional()
      .describe("false deactivates the organization (ends its sessions), true reactivates it; support users only"),
  })
  .meta({ id: "UpdateOrganization" });
export type UpdateOrganizationInput = z.input<typeof updateOrganizationSchema>;
export type UpdateOrganization = z.infer<typeof updateOrganizationSchema>;

const orgParams = z.object({ orgId: ID.orgId });

export const organizationRoutes = {
  listOrganizations: define({
    method: "GET",
    base: "api",
    version: 1,
    path: "/organizations",
    auth: "user",
    summary: "Organizations: every organization for support users, otherwise the caller's own (paged)",
    tags: ["organizations"],
    query: organizationListQuerySchema,
    response: organizationPageSchema,
    status: 200,
  }),
  createOrganization: define({
    method: "POST",
    base: "api",
    version: 1,
    path: "/organizations",
    auth: "user",
    permission: ["VIEW_MANAGE_ORGANIZATIONS"],
    summary: "Create an organization (support users)",
    tags: ["organizations"],
    body: createOrganizationSchema,
    response: organizationSchema,
    status: 201,
  }),
  getOrganization: define({
    method: "GET",
    base: "api",
    version: 1,
    path: "/organizations/:orgId",
    auth: "user",
    permission: VIEW_PERMISSIONS,
    summary: "One organization",
    tags: ["organizations"],
    params: orgParams,
    response: organizationSchema,
    status: 200,
  }),
  updateOrganization: define({
    method: "PATCH",
    base: "api",
    version: 1,
    path: "/organizations/:orgId",
    auth: "user",
    permission: ["VIEW_MANAGE_ORGANIZATIONS"],
    summary: "Edit an organization; `enabled` deactivates or reactivates it (support users)",
    tags: ["organizations"],
    params: orgParams,
    body: updateOrganizationSchema,
    response: organizationSchema,
    status: 200,
  }),
} as const satisfies Record<string, RouteDef>;
