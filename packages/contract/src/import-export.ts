import { z } from "zod";
import { CUSTOM_FIELD_DATA_TYPES, CUSTOM_FIELD_DATE_FORMATS, CUSTOM_FIELD_SCOPES } from "./custom-field-rules.ts";
import { EMAIL_TEMPLATE_KINDS } from "./email-templates.ts";
import { ID } from "./ids.ts";
import { EMAIL_NOTIFICATION_EVENTS } from "./notification-rules.ts";
import { PERMISSION_NAMES } from "./permissions.ts";
import { defineRouteEntry as define, type RouteDef } from "./route-def.ts";
import { WEBHOOK_EVENT_TYPES } from "./webhooks.ts";

// Issue 13 §6 organization import/export (spec §2 import-export, §6 MANAGE_ORG_IMPORT_EXPORT, §7
// export/import settings). An organization's configuration travels as one zip:
//   manifest.json                 format, format version, source, export time, the sections in it
//   <section>.json                { "items": [...] } for each section (settings.json, roles.json, …)
//   files/<section>/<name>        files a section's items name (the logo; later template files)
// Items name each other by natural keys (names, customFieldId, group paths), never by database ids,
// so an archive imports into another organization or another installation. Users, packages and
// secrets are never in it. A section is one handler in packages/core/src/import-export/sections:
// adding one (document templates, package templates) is one schema here and one handler there.

export const CONFIGURATION_FORMAT = "signet-organization-configuration";
/** Archives of another version are refused: a new version means a new reader. */
export const CONFIGURATION_FORMAT_VERSION = 1;

export const CONFIGURATION_LIMITS = {
  /** the uploaded archive */
  archiveBytes: 25 * 1024 * 1024,
  entries: 2000,
  /** one entry, unpacked */
  entryBytes: 20 * 1024 * 1024,
  /** every entry together, unpacked */
  totalBytes: 100 * 1024 * 1024,
  /** unpacked/packed of one entry above 1 MB: more is a zip bomb, not configuration */
  compressionRatio: 100,
} as const;

/**
 * The most items of each section one archive may hold, refused before any item is read (issue 30
 * §4: bytes alone let a 100 KB archive of 5,000 nested groups hold the API for a minute). Each is
 * well above what an organization of a large lender configures; the bench's import-dry-run scenario
 * measures an archive with every section at its limit.
 */
export const CONFIGURATION_ITEM_LIMITS = {
  settings: 200,
  branding: 2,
  roles: 500,
  groups: 5000,
  /** the roles all groups offer, counted together (a group may offer 200; few offer more than 20) */
  groupRoles: 100_000,
  customFields: 1000,
  emailTemplates: 100,
  emailNotifications: 200,
  webhooks: 100,
  documentTemplates: 200,
  packageTemplates: 200,
} as const;

export const IMPORT_EXPORT_MESSAGES = {
  attach: "Attach the archive in the part named 'archive'.",
  fingerprintMissing: "Send the fingerprint of the dry run in the part named 'fingerprint'.",
  tooLarge: `The archive is larger than ${CONFIGURATION_LIMITS.archiveBytes / 1024 / 1024} MB.`,
  notZip: "This file is not a zip archive. Choose a file exported from Signet's Organization import/export.",
  unsafeEntry: (name: string) => `The archive holds an entry with an unsafe name (${name}): it is refused.`,
  unknownEntry: (name: string) => `The archive holds an entry this installation does not know: ${name}.`,
  duplicateEntry: (name: string) => `The archive holds ${name} twice.`,
  tooManyEntries: `The archive holds more than ${CONFIGURATION_LIMITS.entries} entries.`,
  entryTooLarge: (name: string) => `${name} is too large once unpacked.`,
  bomb: (name: string) => `${name} unpacks to far more than its packed size: the archive is refused.`,
  totalTooLarge: `The archive unpacks to more than ${CONFIGURATION_LIMITS.totalBytes / 1024 / 1024} MB.`,
  manifestMissing: "The archive has no manifest.json: it was not exported from Signet.",
  notJson: "This is not valid JSON.",
  invalid: (name: string, path: string, message: string) => `${name}: ${path ? `${path}: ` : ""}${message}`,
  wrongFormat: `manifest.json: format: this is not a Signet organization configuration (${CONFIGURATION_FORMAT}).`,
  unsupportedVersion: (version: number) =>
    `Version ${version} is not supported; this installation reads version ${CONFIGURATION_FORMAT_VERSION}.`,
  unknownSection: (name: string) =>
    `This installation does not support the section "${name}" (exported by a newer version?).`,
  sectionFileMissing: (file: string) => `The archive has no ${file}, which manifest.json lists.`,
  fileMissing: (section: string, file: string) => `${section}: the archive has no ${file}, which it names.`,
  duplicateItem: (label: string) => `"${label}" appears twice.`,
  tooManyItems: (what: string, limit: number, count: number) =>
    `An archive may hold at most ${limit.toLocaleString("en-US")} ${what}; this one holds ${count.toLocaleString("en-US")}.`,
  targetChanged:
    "The organization changed since the dry run (or the archive is another one). Run the dry run again and check what it lists.",
  conflictsRemain:
    "The import has conflicts. Resolve them (or remove those items from the archive) and run the dry run again.",
  applyFailed: "Nothing was imported: a change made meanwhile conflicts with the archive. Run the dry run again.",
  imported: "The configuration was imported.",
} as const;

// ---- the archive ----------------------------------------------------------------------------

const text = (max: number) => z.string().max(max);
const name = z.string().trim().min(1, "Enter a name").max(200);

export const configurationManifestSchema = z
  .object({
    format: z.literal(CONFIGURATION_FORMAT, { error: IMPORT_EXPORT_MESSAGES.wrongFormat }),
    formatVersion: z.number().int().positive(),
    exportedAt: z.iso.datetime({ offset: true }),
    source: z
      .object({
        installation: text(500).describe("Where it was exported (the installation's public address)"),
        organizationName: text(500),
      })
      .strict(),
    sections: z
      .array(
        z
          .object({
            name: z.string().regex(/^[a-zA-Z][a-zA-Z0-9]{0,63}$/),
            file: z.string().max(100),
            count: z.number().int().min(0),
          })
          .strict(),
      )
      .max(50),
  })
  .strict();
export type ConfigurationManifest = z.infer<typeof configurationManifestSchema>;

/** settings.json: every registry setting's effective value as its stored text (logo settings: branding). */
export const settingItemSchema = z.object({ name: z.string().min(1).max(100), value: text(100_000) }).strict();
export type SettingItem = z.infer<typeof settingItemSchema>;

/** roles.json: the custom roles (the system-defined Admin and support roles exist everywhere). */
export const roleItemSchema = z
  .object({
    name,
    description: text(1000).nullable(),
    roleColor: z
      .string()
      .regex(/^#[0-9A-F]{6}$/i)
      .nullable(),
    permissions: z.array(z.enum(PERMISSION_NAMES)).max(PERMISSION_NAMES.length),
  })
  .strict();
export type RoleItem = z.infer<typeof roleItemSchema>;

/** groups.json: the tree, parents before children; a group is named by its path of names. */
export const groupItemSchema = z
  .object({
    path: z.array(name).min(1).max(64).describe("Names from the top level down to the group"),
    description: text(1000).nullable(),
    roles: z.array(name).max(200).describe("The names of the roles the group offers"),
  })
  .strict();
export type GroupItem = z.infer<typeof groupItemSchema>;

/** custom-fields.json: definitions by customFieldId. */
export const customFieldItemSchema = z
  .object({
    customFieldId: z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,63}$/, "Use letters, digits and underscores"),
    name: z.string().trim().min(1).max(120),
    description: text(1000).nullable(),
    scope: z.enum(CUSTOM_FIELD_SCOPES),
    dataType: z.enum(CUSTOM_FIELD_DATA_TYPES),
    dateFormat: z.enum(CUSTOM_FIELD_DATE_FORMATS).nullable(),
    selectOptions: z.array(z.string().trim().min(1).max(200)).max(200),
    required: z.boolean(),
    encrypted: z.boolean(),
    archived: z.boolean(),
    active: z.boolean(),
    minRangeRealNumber: z.number().finite().nullable(),
    maxRangeRealNumber: z.number().finite().nullable(),
    minRangeWholeNumber: z.number().int().nullable(),
    maxRangeWholeNumber: z.number().int().nullable(),
    vaultMapping: text(200).nullable(),
    defaultValue: text(4000).nullable(),
  })
  .strict();
export type CustomFieldItem = z.infer<typeof customFieldItemSchema>;

// the body's bound is the editor's (emailTemplateContentSchema): every exported message fits it
const emailContent = z.object({ subject: z.string().min(1).max(500), body: z.string().min(1).max(50_000) }).strict();

/** email-templates.json: by kind and name. */
export const emailTemplateItemSchema = z
  .object({
    kind: z.enum(EMAIL_TEMPLATE_KINDS),
    name: z.string().trim().min(1).max(100),
    isDefault: z.boolean(),
    contents: z.object({ en: emailContent, es: emailContent.nullable() }).strict(),
  })
  .strict();
export type EmailTemplateItem = z.infer<typeof emailTemplateItemSchema>;

/** email-notifications.json: the rules, by name. */
export const emailNotificationItemSchema = z
  .object({
    name: z.string().trim().min(1).max(100),
    enabled: z.boolean(),
    events: z.array(z.enum(EMAIL_NOTIFICATION_EVENTS)).min(1).max(EMAIL_NOTIFICATION_EVENTS.length),
    notifySender: z.boolean(),
    notifyPackageGroups: z.boolean(),
    addresses: z.array(z.string().trim().min(3).max(320)).max(20),
  })
  .strict();
export type EmailNotificationItem = z.infer<typeof emailNotificationItemSchema>;

/** webhooks.json: endpoints by URL, never their signing secrets. */
export const webhookItemSchema = z
  .object({
    url: z.string().trim().min(1).max(2000),
    description: text(500).nullable(),
    eventTypes: z.array(z.enum(WEBHOOK_EVENT_TYPES)).min(1).max(WEBHOOK_EVENT_TYPES.length),
    enabled: z.boolean(),
  })
  .strict();
export type WebhookItem = z.infer<typeof webhookItemSchema>;

/** branding.json: the uploaded logo (its image in files/branding/) or the logo address typed in. */
export const brandingItemSchema = z.discriminatedUnion("kind", [
  z
    .object({
      kind: z.literal("logo"),
      file: z.string().regex(/^files\/branding\/[0-9a-f]{64}\.(png|jpg)$/),
      sha256: z.string().regex(/^[0-9a-f]{64}$/),
    })
    .strict(),
  z.object({ kind: z.literal("logoUrl"), url: z.string().max(2000) }).strict(),
]);
export type BrandingItem = z.infer<typeof brandingItemSchema>;

// ---- the answers ------------------------------------------------------------------------------

export const CONFIGURATION_ACTIONS = ["CREATE", "CHANGE", "UNCHANGED", "CONFLICT"] as const;
export type ConfigurationAction = (typeof CONFIGURATION_ACTIONS)[number];

export const configurationSectionSummarySchema = z.object({
  name: z.string().describe("The section's key, e.g. roles"),
  label: z.string().describe("What the section holds, for people"),
  count: z.number().int().describe("Number of items in the section"),
});

export const configurationExportSummarySchema = z
  .object({
    organizationName: z.string().describe("The organization exported"),
    sections: z.array(configurationSectionSummarySchema).describe("What the archive holds, section by section"),
    excluded: z.array(z.string()).describe("What an archive never holds"),
  })
  .meta({ id: "ConfigurationExportSummary" });
export type ConfigurationExportSummary = z.infer<typeof configurationExportSummarySchema>;

export const configurationPlanItemSchema = z.object({
  key: z.string().describe("The item's natural key in its section"),
  label: z.string().describe("The item as people name it"),
  action: z
    .enum(CONFIGURATION_ACTIONS)
    .describe("What the import does with the item: CREATE, CHANGE, UNCHANGED, or CONFLICT (cannot be imported)"),
  changes: z.array(z.string()).describe("CHANGE: the fields that change, as people name them"),
  message: z.string().nullable().describe("CONFLICT: why the item cannot be imported"),
  notes: z.array(z.string()).describe("What else to know (e.g. a new webhook signing secret is made)"),
});
export type ConfigurationPlanItem = z.infer<typeof configurationPlanItemSchema>;

const actionCounts = z
  .object({
    CREATE: z.number().int().describe("Items created"),
    CHANGE: z.number().int().describe("Items changed"),
    UNCHANGED: z.number().int().describe("Items left as they are"),
    CONFLICT: z.number().int().describe("Items that cannot be imported"),
  })
  .describe("Number of items per action");
export type ConfigurationActionCounts = z.infer<typeof actionCounts>;

export const configurationPlanSchema = z
  .object({
    fingerprint: z
      .string()
      .describe("Send it back with the same archive to apply: the import is refused if the organization changed"),
    source: z
      .object({
        installation: z.string().describe("The Signet installation the archive was exported from"),
        organizationName: z.string().describe("The organization it was exported from"),
        exportedAt: z.string().describe("When it was exported (ISO 8601 time)"),
      })
      .describe("Where the archive comes from"),
    sections: z
      .array(
        z.object({
          name: z.string().describe("The section's key, e.g. roles"),
          label: z.string().describe("What the section holds, for people"),
          counts: actionCounts,
          items: z.array(configurationPlanItemSchema).describe("Every item of the section and what happens to it"),
        }),
      )
      .describe("The plan, section by section"),
    counts: actionCounts,
    canApply: z.boolean().describe("False while any item is a conflict, or when nothing would change"),
  })
  .meta({ id: "ConfigurationImportPlan" });
export type ConfigurationPlan = z.infer<typeof configurationPlanSchema>;

export const configurationImportResultSchema = z
  .object({
    counts: actionCounts,
    webhookSecrets: z
      .array(
        z.object({
          url: z.string().describe("The webhook endpoint's URL"),
          secret: z.string().describe("Its new signing secret (whsec_…)"),
        }),
      )
      .describe("The signing secrets of the webhooks created: shown this once"),
  })
  .meta({ id: "ConfigurationImportResult" });
export type ConfigurationImportResult = z.infer<typeof configurationImportResultSchema>;

// ---- the routes ---------------------------------------------------------------------------------

const orgParams = z.object({ orgId: ID.orgId });
const common = {
  base: "api",
  version: 1,
  auth: "user",
  tags: ["import-export"],
  permission: ["MANAGE_ORG_IMPORT_EXPORT"],
} as const;

export const importExportRoutes = {
  getConfigurationExportSummary: define({
    ...common,
    method: "GET",
    path: "/organizations/:orgId/configuration/summary",
    summary: "What an export of the organization's configuration holds: each section with its count",
    params: orgParams,
    response: configurationExportSummarySchema,
    status: 200,
  }),
  exportConfiguration: define({
    ...common,
    method: "GET",
    path: "/organizations/:orgId/configuration/export",
    summary:
      "The organization's configuration as one zip (settings, roles, groups, custom fields, email templates, email notifications, webhooks without secrets, branding)",
    params: orgParams,
    produces: "application/zip",
    response: null,
    status: 200,
  }),
  dryRunConfigurationImport: define({
    ...common,
    method: "POST",
    path: "/organizations/:orgId/configuration/import/dry-run",
    summary:
      "Reads an exported archive (multipart 'archive') and lists, item by item, what an import would create, change or leave alone, and every conflict; changes nothing",
    params: orgParams,
    multipart: z
      .object({ archive: z.file().describe("The zip exported by Signet") })
      .meta({ id: "ConfigurationDryRunUpload" }),
    response: configurationPlanSchema,
    status: 200,
  }),
  importConfiguration: define({
    ...common,
    method: "POST",
    path: "/organizations/:orgId/configuration/import",
    summary:
      "Applies an archive in one transaction (all or nothing): multipart 'archive' (the same file) and 'fingerprint' (the dry run's); 409 when the organization changed since the dry run or conflicts remain",
    params: orgParams,
    multipart: z
      .object({
        archive: z.file().describe("The zip the dry run read"),
        fingerprint: z.string().describe("The dry run's fingerprint"),
      })
      .meta({ id: "ConfigurationImportUpload" }),
    response: configurationImportResultSchema,
    status: 200,
  }),
} as const satisfies Record<string, RouteDef>;
