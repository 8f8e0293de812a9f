import {
  ALL_PERMISSIONS,
  type CreateOrganization,
  DEFAULTS,
  hasPermission,
  type Organization,
  permissionBits,
} from "@signet/contract";
import { resolveOrganizationAccess } from "../access/organization-access.ts";
import type { Actor } from "../actor.ts";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import { alreadyExists, isUniqueViolation } from "../concurrency/versioned-write.ts";
import type { CoreDeps } from "../core-deps.ts";
import { AppError } from "../errors/app-error.ts";
import { presentOrganization } from "./present-organizations.ts";

/** The Admin role of a new organization administers it, but not the list of organizations (support's job). */
export const DEFAULT_ADMIN_PERMISSIONS = ALL_PERMISSIONS & ~permissionBits(["VIEW_MANAGE_ORGANIZATIONS"]);

const nameKeyOf = (name: string) => name.trim().toLowerCase();

/**
 * Support users with VIEW_MANAGE_ORGANIZATIONS create organizations. A new organization starts
 * with the system-defined Admin role offered by an 'Org Admin' group, so its first administrator
 * can be invited straight into that group.
 */
export async function createOrganization(
  actor: Actor,
  input: CreateOrganization,
  deps: CoreDeps,
): Promise<Organization> {
  if (actor.kind !== "user") throw new AppError("UNAUTHORIZED");
  if (!actor.organizationId) throw new AppError("ORGANIZATION_NOT_SELECTED");
  const access = await resolveOrganizationAccess(actor, actor.organizationId, deps);
  if (!actor.supportUser || !hasPermission(access.permissions, "VIEW_MANAGE_ORGANIZATIONS")) {
    throw new AppError("FORBIDDEN");
  }
  const nameKey = nameKeyOf(input.name);
  if (await deps.db.organization.findUnique({ where: { nameKey }, select: { id: true } })) {
    throw alreadyExists("organization");
  }
  try {
    const row = await deps.db.$transaction(async (tx) => {
      const organization = await tx.organization.create({
        data: { ...input, nameKey, createdById: actor.userId, updatedById: actor.userId },
      });
      const adminRole = await tx.role.create({
        data: {
          organizationId: organization.id,
          name: DEFAULTS.adminRoleName,
          nameKey: nameKeyOf(DEFAULTS.adminRoleName),
          permissions: DEFAULT_ADMIN_PERMISSIONS,
          description: "Administers the organization",
          createdById: actor.userId,
          updatedById: actor.userId,
        },
      });
      const adminGroup = await tx.group.create({
        data: {
          organizationId: organization.id,
          name: DEFAULTS.orgAdminGroupName,
          nameKey: nameKeyOf(DEFAULTS.orgAdminGroupName),
          createdById: actor.userId,
          updatedById: actor.userId,
        },
      });
      await tx.groupRole.create({
        data: { groupId: adminGroup.id, roleId: adminRole.id, organizationId: organization.id },
      });
      await appendAuditEvent(tx, actor, {
        organizationId: organization.id,
        streamType: "organization",
        streamId: organization.id,
        type: "organization.created",
        data: { ...input, adminRoleId: adminRole.id, adminGroupId: adminGroup.id },
      });
      return organization;
    });
    return presentOrganization(deps.db, row);
  } catch (error) {
    if (isUniqueViolation(error)) throw alreadyExists("organization");
    throw error;
  }
}
