import { type SettingName, type SigningSessionRules, settingValueOrDefault } from "@signet/contract";
import type { Prisma } from "../db/generated/client.ts";

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
  const rows = await db.organizationSetting.findMany({
    where: { organizationId, key: { in: [...NAMES] } },
    select: { key: true, value: true },
  });
  return signingSessionRulesOf(rows);
}

/** The keys readSigningSessionRules reads, for a caller that reads the rows itself. */
export const SIGNING_SESSION_SETTING_KEYS: readonly string[] = NAMES;

/** The rules from rows already read (rows of other keys are ignored). */
export function signingSessionRulesOf(rows: { key: string; value: string }[]): SigningSessionRules {
  const stored = new Map(rows.map((row) => [row.key, row.value]));
  const value = <T>(name: (typeof NAMES)[number]) => settingValueOrDefault(name, stored.get(name)) as T;
  const url = (name: (typeof NAMES)[number]) => value<string>(name) || null;
  return {
    entryMessage: value<string>("session_entry_message"),
    finishUrl: url("session_exit_finish_url"),
    declineUrl: url("session_exit_decline_url"),
    timeoutUrl: url("session_exit_timeout_url"),
    idleMinutes: value<number>("session_idle_minutes"),
    uploadTypes: value<SigningSessionRules["uploadTypes"]>("signer_upload_allowed_types"),
    uploadMaxBytes: value<number>("signer_upload_max_mb") * 1024 * 1024,
  };
}

/** The organization's idle limit of signing sessions, in minutes. */
export async function readSessionIdleMinutes(db: Reader, organizationId: string): Promise<number> {
  const row = await db.organizationSetting.findUnique({
    where: { organizationId_key: { organizationId, key: "session_idle_minutes" } },
    select: { value: true },
  });
  return settingValueOrDefault("session_idle_minutes", row?.value) as number;
}
