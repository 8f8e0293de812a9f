import { randomUUID } from "node:crypto";
import {
  type CreatePackage,
  DEFAULTS,
  INITIAL_PACKAGE_STATUS,
  PACKAGE_MESSAGES,
  type Package,
  type PackageSettings,
  settingsFromRows,
} from "@signet/contract";
import type { Actor } from "../actor.ts";
import { nextAuditEvent } from "../audit/append-audit-event.ts";
import type { CoreDeps } from "../core-deps.ts";
import { FOREIGN_KEY_VIOLATION, pgErrorCode, UNIQUE_VIOLATION } from "../db/pg-error-code.ts";
import { AppError, forbidden, notFound } from "../errors/app-error.ts";
import { type PackageSettingsRead, readPackageSettings } from "../settings/package-settings.ts";
import { insertNewPackage } from "./insert-new-package.ts";
import { loadPackageAccess } from "./package-access.ts";
import { assertPackageGroupsBeforeWrite } from "./package-groups-input.ts";
import { toPackage } from "./package-views.ts";
import { newShortId } from "./short-id.ts";

/**
 * A new package in STARTED, shared with the groups given, or by default with the caller's own groups
 * in which they manage packages. The caller must manage packages in at least one of the groups.
 */
export async function createPackage(
  actor: Actor,
  input: CreatePackage & { organizationId: string },
  deps: CoreDeps,
  /** the settings as the token's statement read them (packageSettingsAlongside); read here otherwise */
  settingsRead?: PackageSettingsRead | null,
): Promise<Package> {
  const { organizationId } = input;
  // read alongside the access (nothing of it is answered before the permission checks): the
  // audit event's hash covers the expiration defaults, so they are known before the write
  const expirationDefaults =
    settingsRead?.organizationId === organizationId
      ? Promise.resolve(expirationOf(settingsFromRows(settingsRead.rows)))
      : defaultExpiration(deps.db, organizationId);
  expirationDefaults.catch(() => {});
  const access = await loadPackageAccess(actor, organizationId, deps);
  access.require("MANAGE_DOCUMENTS_PACKAGES");
  let groupIds: string[];
  if (input.groupIds) {
    groupIds = await assertPackageGroupsBeforeWrite(deps.db, access, input.groupIds);
    if (!access.canManage(groupIds)) throw forbidden(PACKAGE_MESSAGES.manageGroupRequired);
  } else {
    const own =
      actor.kind === "user"
        ? await deps.db.groupMember.findMany({
            where: { userId: actor.userId, organizationId },
            select: { groupId: true },
          })
        : [];
    groupIds = own.map((row) => row.groupId).filter((id) => access.groups.canIn(id, "MANAGE_DOCUMENTS_PACKAGES"));
    if (groupIds.length === 0) throw new AppError("BAD_REQUEST", PACKAGE_MESSAGES.groupRequired);
  }
  const name = input.name?.trim() || DEFAULTS.packageName;
  const createdById = actor.kind === "user" ? actor.userId : null;
  const expiration = await expirationDefaults;
  for (let attempt = 0; ; attempt++) {
    const id = randomUUID();
    const shortId = newShortId();
    const createdAt = new Date();
    const change = {
      organizationId,
      streamType: "package" as const,
      streamId: id,
      type: "package.created",
      data: { name, shortId, status: INITIAL_PACKAGE_STATUS, groupIds, ...expiration },
    };
    let row: Awaited<ReturnType<typeof insertNewPackage>>;
    try {
      row = await insertNewPackage(deps.db, {
        id,
        organizationId,
        shortId,
        name,
        status: INITIAL_PACKAGE_STATUS,
        createdById,
        ...expiration,
        groupIds,
        createdAt,
        audit: nextAuditEvent(actor, change, null, createdAt),
      });
    } catch (error) {
      // a short id clash (one in ~10^11): draw another
      if (pgErrorCode(error) === UNIQUE_VIOLATION && attempt < 4) continue;
      // a chosen group deleted while the statement waited for the group tree's lock
      if (pgErrorCode(error) === FOREIGN_KEY_VIOLATION) throw notFound(PACKAGE_MESSAGES.selectedGroupNotFound);
      throw error;
    }
    if (!row) throw notFound(PACKAGE_MESSAGES.selectedGroupNotFound);
    // fresh: no participants, no TRID type (so no date depends on the organization's calendar)
    return toPackage(row, access);
  }
}

/** Spec §9: with enable_default_expiration_date, a new package starts with the organization's expiration defaults. */
export async function defaultExpiration(tx: Parameters<typeof readPackageSettings>[0], organizationId: string) {
  return expirationOf(await readPackageSettings(tx, organizationId));
}

function expirationOf(settings: PackageSettings) {
  if (!settings.enable_default_expiration_date) return {};
  if (settings.default_expiration_type !== "RELATIVE") return { expirationType: settings.default_expiration_type };
  return {
    expirationType: "RELATIVE",
    scheduledExpiryDays: settings.default_relative_expiration_days,
    scheduledExpiryTime: settings.default_relative_expiration_time,
  };
}
