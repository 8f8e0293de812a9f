import {
  type PackageSettingKey,
  type PackageSettings,
  settingsFromRows,
  settingToText,
  type UpdatePackageSettings,
} from "@signet/contract";
import type { Actor } from "../actor.ts";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import type { TokenAlongside } from "../auth/authenticate-token.ts";
import type { CoreDeps } from "../core-deps.ts";
import { Prisma } from "../db/generated/client.ts";
import { queryRows } from "../db/pool-query.ts";
import type { Db } from "../db/prisma-client.ts";
import { forbidden } from "../errors/app-error.ts";
import { loadGroupAccess } from "../groups/load-group-access.ts";

type Reader = Db | Prisma.TransactionClient;

const SETTING_ROWS = `SELECT key, value FROM "OrganizationSetting" WHERE "organizationId" = $1::uuid`;

/**
 * The organization's package settings, defaults filled in (used by package use cases too). Read on
 * the pg pool when not in a transaction: creating a package reads them on every call.
 */
export async function readPackageSettings(db: Reader, organizationId: string): Promise<PackageSettings> {
  return settingsFromRows(await queryRows<{ key: string; value: string }>(db, SETTING_ROWS, [organizationId]));
}

/** The rows readPackageSettings reads, as the token's statement reads them along (authenticateToken's alongside). */
export type PackageSettingRows = { key: string; value: string }[];

/**
 * The token's organization's setting rows, read in the token's own statement: creating a package
 * needs them before its write (the audit event covers the expiration defaults), and reading them
 * there saves the round trip between the token and the insert.
 */
export const packageSettingsAlongside: TokenAlongside = (claims) => Prisma.sql`
  (SELECT json_build_object('organizationId', ${claims.oid}::uuid, 'rows',
            coalesce(json_agg(json_build_object('key', key, 'value', value)), '[]'))
     FROM "OrganizationSetting" WHERE "organizationId" = ${claims.oid}::uuid)`;

/** What packageSettingsAlongside read, for the organization it read it for. */
export interface PackageSettingsRead {
  organizationId: string | null;
  rows: PackageSettingRows;
}

/** Members who see packages need the defaults as much as settings administrators do. */
export async function getPackageSettings(
  actor: Actor,
  input: { organizationId: string },
  deps: CoreDeps,
): Promise<PackageSettings> {
  const access = await loadGroupAccess(actor, input.organizationId, deps);
  if (!access.canInOrganization("VIEW_DOCUMENTS_PACKAGES") && !access.canInOrganization("VIEW_ADMIN_SETTINGS")) {
    throw forbidden();
  }
  return readPackageSettings(deps.db, input.organizationId);
}

export async function updatePackageSettings(
  actor: Actor,
  input: { organizationId: string; changes: UpdatePackageSettings },
  deps: CoreDeps,
): Promise<PackageSettings> {
  const access = await loadGroupAccess(actor, input.organizationId, deps);
  if (!access.canInOrganization("MANAGE_ADMIN_SETTINGS")) throw forbidden();
  const { organizationId } = input;
  const actorUserId = actor.kind === "user" ? actor.userId : null;
  return deps.db.$transaction(async (tx) => {
    const before = await readPackageSettings(tx, organizationId);
    const changed: Partial<Record<PackageSettingKey, { from: unknown; to: unknown }>> = {};
    for (const [key, value] of Object.entries(input.changes) as [
      PackageSettingKey,
      PackageSettings[PackageSettingKey],
    ][]) {
      if (value === undefined) continue;
      const text = settingToText(key, value);
      if (text === settingToText(key, before[key])) continue;
      await tx.organizationSetting.upsert({
        where: { organizationId_key: { organizationId, key } },
        create: { organizationId, key, value: text, updatedById: actorUserId },
        update: { value: text, updatedById: actorUserId, version: { increment: 1 } },
      });
      changed[key] = { from: before[key], to: value };
    }
    if (Object.keys(changed).length > 0) {
      // Organization.enabledPkgCollaboration mirrors the setting: packages read the flag
      if (changed.enable_pkg_collaboration) {
        await tx.organization.update({
          where: { id: organizationId },
          data: { enabledPkgCollaboration: input.changes.enable_pkg_collaboration === true },
        });
      }
      await appendAuditEvent(tx, actor, {
        organizationId,
        streamType: "organization",
        streamId: organizationId,
        type: "organization.settings-updated",
        data: { changes: changed },
      });
    }
    return readPackageSettings(tx, organizationId);
  });
}
