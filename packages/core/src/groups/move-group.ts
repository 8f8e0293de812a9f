import { descendantIds, GROUP_MESSAGES, type Group, type MoveGroup, roleStructureMismatch } from "@signet/contract";
import type { Actor } from "../actor.ts";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import { assertVersionedWrite } from "../concurrency/versioned-write.ts";
import type { CoreDeps } from "../core-deps.ts";
import { AppError, forbidden } from "../errors/app-error.ts";
import { conflict } from "./conflict.ts";
import { findGroup } from "./find-group.ts";
import { loadGroupView } from "./group-views.ts";
import { loadGroupAccess } from "./load-group-access.ts";
import { loadGroupTree } from "./load-group-tree.ts";
import { lockGroupTree } from "./lock-group-tree.ts";

/**
 * Spec §5: a group moves with its sub-groups (they keep their parent) to a location the user
 * manages, never into itself or below itself, and only where the role structure contains every
 * role of the group; the top level contains every role.
 */
export async function moveGroup(
  actor: Actor,
  input: MoveGroup & { organizationId: string; groupId: string },
  deps: CoreDeps,
): Promise<Group> {
  const { organizationId, groupId, parentId } = input;
  const permissions = await loadGroupAccess(actor, organizationId, deps);
  await findGroup(deps.db, organizationId, groupId);
  if (!permissions.canIn(groupId, "MANAGE_GROUPS")) throw forbidden();
  if (parentId === null) {
    if (!permissions.canInOrganization("MANAGE_GROUPS")) throw forbidden();
  } else {
    await findGroup(deps.db, organizationId, parentId, GROUP_MESSAGES.selectedGroupNotFound);
    if (!permissions.canIn(parentId, "MANAGE_GROUPS")) throw forbidden();
  }
  await deps.db.$transaction(async (tx) => {
    await lockGroupTree(tx, organizationId);
    const current = await findGroup(tx, organizationId, groupId);
    if (current.version !== input.version) throw new AppError("VERSION_NOT_MATCHED");
    if (current.parentId === parentId) throw conflict(GROUP_MESSAGES.groupAlreadyAdded);
    const { tree, roleIdsByGroup } = await loadGroupTree(tx, organizationId);
    if (parentId !== null) {
      if (!tree.some((node) => node.id === parentId)) {
        throw new AppError("NOT_FOUND", GROUP_MESSAGES.selectedGroupNotFound);
      }
      if (parentId === groupId || descendantIds(tree, groupId).has(parentId)) {
        throw new AppError("BAD_REQUEST", GROUP_MESSAGES.moveIntoItself);
      }
    }
    const targetRoles = parentId === null ? null : (roleIdsByGroup.get(parentId) ?? []);
    if (roleStructureMismatch(roleIdsByGroup.get(groupId) ?? [], targetRoles)) {
      throw conflict(GROUP_MESSAGES.roleMismatch);
    }
    const { count } = await tx.group.updateMany({
      where: { id: groupId, organizationId, version: input.version },
      data: {
        parentId,
        updatedById: actor.kind === "user" ? actor.userId : null,
        version: { increment: 1 },
      },
    });
    await assertVersionedWrite(count, async () => (await tx.group.count({ where: { id: groupId } })) > 0);
    await appendAuditEvent(tx, actor, {
      organizationId,
      streamType: "organization",
      streamId: organizationId,
      type: "group.moved",
      data: { groupId, fromParentId: current.parentId, toParentId: parentId, version: input.version + 1 },
    });
  });
  const fresh = await loadGroupAccess(actor, organizationId, deps, { fresh: true });
  return loadGroupView(deps.db, organizationId, groupId, fresh);
}
