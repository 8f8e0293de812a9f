import { z } from "zod";

// Issue 13 §2: the session settings (what the signing room shows on entering, where it sends the
// participant on finishing, declining or timing out, how long an idle session lasts) and the signer
// upload settings (which file types participants may upload for a stip, and how large). Their
// registry entries are in setting-registry.ts; the signing room reads them through the room view.

/** An https address, or empty for Signet's own page. */
const exitUrl = z.union([
  z.literal(""),
  z.url({ protocol: /^https$/, message: "Use an https:// address, or leave empty for Signet's own page." }).max(2000),
]);

export const sessionSettingFields = {
  session_entry_message: z.string().trim().max(2000, "Use at most 2000 characters."),
  session_exit_finish_url: exitUrl,
  session_exit_decline_url: exitUrl,
  session_exit_timeout_url: exitUrl,
  session_idle_minutes: z
    .number()
    .int("Use a whole number of minutes.")
    .min(5, "Use 5 to 120 minutes.")
    .max(120, "Use 5 to 120 minutes."),
};

export const DEFAULT_SESSION_SETTINGS = {
  session_entry_message: "",
  session_exit_finish_url: "",
  session_exit_decline_url: "",
  session_exit_timeout_url: "",
  session_idle_minutes: 30,
} as const;

/** The file kinds a participant may upload (each checked by its bytes, never by its name). */
export const SIGNER_UPLOAD_TYPES = ["PDF", "PNG", "JPEG"] as const;
export type SignerUploadType = (typeof SIGNER_UPLOAD_TYPES)[number];
/** The ceiling of the size setting: the signing API never reads more than this. */
export const SIGNER_UPLOAD_MAX_MB = 20;

export const signerUploadSettingFields = {
  signer_upload_allowed_types: z
    .array(z.enum(SIGNER_UPLOAD_TYPES))
    .min(1, "Allow at least one file type.")
    .max(SIGNER_UPLOAD_TYPES.length)
    .refine((types) => new Set(types).size === types.length, "List each file type once."),
  signer_upload_max_mb: z
    .number()
    .int("Use a whole number of megabytes.")
    .min(1, `Use 1 to ${SIGNER_UPLOAD_MAX_MB} MB.`)
    .max(SIGNER_UPLOAD_MAX_MB, `Use 1 to ${SIGNER_UPLOAD_MAX_MB} MB.`),
};

export const DEFAULT_SIGNER_UPLOAD_SETTINGS = {
  signer_upload_allowed_types: [...SIGNER_UPLOAD_TYPES] as SignerUploadType[],
  signer_upload_max_mb: SIGNER_UPLOAD_MAX_MB,
};

export const SIGNER_UPLOAD_MESSAGES = {
  typeNotAllowed: (allowed: readonly string[]) => `This file type is not accepted here. Upload ${allowed.join(", ")}.`,
  tooLarge: (maxMb: number) => `The file is larger than ${maxMb} MB.`,
} as const;

/** Session and signer upload settings the signing room follows (part of the room view). */
export const signingSessionRulesSchema = z
  .object({
    entryMessage: z.string().describe("Shown before consent; empty: none"),
    finishUrl: z
      .string()
      .nullable()
      .describe("Where the room sends the participant after finishing; null: Signet's page"),
    declineUrl: z
      .string()
      .nullable()
      .describe("Where the room sends the participant after declining; null: Signet's page"),
    timeoutUrl: z
      .string()
      .nullable()
      .describe("Where the room sends the participant when the session times out; null: Signet's page"),
    idleMinutes: z.number().int().describe("Minutes without activity after which the signing session ends"),
    uploadTypes: z.array(z.enum(SIGNER_UPLOAD_TYPES)).describe("The kinds of file a participant may upload for a stip"),
    uploadMaxBytes: z.number().int().describe("The largest file a participant may upload, in bytes"),
  })
  .meta({ id: "SigningSessionRules", description: "The organization's session timeout and signer upload rules" });
export type SigningSessionRules = z.infer<typeof signingSessionRulesSchema>;
