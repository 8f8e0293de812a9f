import { type CreateRole, DEFAULTS, permissionBits, type Role } from "@signet/contract";
import { requirePermission } from "../access/organization-access.ts";
import type { Actor } from "../actor.ts";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import { alreadyExists, isUniqueViolation } from "../concurrency/versioned-write.ts";
import type { CoreDeps } from "../core-deps.ts";
import { loadRoleView } from "./role-views.ts";

const roleKey = (name: string) => name.trim().toLowerCase();

/**
 * Names are unique per organization regardless of case. The Admin name is reserved: a role named
 * Admin is system-defined and applies organization-wide, so a custom role may not take it.
 */
export async function assertRoleNameFree(deps: CoreDeps, organizationId: string, name: string, exceptId?: string) {
  const key = roleKey(name);
  if (key === DEFAULTS.adminRoleName.toLowerCase()) throw alreadyExists("role");
  const taken = await deps.db.role.findFirst({ where: { organizationId, nameKey: key }, select: { id: true } });
  if (taken && taken.id !== exceptId) throw alreadyExists("role");
  return key;
}

export async function createRole(
  actor: Actor,
  input: CreateRole & { organizationId: string },
  deps: CoreDeps,
): Promise<Role> {
  const { organizationId } = input;
  await requirePermission(actor, organizationId, "MANAGE_ROLES", deps);
  const nameKey = await assertRoleNameFree(deps, organizationId, input.name);
  const actorId = actor.kind === "user" ? actor.userId : null;
  try {
    const id = await deps.db.$transaction(async (tx) => {
      const role = await tx.role.create({
        data: {
          organizationId,
          name: input.name.trim(),
          nameKey,
          description: input.description?.trim() || null,
          roleColor: input.roleColor?.toUpperCase() ?? null,
          permissions: permissionBits(input.permissions),
          createdById: actorId,
          updatedById: actorId,
        },
      });
      await appendAuditEvent(tx, actor, {
        organizationId,
        streamType: "organization",
        streamId: organizationId,
        type: "role.created",
        data: { roleId: role.id, name: role.name, permissions: input.permissions },
      });
      return role.id;
    });
    return await loadRoleView(deps.db, organizationId, id);
  } catch (error) {
    if (isUniqueViolation(error)) throw alreadyExists("role");
    throw error;
  }
}
