import { z } from "zod";
import { ID } from "./ids.ts";
import { PACKAGE_EXPIRATION_TYPES } from "./packages.ts";
import { DEFAULT_PARTICIPANT_TYPES } from "./participant-rules.ts";
import { defineRouteEntry as define, type RouteDef } from "./route-def.ts";

// Organization settings used by packages (spec §9 setting keys; issue 4 §2, §6). Each is stored as
// text under its spec key (OrganizationSetting); these schemas turn the text into typed values,
// with the default used when the organization never saved the key.

export const SETTING_MESSAGES = {
  updated: "Settings updated successfully",
  invalidTime: "Use a time as HH:mm (00:00 to 23:59).",
  invalidTimeZone: "Choose a valid time zone.",
} as const;

/**
 * Spec §9 'Timezone choices': the zones offered by name in Settings, as stored (IANA names). The
 * setting itself accepts any IANA zone, so a value saved before (or through the API) stays valid.
 */
export const TIME_ZONE_CHOICES = [
  { zone: "America/Puerto_Rico", name: "Atlantic" },
  { zone: "America/New_York", name: "Eastern" },
  { zone: "America/Chicago", name: "Central" },
  { zone: "America/Denver", name: "Mountain" },
  { zone: "America/Phoenix", name: "Arizona" },
  { zone: "America/Los_Angeles", name: "Pacific" },
  { zone: "America/Anchorage", name: "Alaska" },
  { zone: "Pacific/Honolulu", name: "Hawaii" },
  { zone: "Pacific/Pago_Pago", name: "Samoa" },
  { zone: "Pacific/Guam", name: "Chamorro" },
] as const;

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, SETTING_MESSAGES.invalidTime);
const timeZone = z.string().refine((zone) => {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}, SETTING_MESSAGES.invalidTimeZone);
const participantTypes = z
  .array(z.string().trim().min(1).max(100))
  .min(1)
  .max(100)
  .refine((types) => new Set(types.map((type) => type.toLowerCase())).size === types.length, "Types must be unique.");

/** Each key's typed value and validation. */
export const packageSettingFields = {
  default_relative_expiration_time: hhmm.describe(
    "RELATIVE expiration: the time of day (HH:mm, 24-hour, in the organization's time zone) new packages expire; default 23:59",
  ),
  default_relative_expiration_days: z
    .number()
    .int()
    .min(0)
    .max(3650)
    .describe("RELATIVE expiration: days after sending that new packages expire (0–3,650; default 30)"),
  enable_default_expiration_date: z
    .boolean()
    .describe("New packages get an expiration from these defaults (default false)"),
  default_expiration_type: z
    .enum(PACKAGE_EXPIRATION_TYPES)
    .describe("The expiration type new packages start with: NONE, RELATIVE or FIXED (default NONE)"),
  enable_edit_default_expiration_type: z
    .boolean()
    .describe("Senders may change a package's expiration type (default true)"),
  enable_pkg_collaboration: z.boolean().describe("Senders may turn on package collaboration links (default false)"),
  timezone: timeZone.describe("The organization's IANA time zone, e.g. America/New_York (default UTC)"),
  participant_types: participantTypes.describe(
    "The participant types senders choose from, e.g. Borrower (1–100 unique names, each up to 100 characters)",
  ),
};

export const packageSettingsSchema = z.object(packageSettingFields).meta({ id: "PackageSettings" });
export type PackageSettings = z.infer<typeof packageSettingsSchema>;
export type PackageSettingKey = keyof PackageSettings;
export const PACKAGE_SETTING_KEYS = Object.keys(packageSettingFields) as PackageSettingKey[];

/** Used for a key the organization never saved (timezone: UTC on the server; the web may show the browser's). */
export const DEFAULT_PACKAGE_SETTINGS: PackageSettings = {
  default_relative_expiration_time: "23:59",
  default_relative_expiration_days: 30,
  enable_default_expiration_date: false,
  default_expiration_type: "NONE",
  enable_edit_default_expiration_type: true,
  enable_pkg_collaboration: false,
  timezone: "UTC",
  participant_types: [...DEFAULT_PARTICIPANT_TYPES],
};

export const updatePackageSettingsSchema = packageSettingsSchema
  .partial()
  .strict()
  .meta({ id: "UpdatePackageSettings" });
export type UpdatePackageSettings = z.infer<typeof updatePackageSettingsSchema>;

/** The stored text of a value (booleans as 'true'/'false', lists as JSON). */
export function settingToText(key: PackageSettingKey, value: PackageSettings[PackageSettingKey]): string {
  if (key === "participant_types") return JSON.stringify(value);
  return String(value);
}

/** Stored rows to typed settings; a row that no longer parses falls back to the default. */
export function settingsFromRows(rows: readonly { key: string; value: string }[]): PackageSettings {
  const settings: Record<string, unknown> = { ...DEFAULT_PACKAGE_SETTINGS };
  for (const { key, value } of rows) {
    if (!(key in packageSettingFields)) continue;
    const schema = packageSettingFields[key as PackageSettingKey];
    let raw: unknown = value;
    if (key === "default_relative_expiration_days") raw = Number(value);
    else if (key.startsWith("enable_")) raw = value === "true" ? true : value === "false" ? false : value;
    else if (key === "participant_types") {
      try {
        raw = JSON.parse(value);
      } catch {
        raw = null;
      }
    }
    const parsed = schema.safeParse(raw);
    if (parsed.success) settings[key] = parsed.data;
  }
  return settings as PackageSettings;
}

const params = z.object({ orgId: ID.orgId });
const base = { base: "api", version: 1, auth: "user", tags: ["settings"], params } as const;

export const settingRoutes = {
  getPackageSettings: define({
    ...base,
    method: "GET",
    path: "/organizations/:orgId/settings/packages",
    permission: ["VIEW_DOCUMENTS_PACKAGES", "VIEW_ADMIN_SETTINGS"],
    summary: "The organization's package settings (expiration defaults, collaboration, time zone, participant types)",
    response: packageSettingsSchema,
    status: 200,
  }),
  updatePackageSettings: define({
    ...base,
    method: "PATCH",
    path: "/organizations/:orgId/settings/packages",
    permission: ["MANAGE_ADMIN_SETTINGS"],
    summary: "Change some of the organization's package settings (each key validated)",
    body: updatePackageSettingsSchema,
    response: packageSettingsSchema,
    status: 200,
  }),
} as const satisfies Record<string, RouteDef>;
