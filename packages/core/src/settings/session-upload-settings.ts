import type { SettingName, SigningSessionRules } from "@signet/contract";
import type { Prisma } from "../db/generated/client.ts";
import {
  readOrganizationSetting,
  readOrganizationSettings,
  type SettingValues,
  settingValuesOf,
} from "./read-organization-settings.ts";

// Issue 13 §2: the session and signer upload settings as the signing room and the stip upload
// follow them (stored in the one settings table; defaults until the organization sets them).

type Reader = Pick<Prisma.TransactionClient, "organizationSetting">;

const NAMES = [
  "session_entry_message",
  "session_exit_finish_url",
  "session_exit_decline_url",
  "session_exit_timeout_url",
  "session_idle_minutes",
  "signer_upload_allowed_types",
  "signer_upload_max_mb",
] as const satisfies readonly SettingName[];

export async function readSigningSessionRules(db: Reader, organizationId: string): Promise<SigningSessionRules> {
  return signingSessionRulesFrom(await readOrganizationSettings(db, organizationId, NAMES));
}

/** The keys readSigningSessionRules reads, for a caller that reads the rows itself. */
export const SIGNING_SESSION_SETTING_KEYS: readonly string[] = NAMES;

/** The rules from rows already read (rows of other keys are ignored). */
export function signingSessionRulesOf(rows: { key: string; value: string }[]): SigningSessionRules {
  return signingSessionRulesFrom(settingValuesOf(rows, NAMES));
}

function signingSessionRulesFrom(values: SettingValues<(typeof NAMES)[number]>): SigningSessionRules {
  return {
    entryMessage: values.session_entry_message,
    finishUrl: values.session_exit_finish_url || null,
    declineUrl: values.session_exit_decline_url || null,
    timeoutUrl: values.session_exit_timeout_url || null,
    idleMinutes: values.session_idle_minutes,
    uploadTypes: values.signer_upload_allowed_types,
    uploadMaxBytes: values.signer_upload_max_mb * 1024 * 1024,
  };
}

/** The organization's idle limit of signing sessions, in minutes. */
export async function readSessionIdleMinutes(db: Reader, organizationId: string): Promise<number> {
  return readOrganizationSetting(db, organizationId, "session_idle_minutes");
}
