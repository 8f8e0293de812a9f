import { isSystemDefinedRole, permissionBits, ROLE_MESSAGES, type Role, type UpdateRole } from "@signet/contract";
import { requirePermission } from "../access/organization-access.ts";
import type { Actor } from "../actor.ts";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import { alreadyExists, assertVersionedWrite, isUniqueViolation } from "../concurrency/versioned-write.ts";
import type { CoreDeps } from "../core-deps.ts";
import { forbidden } from "../errors/app-error.ts";
import { assertRoleNameFree } from "./create-role.ts";
import { findRole } from "./find-role.ts";
import { loadRoleView } from "./role-views.ts";

/** Spec §6: system-defined roles (support roles, Admin) cannot be edited. */
export async function updateRole(
  actor: Actor,
  input: UpdateRole & { organizationId: string; roleId: string },
  deps: CoreDeps,
): Promise<Role> {
  const { organizationId, roleId } = input;
  await requirePermission(actor, organizationId, "MANAGE_ROLES", deps);
  const role = await findRole(deps.db, organizationId, roleId);
  if (isSystemDefinedRole(role)) throw forbidden(ROLE_MESSAGES.systemDefinedRole);
  const nameKey =
    input.name === undefined ? undefined : await assertRoleNameFree(deps, organizationId, input.name, roleId);
  try {
    await deps.db.$transaction(async (tx) => {
      const { count } = await tx.role.updateMany({
        where: { id: roleId, organizationId, version: input.version },
        data: {
          ...(input.name === undefined ? {} : { name: input.name.trim(), nameKey }),
          ...(input.description === undefined ? {} : { description: input.description?.trim() || null }),
          ...(input.roleColor === undefined ? {} : { roleColor: input.roleColor?.toUpperCase() ?? null }),
          ...(input.permissions === undefined ? {} : { permissions: permissionBits(input.permissions) }),
          updatedById: actor.kind === "user" ? actor.userId : null,
          version: { increment: 1 },
        },
      });
      await assertVersionedWrite(count, async () => (await tx.role.count({ where: { id: roleId } })) > 0);
      await appendAuditEvent(tx, actor, {
        organizationId,
        streamType: "organization",
        streamId: organizationId,
        type: "role.updated",
        data: {
          roleId,
          version: input.version + 1,
          ...(input.name === undefined ? {} : { name: input.name.trim() }),
          ...(input.permissions === undefined ? {} : { permissions: input.permissions }),
          ...(input.roleColor === undefined ? {} : { roleColor: input.roleColor }),
          ...(input.description === undefined ? {} : { description: input.description }),
        },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw alreadyExists("role");
    throw error;
  }
  return loadRoleView(deps.db, organizationId, roleId);
}
