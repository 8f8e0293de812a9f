import { SECURITY_SETTING_KEYS, type SecuritySettings, type UpdateSecuritySettings } from "@signet/contract";
import type { Actor } from "../actor.ts";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import type { CoreDeps } from "../core-deps.ts";
import type { Prisma } from "../db/generated/client.ts";
import { forbidden } from "../errors/app-error.ts";
import { loadGroupAccess } from "../groups/load-group-access.ts";
import { readOrganizationSettings } from "../settings/read-organization-settings.ts";

type Reader = Pick<Prisma.TransactionClient, "organizationSetting">;

async function readSecuritySettings(db: Reader, organizationId: string): Promise<SecuritySettings> {
  return readOrganizationSettings(db, organizationId, SECURITY_SETTING_KEYS);
}

export async function getSecuritySettings(
  actor: Actor,
  input: { organizationId: string },
  deps: CoreDeps,
): Promise<SecuritySettings> {
  const access = await loadGroupAccess(actor, input.organizationId, deps);
  if (!access.canInOrganization("VIEW_ADMIN_SETTINGS")) throw forbidden();
  return readSecuritySettings(deps.db, input.organizationId);
}

/**
 * "Require a second factor" (mfa_required): from the next sign-in, members without a verified
 * factor get a session that only opens enrolment. Turning it on locks nobody out.
 */
export async function updateSecuritySettings(
  actor: Actor,
  input: { organizationId: string; changes: UpdateSecuritySettings },
  deps: CoreDeps,
): Promise<SecuritySettings> {
  const access = await loadGroupAccess(actor, input.organizationId, deps);
  if (!access.canInOrganization("MANAGE_ADMIN_SETTINGS")) throw forbidden();
  const { organizationId } = input;
  const actorUserId = actor.kind === "user" ? actor.userId : null;
  return deps.db.$transaction(async (tx) => {
    const before = await readSecuritySettings(tx, organizationId);
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    if (input.changes.mfa_required !== undefined && input.changes.mfa_required !== before.mfa_required) {
      const value = String(input.changes.mfa_required);
      await tx.organizationSetting.upsert({
        where: { organizationId_key: { organizationId, key: "mfa_required" } },
        create: { organizationId, key: "mfa_required", value, updatedById: actorUserId },
        update: { value, updatedById: actorUserId, version: { increment: 1 } },
      });
      changes.mfa_required = { from: before.mfa_required, to: input.changes.mfa_required };
    }
    if (Object.keys(changes).length > 0) {
      await appendAuditEvent(tx, actor, {
        organizationId,
        streamType: "organization",
        streamId: organizationId,
        type: "organization.settings-updated",
        data: { changes },
      });
    }
    return readSecuritySettings(tx, organizationId);
  });
}
