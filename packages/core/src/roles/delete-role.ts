import { isSystemDefinedRole, ROLE_MESSAGES } from "@signet/contract";
import { requirePermission } from "../access/organization-access.ts";
import type { Actor } from "../actor.ts";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import { assertVersionedWrite } from "../concurrency/versioned-write.ts";
import type { CoreDeps } from "../core-deps.ts";
import { forbidden } from "../errors/app-error.ts";
import { lockGroupTree } from "../groups/lock-group-tree.ts";
import { findRole } from "./find-role.ts";

/**
 * Spec §8 confirmation: users lose the role's permissions. Groups' role structures and members'
 * grants of it go with it (database cascade). System-defined roles cannot be deleted.
 */
export async function deleteRole(
  actor: Actor,
  input: { organizationId: string; roleId: string; version: number },
  deps: CoreDeps,
): Promise<void> {
  const { organizationId, roleId } = input;
  await requirePermission(actor, organizationId, "MANAGE_ROLES", deps);
  const role = await findRole(deps.db, organizationId, roleId);
  if (isSystemDefinedRole(role)) throw forbidden(ROLE_MESSAGES.systemDefinedRole);
  await deps.db.$transaction(async (tx) => {
    // role structures change: the move rule must not read a half-deleted role
    await lockGroupTree(tx, organizationId);
    const [groups, grants] = await Promise.all([
      tx.groupRole.count({ where: { roleId } }),
      tx.memberRole.count({ where: { roleId } }),
    ]);
    const { count } = await tx.role.deleteMany({ where: { id: roleId, organizationId, version: input.version } });
    await assertVersionedWrite(count, async () => (await tx.role.count({ where: { id: roleId } })) > 0);
    await appendAuditEvent(tx, actor, {
      organizationId,
      streamType: "organization",
      streamId: organizationId,
      type: "role.deleted",
      data: { roleId, name: role.name, groupsLosingRole: groups, grantsRemoved: grants },
    });
  });
}
