import { ORGANIZATION_MESSAGES, type Organization, type UpdateOrganization } from "@signet/contract";
import { requirePermission } from "../access/organization-access.ts";
import type { Actor } from "../actor.ts";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import { alreadyExists, assertVersionedWrite, isUniqueViolation } from "../concurrency/versioned-write.ts";
import type { CoreDeps } from "../core-deps.ts";
import { AppError } from "../errors/app-error.ts";
import { presentOrganization } from "./present-organizations.ts";

/**
 * Edits an organization (VIEW_MANAGE_ORGANIZATIONS there; support users anywhere). Changing
 * `enabled` is for support users only: deactivating ends every session issued for the
 * organization, and sign-in refuses it from then on. The support organization stays enabled.
 */
export async function updateOrganization(
  actor: Actor,
  input: UpdateOrganization & { organizationId: string },
  deps: CoreDeps,
): Promise<Organization> {
  const { organizationId, version, enabled, ...fields } = input;
  await requirePermission(actor, organizationId, "VIEW_MANAGE_ORGANIZATIONS", deps);
  if (actor.kind !== "user") throw new AppError("UNAUTHORIZED");
  const current = await deps.db.organization.findUnique({ where: { id: organizationId } });
  if (!current) throw new AppError("NOT_FOUND");

  const statusChange = enabled !== undefined && enabled !== current.enabled ? enabled : undefined;
  if (statusChange !== undefined) {
    if (!actor.supportUser) throw new AppError("FORBIDDEN", ORGANIZATION_MESSAGES.onlySupportMayChangeStatus);
    if (statusChange === false && current.eoSupport) {
      throw new AppError("BAD_REQUEST", ORGANIZATION_MESSAGES.supportOrganizationCannotBeDeactivated);
    }
  }
  const nameKey = fields.name === undefined ? undefined : fields.name.trim().toLowerCase();
  if (nameKey !== undefined && nameKey !== current.nameKey) {
    const taken = await deps.db.organization.findUnique({ where: { nameKey }, select: { id: true } });
    if (taken && taken.id !== organizationId) throw alreadyExists("organization");
  }

  const now = new Date();
  try {
    await deps.db.$transaction(async (tx) => {
      const written = await tx.organization.updateMany({
        where: { id: organizationId, version },
        data: {
          ...fields,
          ...(nameKey === undefined ? {} : { nameKey }),
          ...(statusChange === undefined
            ? {}
            : statusChange
              ? { enabled: true, disabledAt: null, disabledById: null }
              : { enabled: false, disabledAt: now, disabledById: actor.userId }),
          updatedById: actor.userId,
          version: { increment: 1 },
        },
      });
      await assertVersionedWrite(written.count, async () =>
        Boolean(await tx.organization.findUnique({ where: { id: organizationId }, select: { id: true } })),
      );
      const audit = (type: string, data: Record<string, unknown>) =>
        appendAuditEvent(tx, actor, {
          organizationId,
          streamType: "organization",
          streamId: organizationId,
          type,
          data,
        });
      if (Object.keys(fields).length > 0) await audit("organization.updated", { changes: fields });
      if (statusChange === false) {
        const revoked = await tx.activeToken.updateMany({
          where: { organizationId, revokedAt: null },
          data: { revokedAt: now, revokedReason: "organization-deactivated" },
        });
        await audit("organization.deactivated", { revokedTokens: revoked.count });
      } else if (statusChange === true) {
        await audit("organization.reactivated", {});
      }
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw alreadyExists("organization");
    throw error;
  }
  const row = await deps.db.organization.findUniqueOrThrow({ where: { id: organizationId } });
  return presentOrganization(deps.db, row);
}
