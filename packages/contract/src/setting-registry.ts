import { z } from "zod";
import { DEFAULT_REMINDER_SETTINGS, reminderSettingFields } from "./notification-rules.ts";
import { DEFAULT_LOGO_PATTERN } from "./organization-logo.ts";
import { DEFAULT_SECURITY_SETTINGS, securitySettingFields } from "./security-settings.ts";
import {
  DEFAULT_SESSION_SETTINGS,
  DEFAULT_SIGNER_UPLOAD_SETTINGS,
  sessionSettingFields,
  signerUploadSettingFields,
} from "./session-upload-settings.ts";
import { DEFAULT_PACKAGE_SETTINGS, packageSettingFields } from "./settings.ts";
import { DEFAULT_SIGNING_ROOM_SETTINGS, signingRoomSettingsSchema } from "./signing-admin.ts";
import { DEFAULT_TRID_SETTINGS, tridSettingFields } from "./trid.ts";

// Every organization setting in one table (spec §3 Setting (metadata), §9 setting keys; issue 13 §1):
// its declared type, category, sub-category, default and the zod schema of its value. Values are
// stored as text under the name (OrganizationSetting); a name without a stored row has its default.
// The typed views (package settings, signing room settings) read the same rows through these
// schemas, so a value written through the metaData API is the value packages and the signing room use.

/** How a value is written as text: booleans 'true'/'false', integers in decimal, JSON for lists. */
export const SETTING_TYPES = ["BOOLEAN", "INTEGER", "STRING", "JSON"] as const;
export type SettingType = (typeof SETTING_TYPES)[number];

/** Spec §3 categories and sub-categories. */
export const SETTING_CATEGORIES = ["DOC_PACKAGE_MGMT", "SIGNING_ROOM", "SECURITY", "AUTOMATION"] as const;
export type SettingCategory = (typeof SETTING_CATEGORIES)[number];
export const SETTING_SUB_CATEGORIES = ["SIGNER_UPLOAD", "BRANDING", "PACKAGE_EXPIRATION", "TRID"] as const;
export type SettingSubCategory = (typeof SETTING_SUB_CATEGORIES)[number];

/**
 * The web settings pages that show registry settings, by their ?page= id (apps/web settings-pages.ts
 * lists these among its pages). A page's forms read their setting names from here, so a new setting
 * appears on its page by naming the page in its definition.
 */
export const SETTING_PAGE_IDS = [
  "organization",
  "branding",
  "package-collaboration",
  "esign-consent",
  "id-verification",
  "session",
  "package-expiration",
  "signer-uploads",
  "trid",
  "embedded-signing",
  "email",
  "notifications",
  "security",
] as const;
export type SettingPageId = (typeof SETTING_PAGE_IDS)[number];

/**
 * Parts of a page that save on their own (the session page's three forms, the logo upload beside the
 * branding form). A setting without a section belongs to its page's main form.
 */
export const SETTING_SECTION_IDS = ["session-entry", "session-exit", "in-session", "logo-upload"] as const;
export type SettingSectionId = (typeof SETTING_SECTION_IDS)[number];

export interface SettingDefinition<S extends z.ZodType = z.ZodType> {
  type: SettingType;
  category: SettingCategory;
  subCategory: SettingSubCategory | null;
  /** the web settings page that shows it */
  page: SettingPageId;
  /** the part of that page that saves it, when the page has more than one */
  section?: SettingSectionId;
  /** the value used until the organization sets one */
  defaultValue: z.output<S>;
  schema: S;
  description: string;
}

const setting = <S extends z.ZodType>(definition: SettingDefinition<S>) => definition;

const pkg = packageSettingFields;
const room = signingRoomSettingsSchema.shape;

export const SETTING_REGISTRY = {
  default_relative_expiration_time: setting({
    type: "STRING",
    category: "DOC_PACKAGE_MGMT",
    subCategory: "PACKAGE_EXPIRATION",
    page: "package-expiration",
    defaultValue: DEFAULT_PACKAGE_SETTINGS.default_relative_expiration_time,
    schema: pkg.default_relative_expiration_time,
    description: "Time of day (HH:mm, organization time zone) a relative expiration falls on",
  }),
  default_relative_expiration_days: setting({
    type: "INTEGER",
    category: "DOC_PACKAGE_MGMT",
    subCategory: "PACKAGE_EXPIRATION",
    page: "package-expiration",
    defaultValue: DEFAULT_PACKAGE_SETTINGS.default_relative_expiration_days,
    schema: pkg.default_relative_expiration_days,
    description: "Days after sending that a package expires (relative expiration, 0 to 3650)",
  }),
  enable_default_expiration_date: setting({
    type: "BOOLEAN",
    category: "DOC_PACKAGE_MGMT",
    subCategory: "PACKAGE_EXPIRATION",
    page: "package-expiration",
    defaultValue: DEFAULT_PACKAGE_SETTINGS.enable_default_expiration_date,
    schema: pkg.enable_default_expiration_date,
    description: "New packages get the default expiration",
  }),
  default_expiration_type: setting({
    type: "STRING",
    category: "DOC_PACKAGE_MGMT",
    subCategory: "PACKAGE_EXPIRATION",
    page: "package-expiration",
    defaultValue: DEFAULT_PACKAGE_SETTINGS.default_expiration_type,
    schema: pkg.default_expiration_type,
    description: "Default expiration of new packages",
  }),
  enable_edit_default_expiration_type: setting({
    type: "BOOLEAN",
    category: "DOC_PACKAGE_MGMT",
    subCategory: "PACKAGE_EXPIRATION",
    page: "package-expiration",
    defaultValue: DEFAULT_PACKAGE_SETTINGS.enable_edit_default_expiration_type,
    schema: pkg.enable_edit_default_expiration_type,
    description: "Senders may change the default expiration of a package",
  }),
  enable_pkg_collaboration: setting({
    type: "BOOLEAN",
    category: "DOC_PACKAGE_MGMT",
    subCategory: null,
    page: "package-collaboration",
    defaultValue: DEFAULT_PACKAGE_SETTINGS.enable_pkg_collaboration,
    schema: pkg.enable_pkg_collaboration,
    description: "Package collaboration is on for the organization",
  }),
  timezone: setting({
    type: "STRING",
    category: "DOC_PACKAGE_MGMT",
    subCategory: null,
    page: "organization",
    defaultValue: DEFAULT_PACKAGE_SETTINGS.timezone,
    schema: pkg.timezone,
    description: "IANA time zone of the organization (dates signed, expiration times)",
  }),
  participant_types: setting({
    type: "JSON",
    category: "DOC_PACKAGE_MGMT",
    subCategory: null,
    page: "organization",
    defaultValue: DEFAULT_PACKAGE_SETTINGS.participant_types,
    schema: pkg.participant_types,
    description: "Participant types offered in packages (a JSON list of unique names)",
  }),
  email_from_text: setting({
    type: "STRING",
    category: "DOC_PACKAGE_MGMT",
    subCategory: null,
    page: "email",
    defaultValue: DEFAULT_SIGNING_ROOM_SETTINGS.email_from_text,
    schema: room.email_from_text,
    description: "Display name of invitation emails (empty: Signet's)",
  }),
  email_reply_to: setting({
    type: "STRING",
    category: "DOC_PACKAGE_MGMT",
    subCategory: null,
    page: "email",
    defaultValue: DEFAULT_SIGNING_ROOM_SETTINGS.email_reply_to,
    schema: room.email_reply_to,
    description: "Reply-To address of invitation emails (empty: none)",
  }),
  esign_consent_type: setting({
    type: "STRING",
    category: "SIGNING_ROOM",
    subCategory: null,
    page: "esign-consent",
    defaultValue: DEFAULT_SIGNING_ROOM_SETTINGS.esign_consent_type,
    schema: room.esign_consent_type,
    description: "E-sign consent shown to participants (CUSTOM needs an uploaded consent document)",
  }),
  esign_consent_code_required: setting({
    type: "BOOLEAN",
    category: "SIGNING_ROOM",
    subCategory: null,
    page: "esign-consent",
    defaultValue: DEFAULT_SIGNING_ROOM_SETTINGS.esign_consent_code_required,
    schema: room.esign_consent_code_required,
    description: "Participants type the code printed in the consent document before agreeing (default false)",
  }),
  default_id_verification: setting({
    type: "STRING",
    category: "SIGNING_ROOM",
    subCategory: null,
    page: "id-verification",
    defaultValue: DEFAULT_SIGNING_ROOM_SETTINGS.default_id_verification,
    schema: room.default_id_verification,
    description: "ID verification of new participants; a change applies when a person next enters the signing room",
  }),
  embedded_allowed_origins: setting({
    type: "JSON",
    category: "SIGNING_ROOM",
    subCategory: null,
    page: "embedded-signing",
    defaultValue: DEFAULT_SIGNING_ROOM_SETTINGS.embedded_allowed_origins,
    schema: room.embedded_allowed_origins,
    description: "Origins allowed to frame the signing room (a JSON list of URLs, stored as origins)",
  }),
  primary_color: setting({
    type: "STRING",
    category: "SIGNING_ROOM",
    subCategory: "BRANDING",
    page: "branding",
    defaultValue: DEFAULT_SIGNING_ROOM_SETTINGS.primary_color,
    schema: room.primary_color,
    description: "Primary colour of the signing room and emails (#rrggbb)",
  }),
  primary_font_color: setting({
    type: "STRING",
    category: "SIGNING_ROOM",
    subCategory: "BRANDING",
    page: "branding",
    defaultValue: DEFAULT_SIGNING_ROOM_SETTINGS.primary_font_color,
    schema: room.primary_font_color,
    description: "Text colour on the primary colour (#rrggbb)",
  }),
  logo_url: setting({
    type: "STRING",
    category: "SIGNING_ROOM",
    subCategory: "BRANDING",
    page: "branding",
    defaultValue: DEFAULT_SIGNING_ROOM_SETTINGS.logo_url,
    schema: room.logo_url,
    description: "URL of the organization's logo (empty: none)",
  }),
  session_entry_message: setting({
    type: "STRING",
    category: "SIGNING_ROOM",
    subCategory: null,
    page: "session",
    section: "session-entry",
    defaultValue: DEFAULT_SESSION_SETTINGS.session_entry_message,
    schema: sessionSettingFields.session_entry_message,
    description: "Session entry: a welcome message the signing room shows before consent (empty: none)",
  }),
  session_exit_finish_url: setting({
    type: "STRING",
    category: "SIGNING_ROOM",
    subCategory: null,
    page: "session",
    section: "session-exit",
    defaultValue: DEFAULT_SESSION_SETTINGS.session_exit_finish_url,
    schema: sessionSettingFields.session_exit_finish_url,
    description: "Session exit: https address a participant is sent to after finishing (empty: Signet's page)",
  }),
  session_exit_decline_url: setting({
    type: "STRING",
    category: "SIGNING_ROOM",
    subCategory: null,
    page: "session",
    section: "session-exit",
    defaultValue: DEFAULT_SESSION_SETTINGS.session_exit_decline_url,
    schema: sessionSettingFields.session_exit_decline_url,
    description: "Session exit: https address a participant is sent to after declining (empty: Signet's page)",
  }),
  session_exit_timeout_url: setting({
    type: "STRING",
    category: "SIGNING_ROOM",
    subCategory: null,
    page: "session",
    section: "session-exit",
    defaultValue: DEFAULT_SESSION_SETTINGS.session_exit_timeout_url,
    schema: sessionSettingFields.session_exit_timeout_url,
    description:
      "Session exit: https address a participant is sent to when the session times out (empty: Signet's page)",
  }),
  session_idle_minutes: setting({
    type: "INTEGER",
    category: "SIGNING_ROOM",
    subCategory: null,
    page: "session",
    section: "in-session",
    defaultValue: DEFAULT_SESSION_SETTINGS.session_idle_minutes,
    schema: sessionSettingFields.session_idle_minutes,
    description: "In-session: minutes without activity after which a signing session ends (5 to 120)",
  }),
  signer_upload_allowed_types: setting({
    type: "JSON",
    category: "DOC_PACKAGE_MGMT",
    subCategory: "SIGNER_UPLOAD",
    page: "signer-uploads",
    defaultValue: DEFAULT_SIGNER_UPLOAD_SETTINGS.signer_upload_allowed_types,
    schema: signerUploadSettingFields.signer_upload_allowed_types,
    description: "File types participants may upload (a JSON list of PDF, PNG, JPEG; checked by content)",
  }),
  signer_upload_max_mb: setting({
    type: "INTEGER",
    category: "DOC_PACKAGE_MGMT",
    subCategory: "SIGNER_UPLOAD",
    page: "signer-uploads",
    defaultValue: DEFAULT_SIGNER_UPLOAD_SETTINGS.signer_upload_max_mb,
    schema: signerUploadSettingFields.signer_upload_max_mb,
    description: "Largest file a participant may upload, in MB (1 to 20)",
  }),
  default_logo: setting({
    type: "STRING",
    category: "SIGNING_ROOM",
    subCategory: "BRANDING",
    page: "branding",
    section: "logo-upload",
    defaultValue: "",
    schema: z.union([
      z.literal(""),
      z.string().regex(DEFAULT_LOGO_PATTERN, "Upload the logo (POST .../logo); empty removes it."),
    ]),
    description: "The uploaded logo image (set by the logo upload; empty: none, logo_url alone applies)",
  }),
  mfa_required: setting({
    type: "BOOLEAN",
    category: "SECURITY",
    subCategory: null,
    page: "security",
    defaultValue: DEFAULT_SECURITY_SETTINGS.mfa_required,
    schema: securitySettingFields.mfa_required,
    description: "Every member must sign in with a second factor",
  }),
  // automatic reminders and the expiring-soon notice (issue 14 §2): defaults a package may override
  reminders_enabled: setting({
    type: "BOOLEAN",
    category: "AUTOMATION",
    subCategory: null,
    page: "notifications",
    defaultValue: DEFAULT_REMINDER_SETTINGS.reminders_enabled,
    schema: reminderSettingFields.reminders_enabled,
    description: "Send automatic reminders to participants who have not finished",
  }),
  reminder_first_after_days: setting({
    type: "INTEGER",
    category: "AUTOMATION",
    subCategory: null,
    page: "notifications",
    defaultValue: DEFAULT_REMINDER_SETTINGS.reminder_first_after_days,
    schema: reminderSettingFields.reminder_first_after_days,
    description: "Days after a package becomes available before the first automatic reminder (1 to 365)",
  }),
  reminder_interval_days: setting({
    type: "INTEGER",
    category: "AUTOMATION",
    subCategory: null,
    page: "notifications",
    defaultValue: DEFAULT_REMINDER_SETTINGS.reminder_interval_days,
    schema: reminderSettingFields.reminder_interval_days,
    description: "Days between later automatic reminders (1 to 365)",
  }),
  reminder_max_count: setting({
    type: "INTEGER",
    category: "AUTOMATION",
    subCategory: null,
    page: "notifications",
    defaultValue: DEFAULT_REMINDER_SETTINGS.reminder_max_count,
    schema: reminderSettingFields.reminder_max_count,
    description: "At most this many automatic reminders per package (1 to 50)",
  }),
  expiring_soon_days: setting({
    type: "INTEGER",
    category: "AUTOMATION",
    subCategory: null,
    page: "notifications",
    defaultValue: DEFAULT_REMINDER_SETTINGS.expiring_soon_days,
    schema: reminderSettingFields.expiring_soon_days,
    description: "Days before a package expires that participants get the expiring-soon notice (0: off)",
  }),
  // TRID (issue 16 §1): the Loan Estimate expiration new TRID packages get, and the lender calendar
  trid_default_expiration_days: setting({
    type: "INTEGER",
    category: "DOC_PACKAGE_MGMT",
    subCategory: "TRID",
    page: "trid",
    defaultValue: DEFAULT_TRID_SETTINGS.trid_default_expiration_days,
    schema: tridSettingFields.trid_default_expiration_days,
    description: "Business days a new TRID package's Loan Estimate closing costs stay available (1 to 365)",
  }),
  trid_lender_open_saturday: setting({
    type: "BOOLEAN",
    category: "DOC_PACKAGE_MGMT",
    subCategory: "TRID",
    page: "trid",
    defaultValue: DEFAULT_TRID_SETTINGS.trid_lender_open_saturday,
    schema: tridSettingFields.trid_lender_open_saturday,
    description: "The lender is open on Saturdays (general business days for TRID dates)",
  }),
} as const satisfies Record<string, SettingDefinition>;

export type SettingName = keyof typeof SETTING_REGISTRY;
/** The typed value of a setting, as its schema reads it (its default has the same type). */
export type SettingValue<N extends SettingName> = z.output<(typeof SETTING_REGISTRY)[N]["schema"]>;
export const SETTING_NAMES = Object.keys(SETTING_REGISTRY) as SettingName[];

export function isSettingName(name: string): name is SettingName {
  return Object.hasOwn(SETTING_REGISTRY, name);
}

export function settingDefinition(name: SettingName): SettingDefinition {
  return SETTING_REGISTRY[name] as SettingDefinition;
}

/**
 * The settings a page shows, in registry order: with a section, that section's; without, the page's
 * main form (the settings of the page that have no section).
 */
export function settingsOfPage(page: SettingPageId, section?: SettingSectionId): SettingName[] {
  return SETTING_NAMES.filter((name) => {
    const definition = settingDefinition(name);
    return definition.page === page && definition.section === section;
  });
}

export const SETTING_REGISTRY_MESSAGES = {
  unknownNames: (names: readonly string[]) =>
    `Unknown setting${names.length === 1 ? "" : "s"}: ${names.join(", ")}. Known settings: ${SETTING_NAMES.join(", ")}.`,
  notBoolean: "Use true or false.",
  notInteger: "Use a whole number.",
  notText: "Use text.",
  notJson: "Use JSON (a list or an object).",
} as const;

export type SettingParse = { ok: true; value: unknown; text: string } | { ok: false; message: string };

/** A typed value as its stored text (after its schema normalised it, e.g. URLs to origins). */
function toText(type: SettingType, value: unknown): string {
  return type === "JSON" ? JSON.stringify(value) : String(value);
}

/** The text form read as the declared type, before the value's own rules. */
function rawFromText(type: SettingType, text: string): { ok: true; raw: unknown } | { ok: false; message: string } {
  switch (type) {
    case "BOOLEAN":
      if (text === "true" || text === "false") return { ok: true, raw: text === "true" };
      return { ok: false, message: SETTING_REGISTRY_MESSAGES.notBoolean };
    case "INTEGER":
      if (/^-?\d{1,15}$/.test(text)) return { ok: true, raw: Number(text) };
      return { ok: false, message: SETTING_REGISTRY_MESSAGES.notInteger };
    case "STRING":
      return { ok: true, raw: text };
    case "JSON":
      try {
        return { ok: true, raw: JSON.parse(text) };
      } catch {
        return { ok: false, message: SETTING_REGISTRY_MESSAGES.notJson };
      }
  }
}

function validate(definition: SettingDefinition, raw: unknown): SettingParse {
  const parsed = definition.schema.safeParse(raw);
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? "Invalid value." };
  return { ok: true, value: parsed.data, text: toText(definition.type, parsed.data) };
}

/** A stored (or submitted) text checked by the setting's declared type and its rules. */
export function parseSettingText(name: SettingName, text: string): SettingParse {
  const definition = settingDefinition(name);
  const raw = rawFromText(definition.type, text);
  return raw.ok ? validate(definition, raw.raw) : raw;
}

/**
 * A value submitted through the API: its text form ('true', '30', '["Buyer"]') or the typed value
 * itself (true, 30, ["Buyer"]); either way checked by the declared type, then by the setting's rules.
 */
export function parseSettingInput(name: SettingName, input: unknown): SettingParse {
  if (typeof input === "string") return parseSettingText(name, input);
  const definition = settingDefinition(name);
  const typeMatches =
    (definition.type === "BOOLEAN" && typeof input === "boolean") ||
    (definition.type === "INTEGER" && typeof input === "number") ||
    (definition.type === "JSON" && typeof input === "object" && input !== null);
  if (!typeMatches) {
    const message = {
      BOOLEAN: SETTING_REGISTRY_MESSAGES.notBoolean,
      INTEGER: SETTING_REGISTRY_MESSAGES.notInteger,
      STRING: SETTING_REGISTRY_MESSAGES.notText,
      JSON: SETTING_REGISTRY_MESSAGES.notJson,
    }[definition.type];
    return { ok: false, message };
  }
  return validate(definition, input);
}

/** The default's stored text. */
export function settingDefaultText(name: SettingName): string {
  const definition = settingDefinition(name);
  return toText(definition.type, definition.defaultValue);
}

/** The typed value of a stored text, or the default when it no longer parses (a rule became stricter). */
export function settingValueOrDefault(name: SettingName, text: string | undefined): unknown {
  if (text === undefined) return settingDefinition(name).defaultValue;
  const parsed = parseSettingText(name, text);
  return parsed.ok ? parsed.value : settingDefinition(name).defaultValue;
}

/** The fixed values a setting takes (a choice list for a settings page), or null when it is free. */
export function settingAllowedValues(name: SettingName): string[] | null {
  const schema = settingDefinition(name).schema;
  return schema instanceof z.ZodEnum ? (schema.options as string[]) : null;
}
