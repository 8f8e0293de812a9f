import { z } from "zod";
import { ID } from "./ids.ts";
import { MESSAGES } from "./messages.ts";
import { versionQuerySchema } from "./paging.ts";
import { defineRouteEntry as define, type RouteDef } from "./route-def.ts";
import { SETTING_CATEGORIES, SETTING_SUB_CATEGORIES, SETTING_TYPES } from "./setting-registry.ts";

// Spec §7 '/v1/organizations/{org}/metaData' (issue 13 §1): every organization setting of the
// registry, read by category, sub-category, names or element; created, changed (each with its
// version) and reset to its default. Values travel as their stored text ('true', '30',
// '["Buyer"]'); a request may also send the typed value itself.

/** Spec §7 elementType: the thing a setting applies to. Settings are organization-wide today. */
export const SETTING_ELEMENT_TYPES = ["ORGANIZATION"] as const;

export const SETTING_METADATA_MESSAGES = {
  /** spec §8 optimistic-lock answer */
  versionNotMatched: MESSAGES.versionNotMatched,
  alreadySet: (names: readonly string[]) =>
    `Already set: ${names.join(", ")}. Change ${names.length === 1 ? "it" : "them"} with PUT and the version you read.`,
  duplicateNames: (names: readonly string[]) => `Each setting may appear once in a request: ${names.join(", ")}.`,
  elementNotOrganization: "Settings apply to the organization: elementId must be this organization's id.",
  settingNotFound: "Organization/Settings not found.",
} as const;

const settingName = z.string().trim().min(1).max(100).describe("Setting name (spec §9 key), e.g. timezone");
const settingValueInput = z
  .union([
    z.string().max(20_000),
    z.number(),
    z.boolean(),
    z.array(z.unknown()).max(200),
    z.record(z.string(), z.unknown()),
  ])
  .describe("The value as text ('true', '30', '[\"Buyer\"]') or as the typed value (true, 30, [\"Buyer\"])");

const CATEGORY_TEXT = "DOC_PACKAGE_MGMT (packages), SIGNING_ROOM, SECURITY or AUTOMATION";
const SUB_CATEGORY_TEXT = "SIGNER_UPLOAD, BRANDING, PACKAGE_EXPIRATION or TRID";
const ELEMENT_TEXT = "What the setting applies to: ORGANIZATION (every setting is organization-wide)";

export const settingMetaDataSchema = z
  .object({
    id: z.uuid().nullable().describe("Id of the stored value; null while the default applies"),
    organizationUid: ID.organizationUid,
    settingMetaDataUid: z.string().describe("Id of the setting's declaration (its name)"),
    settingName: z.string().describe("The setting's name, e.g. timezone"),
    value: z.string().describe("The value as text; the default's text while never set"),
    type: z.enum(SETTING_TYPES).describe("How the value's text reads: BOOLEAN, INTEGER, STRING or JSON"),
    category: z.enum(SETTING_CATEGORIES).describe(CATEGORY_TEXT),
    subCategory: z.enum(SETTING_SUB_CATEGORIES).nullable().describe(`${SUB_CATEGORY_TEXT}; null: none`),
    version: z.number().int().describe("0 while the default applies; send it back with PUT"),
    defaultValue: z.string().describe("The default as text, what applies while the setting was never set"),
    allowedValues: z.array(z.string()).nullable().describe("The values a choice setting takes; null when free"),
    description: z.string().describe("What the setting does, in words"),
    elementType: z.enum(SETTING_ELEMENT_TYPES).describe(ELEMENT_TEXT),
    elementId: ID.elementId,
    lastUpdatedAt: z.string().nullable().describe("When the value last changed (ISO 8601 time); null: never set"),
    updatedBy: ID.updatedBy.nullable(),
  })
  .meta({ id: "SettingMetaData" });
export type SettingMetaData = z.infer<typeof settingMetaDataSchema>;

export const settingMetaDataListSchema = z
  .object({
    records: z.array(settingMetaDataSchema).describe("The settings matching the filters"),
    count: z.number().int().describe("Total number of records"),
  })
  .meta({ id: "SettingMetaDataList" });
export type SettingMetaDataList = z.infer<typeof settingMetaDataListSchema>;

/** settingNames=a,b or settingNames=a&settingNames=b */
const nameList = z
  .union([z.string(), z.array(z.string()).max(100)])
  .transform((value) =>
    (Array.isArray(value) ? value : [value])
      .flatMap((item) => item.split(","))
      .map((item) => item.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.string().max(100)).max(100));

export const settingMetaDataQuerySchema = z
  .object({
    category: z.enum(SETTING_CATEGORIES).optional().describe(`Only settings of this category: ${CATEGORY_TEXT}`),
    subCategory: z
      .enum(SETTING_SUB_CATEGORIES)
      .optional()
      .describe(`Only settings of this sub-category: ${SUB_CATEGORY_TEXT}`),
    settingNames: nameList.optional().describe("Comma-separated setting names"),
    elementId: ID.elementId.optional().describe("The organization's id (settings are organization-wide)"),
    elementType: z.enum(SETTING_ELEMENT_TYPES).optional().describe(ELEMENT_TEXT),
  })
  .describe("Filters of the metaData list");
export type SettingMetaDataQuery = z.infer<typeof settingMetaDataQuerySchema>;

export const createSettingMetaDataSchema = z
  .array(z.object({ settingName, value: settingValueInput }).strict())
  .min(1)
  .max(100)
  .meta({ id: "CreateSettingMetaData" });
export type CreateSettingMetaData = z.infer<typeof createSettingMetaDataSchema>;

export const updateSettingMetaDataSchema = z
  .array(
    z
      .object({
        settingName,
        value: settingValueInput,
        version: z.number().int().min(0).describe("The version read (0: never set, the default applied)"),
      })
      .strict(),
  )
  .min(1)
  .max(100)
  .meta({ id: "UpdateSettingMetaData" });
export type UpdateSettingMetaData = z.infer<typeof updateSettingMetaDataSchema>;

const orgParams = z.object({ orgId: ID.orgId });
const base = { base: "api", version: 1, auth: "user", tags: ["settings"] } as const;
const readers = ["VIEW_ADMIN_SETTINGS", "VIEW_DOCUMENTS_PACKAGES"] as const;
const admins = ["MANAGE_ADMIN_SETTINGS"] as const;

export const settingMetaDataRoutes = {
  listSettingMetaData: define({
    ...base,
    method: "GET",
    path: "/organizations/:orgId/metaData",
    permission: readers,
    summary: "Organization settings with their declared type, category, default and version (defaults when never set)",
    params: orgParams,
    query: settingMetaDataQuerySchema,
    response: settingMetaDataListSchema,
    status: 200,
  }),
  createSettingMetaData: define({
    ...base,
    method: "POST",
    path: "/organizations/:orgId/metaData",
    permission: admins,
    summary: "Set settings never set before (all or nothing; each value validated by its declared type)",
    params: orgParams,
    body: createSettingMetaDataSchema,
    response: settingMetaDataListSchema,
    status: 201,
  }),
  updateSettingMetaData: define({
    ...base,
    method: "PUT",
    path: "/organizations/:orgId/metaData",
    permission: admins,
    summary: "Change settings, each with the version read ('Version not matched' on a stale one; all or nothing)",
    params: orgParams,
    body: updateSettingMetaDataSchema,
    response: settingMetaDataListSchema,
    status: 200,
  }),
  deleteSettingMetaData: define({
    ...base,
    method: "DELETE",
    path: "/organizations/:orgId/metaData/:settingId",
    permission: admins,
    summary: "Remove a stored value: the setting's default applies again",
    params: z.object({ orgId: ID.orgId, settingId: ID.settingId }),
    query: versionQuerySchema,
    response: settingMetaDataSchema,
    status: 200,
  }),
} as const satisfies Record<string, RouteDef>;
