import {
  DEFAULT_SIGNING_ROOM_SETTINGS,
  SIGNING_ADMIN_MESSAGES,
  type SigningRoomSettingKey,
  type SigningRoomSettings,
  type UpdateSigningRoomSettings,
} from "@signet/contract";
import type { Actor } from "../actor.ts";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import type { CoreDeps } from "../core-deps.ts";
import type { Prisma } from "../db/generated/client.ts";
import { AppError, forbidden } from "../errors/app-error.ts";
import { loadGroupAccess } from "../groups/load-group-access.ts";
import { readOrganizationSettings, settingValuesOf } from "../settings/read-organization-settings.ts";

type Reader = Pick<Prisma.TransactionClient, "organizationSetting">;
const KEYS = Object.keys(DEFAULT_SIGNING_ROOM_SETTINGS) as SigningRoomSettingKey[];

const toText = (key: SigningRoomSettingKey, value: unknown) =>
  key === "embedded_allowed_origins" ? JSON.stringify(value) : String(value);

/** The organization's signing-room settings, defaults filled in; a stored value that no longer parses falls back. */
export async function readSigningRoomSettings(db: Reader, organizationId: string): Promise<SigningRoomSettings> {
  return readOrganizationSettings(db, organizationId, KEYS);
}

/** The keys readSigningRoomSettings reads, for a caller that reads the rows itself. */
export const SIGNING_ROOM_SETTING_KEYS: readonly string[] = KEYS;

/** The settings from rows already read (rows of other keys are ignored). */
export function signingRoomSettingsOf(rows: { key: string; value: string }[]): SigningRoomSettings {
  return settingValuesOf(rows, KEYS);
}

export async function getSigningRoomSettings(actor: Actor, input: { organizationId: string }, deps: CoreDeps) {
  const access = await loadGroupAccess(actor, input.organizationId, deps);
  if (!access.canInOrganization("VIEW_ADMIN_SETTINGS") && !access.canInOrganization("VIEW_DOCUMENTS_PACKAGES")) {
    throw forbidden();
  }
  return readSigningRoomSettings(deps.db, input.organizationId);
}

/** Spec §5: choosing CUSTOM consent needs an uploaded consent file first. */
export async function updateSigningRoomSettings(
  actor: Actor,
  input: { organizationId: string; changes: UpdateSigningRoomSettings },
  deps: CoreDeps,
): Promise<SigningRoomSettings> {
  const access = await loadGroupAccess(actor, input.organizationId, deps);
  if (!access.canInOrganization("MANAGE_ADMIN_SETTINGS")) throw forbidden();
  const { organizationId } = input;
  return deps.db.$transaction(async (tx) => {
    if (input.changes.esign_consent_type === "CUSTOM") {
      const uploaded = await tx.consentDocument.count({ where: { organizationId } });
      if (uploaded === 0) {
        const message = SIGNING_ADMIN_MESSAGES.customConsentMissing;
        throw new AppError("BAD_REQUEST", message, [{ path: "esign_consent_type", message }]);
      }
    }
    const before = await readSigningRoomSettings(tx, organizationId);
    const changed: Record<string, { from: unknown; to: unknown }> = {};
    const updatedById = actor.kind === "user" ? actor.userId : null;
    for (const key of KEYS) {
      const value = input.changes[key];
      if (value === undefined || toText(key, value) === toText(key, before[key])) continue;
      await tx.organizationSetting.upsert({
        where: { organizationId_key: { organizationId, key } },
        create: { organizationId, key, value: toText(key, value), updatedById },
        update: { value: toText(key, value), updatedById, version: { increment: 1 } },
      });
      changed[key] = { from: before[key], to: value };
    }
    if (Object.keys(changed).length > 0) {
      await appendAuditEvent(tx, actor, {
        organizationId,
        streamType: "organization",
        streamId: organizationId,
        type: "organization.signing-room-settings-updated",
        data: { changes: changed },
      });
    }
    return readSigningRoomSettings(tx, organizationId);
  });
}
