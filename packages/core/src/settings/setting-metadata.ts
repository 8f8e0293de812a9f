import {
  type CreateSettingMetaData,
  isSettingName,
  parseSettingInput,
  SETTING_METADATA_MESSAGES,
  SETTING_NAMES,
  SETTING_REGISTRY_MESSAGES,
  type SettingMetaData,
  type SettingMetaDataList,
  type SettingMetaDataQuery,
  type SettingName,
  SIGNING_ADMIN_MESSAGES,
  settingAllowedValues,
  settingDefaultText,
  settingDefinition,
  type UpdateSettingMetaData,
} from "@signet/contract";
import type { Actor } from "../actor.ts";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import { isUniqueViolation } from "../concurrency/versioned-write.ts";
import type { CoreDeps } from "../core-deps.ts";
import type { Prisma } from "../db/generated/client.ts";
import { AppError, forbidden, notFound } from "../errors/app-error.ts";
import { loadGroupAccess } from "../groups/load-group-access.ts";

// Spec §7 metaData (issue 13 §1): the one store of organization settings (OrganizationSetting) seen
// through the registry. A name without a row has its default (id null, version 0). The typed views
// (package settings, signing room settings) read and write the same rows.

type Tx = Prisma.TransactionClient;
interface StoredSetting {
  id: string;
  key: string;
  value: string;
  version: number;
  lastUpdatedAt: Date;
  updatedById: string | null;
}

const READERS = ["VIEW_ADMIN_SETTINGS", "VIEW_DOCUMENTS_PACKAGES"] as const;

function toSettingMetaData(organizationId: string, name: SettingName, row: StoredSetting | undefined): SettingMetaData {
  const definition = settingDefinition(name);
  const defaultValue = settingDefaultText(name);
  return {
    id: row?.id ?? null,
    organizationUid: organizationId,
    settingMetaDataUid: name,
    settingName: name,
    value: row?.value ?? defaultValue,
    type: definition.type,
    category: definition.category,
    subCategory: definition.subCategory,
    version: row?.version ?? 0,
    defaultValue,
    allowedValues: settingAllowedValues(name),
    description: definition.description,
    elementType: "ORGANIZATION",
    elementId: organizationId,
    lastUpdatedAt: row?.lastUpdatedAt.toISOString() ?? null,
    updatedBy: row?.updatedById ?? null,
  };
}

async function readSettings(db: Pick<Tx, "organizationSetting">, organizationId: string, names: SettingName[]) {
  const rows = await db.organizationSetting.findMany({ where: { organizationId, key: { in: names } } });
  const byKey = new Map(rows.map((row) => [row.key, row]));
  const records = names.map((name) => toSettingMetaData(organizationId, name, byKey.get(name)));
  return { records, count: records.length };
}

function refuseUnknown(names: readonly string[], path: (index: number) => string) {
  const unknown = names.map((name, index) => ({ name, index })).filter(({ name }) => !isSettingName(name));
  if (unknown.length === 0) return;
  const message = SETTING_REGISTRY_MESSAGES.unknownNames(unknown.map(({ name }) => name));
  throw new AppError(
    "BAD_REQUEST",
    message,
    unknown.map(({ index }) => ({ path: path(index), message })),
  );
}

/** Names known, each once, each value valid by its declared type and rules: the texts to store. */
function validateItems(items: readonly { settingName: string; value: unknown }[]) {
  const names = items.map((item) => item.settingName.trim());
  refuseUnknown(names, (index) => `[${index}].settingName`);
  const repeated = [...new Set(names.filter((name, index) => names.indexOf(name) !== index))];
  if (repeated.length > 0) {
    const message = SETTING_METADATA_MESSAGES.duplicateNames(repeated);
    throw new AppError("BAD_REQUEST", message, [{ path: "settingName", message }]);
  }
  const parsed = items.map((item, index) => ({
    index,
    name: names[index] as SettingName,
    ...parseSettingInput(names[index] as SettingName, item.value),
  }));
  const invalid = parsed.filter((item) => !item.ok);
  if (invalid.length > 0) {
    const details = invalid.map((item) => ({
      path: `[${item.index}].value`,
      message: `${item.name}: ${item.ok ? "" : item.message}`,
    }));
    throw new AppError("BAD_REQUEST", details.map((detail) => detail.message).join(" "), details);
  }
  return parsed.map((item) => ({
    name: item.name,
    text: item.ok ? item.text : "",
    value: item.ok ? item.value : undefined,
  }));
}

/** Rules across tables that a value must meet (the typed views check the same). */
async function checkSettingRules(tx: Tx, organizationId: string, values: ReadonlyMap<SettingName, unknown>) {
  if (values.get("esign_consent_type") === "CUSTOM") {
    // spec §5: choosing CUSTOM consent needs an uploaded consent file first
    if ((await tx.consentDocument.count({ where: { organizationId } })) === 0) {
      const message = SIGNING_ADMIN_MESSAGES.customConsentMissing;
      throw new AppError("BAD_REQUEST", message, [{ path: "esign_consent_type", message }]);
    }
  }
}

/** Columns that mirror a setting (packages read Organization.enabledPkgCollaboration). */
async function applySettingEffects(tx: Tx, organizationId: string, values: ReadonlyMap<SettingName, unknown>) {
  if (values.has("enable_pkg_collaboration")) {
    await tx.organization.update({
      where: { id: organizationId },
      data: { enabledPkgCollaboration: values.get("enable_pkg_collaboration") === true },
    });
  }
}

async function requireManager(actor: Actor, organizationId: string, deps: CoreDeps) {
  const access = await loadGroupAccess(actor, organizationId, deps);
  if (!access.canInOrganization("MANAGE_ADMIN_SETTINGS")) throw forbidden();
}

const alreadySet = (names: string[]) => new AppError("ALREADY_EXISTS", SETTING_METADATA_MESSAGES.alreadySet(names));

function versionNotMatched(names: string[]) {
  const message = SETTING_METADATA_MESSAGES.versionNotMatched;
  return new AppError(
    "VERSION_NOT_MATCHED",
    message,
    names.map((name) => ({ path: name, message: `${message}: ${name}` })),
  );
}

export async function listSettingMetaData(
  actor: Actor,
  input: SettingMetaDataQuery & { organizationId: string },
  deps: CoreDeps,
): Promise<SettingMetaDataList> {
  const access = await loadGroupAccess(actor, input.organizationId, deps);
  if (!access.canInOrganization(READERS)) throw forbidden();
  if (input.elementId !== undefined && input.elementId !== input.organizationId) {
    const message = SETTING_METADATA_MESSAGES.elementNotOrganization;
    throw new AppError("BAD_REQUEST", message, [{ path: "elementId", message }]);
  }
  const requested = input.settingNames ?? [];
  refuseUnknown(requested, () => "settingNames");
  const names = SETTING_NAMES.filter((name) => {
    const definition = settingDefinition(name);
    if (requested.length > 0 && !requested.includes(name)) return false;
    if (input.category && definition.category !== input.category) return false;
    if (input.subCategory && definition.subCategory !== input.subCategory) return false;
    return true;
  });
  return readSettings(deps.db, input.organizationId, names);
}

/** POST: settings never set before; one already set answers 409 (change it with PUT). All or nothing. */
export async function createSettingMetaData(
  actor: Actor,
  input: { organizationId: string; settings: CreateSettingMetaData },
  deps: CoreDeps,
): Promise<SettingMetaDataList> {
  const { organizationId } = input;
  await requireManager(actor, organizationId, deps);
  const items = validateItems(input.settings);
  const names = items.map((item) => item.name);
  const updatedById = actor.kind === "user" ? actor.userId : null;
  try {
    return await deps.db.$transaction(async (tx) => {
      const existing = await tx.organizationSetting.findMany({
        where: { organizationId, key: { in: names } },
        select: { key: true },
      });
      if (existing.length > 0) throw alreadySet(existing.map((row) => row.key));
      const values = new Map(items.map((item) => [item.name, item.value]));
      await checkSettingRules(tx, organizationId, values);
      for (const item of items) {
        await tx.organizationSetting.create({
          data: { organizationId, key: item.name, value: item.text, updatedById },
        });
      }
      await applySettingEffects(tx, organizationId, values);
      await appendAuditEvent(tx, actor, {
        organizationId,
        streamType: "organization",
        streamId: organizationId,
        type: "organization.metadata-created",
        data: {
          settings: names,
          changes: Object.fromEntries(
            items.map((item) => [item.name, { from: settingDefaultText(item.name), to: item.text }]),
          ),
        },
      });
      return readSettings(tx, organizationId, names);
    });
  } catch (error) {
    // two requests setting the same name at once: the second finds it set
    if (isUniqueViolation(error)) throw alreadySet(names);
    throw error;
  }
}

/**
 * PUT: each setting with the version read (0: never set, the default applied). A stale version
 * answers 'Version not matched' naming the settings and nothing is written. A value equal to the
 * stored one is no change (its version stays).
 */
export async function updateSettingMetaData(
  actor: Actor,
  input: { organizationId: string; settings: UpdateSettingMetaData },
  deps: CoreDeps,
): Promise<SettingMetaDataList> {
  const { organizationId } = input;
  await requireManager(actor, organizationId, deps);
  const items = validateItems(input.settings).map((item, index) => ({
    ...item,
    version: input.settings[index]!.version,
  }));
  const names = items.map((item) => item.name);
  const updatedById = actor.kind === "user" ? actor.userId : null;
  try {
    return await deps.db.$transaction(async (tx) => {
      const rows = await tx.organizationSetting.findMany({ where: { organizationId, key: { in: names } } });
      const byKey = new Map(rows.map((row) => [row.key, row]));
      const stale = items.filter((item) => (byKey.get(item.name)?.version ?? 0) !== item.version);
      if (stale.length > 0) throw versionNotMatched(stale.map((item) => item.name));
      const changed = items.filter(
        (item) => (byKey.get(item.name)?.value ?? settingDefaultText(item.name)) !== item.text,
      );
      const values = new Map(changed.map((item) => [item.name, item.value]));
      await checkSettingRules(tx, organizationId, values);
      const lost: string[] = [];
      for (const item of changed) {
        if (item.version === 0) {
          await tx.organizationSetting.create({
            data: { organizationId, key: item.name, value: item.text, updatedById },
          });
          continue;
        }
        const { count } = await tx.organizationSetting.updateMany({
          where: { organizationId, key: item.name, version: item.version },
          data: { value: item.text, updatedById, version: { increment: 1 } },
        });
        if (count === 0) lost.push(item.name);
      }
      if (lost.length > 0) throw versionNotMatched(lost);
      if (changed.length > 0) {
        await applySettingEffects(tx, organizationId, values);
        await appendAuditEvent(tx, actor, {
          organizationId,
          streamType: "organization",
          streamId: organizationId,
          type: "organization.metadata-updated",
          data: {
            settings: changed.map((item) => item.name),
            changes: Object.fromEntries(
              changed.map((item) => [
                item.name,
                { from: byKey.get(item.name)?.value ?? settingDefaultText(item.name), to: item.text },
              ]),
            ),
          },
        });
      }
      return readSettings(tx, organizationId, names);
    });
  } catch (error) {
    // a version-0 create raced with another write of the same name
    if (isUniqueViolation(error)) throw versionNotMatched(names);
    throw error;
  }
}

/** DELETE: the stored value goes and the default applies again; answers the setting as it now reads. */
export async function deleteSettingMetaData(
  actor: Actor,
  input: { organizationId: string; settingId: string; version: number },
  deps: CoreDeps,
): Promise<SettingMetaData> {
  const { organizationId } = input;
  const access = await loadGroupAccess(actor, organizationId, deps);
  const row = await deps.db.organizationSetting.findFirst({ where: { id: input.settingId, organizationId } });
  if (!row || !isSettingName(row.key)) throw notFound(SETTING_METADATA_MESSAGES.settingNotFound);
  if (!access.canInOrganization("MANAGE_ADMIN_SETTINGS")) throw forbidden();
  const name = row.key;
  return deps.db.$transaction(async (tx) => {
    const { count } = await tx.organizationSetting.deleteMany({
      where: { id: row.id, organizationId, version: input.version },
    });
    if (count === 0) {
      const still = await tx.organizationSetting.count({ where: { id: row.id } });
      if (still === 0) throw notFound(SETTING_METADATA_MESSAGES.settingNotFound);
      throw versionNotMatched([name]);
    }
    await applySettingEffects(tx, organizationId, new Map([[name, settingDefinition(name).defaultValue]]));
    await appendAuditEvent(tx, actor, {
      organizationId,
      streamType: "organization",
      streamId: organizationId,
      type: "organization.metadata-reset",
      data: { settingName: name, from: row.value, to: settingDefaultText(name) },
    });
    return toSettingMetaData(organizationId, name, undefined);
  });
}
