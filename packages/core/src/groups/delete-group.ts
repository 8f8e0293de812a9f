import type { Actor } from "../actor.ts";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import { assertVersionedWrite } from "../concurrency/versioned-write.ts";
import type { CoreDeps } from "../core-deps.ts";
import { AppError, forbidden } from "../errors/app-error.ts";
import { assertGroupDeletable } from "./assert-group-deletable.ts";
import { findGroup } from "./find-group.ts";
import { loadGroupAccess } from "./load-group-access.ts";
import { lockGroupTree } from "./lock-group-tree.ts";

/** Members, their roles in the group and the role structure go with the group (database cascade). */
export async function deleteGroup(
  actor: Actor,
  input: { organizationId: string; groupId: string; version: number },
  deps: CoreDeps,
): Promise<void> {
  const { organizationId, groupId } = input;
  const permissions = await loadGroupAccess(actor, organizationId, deps);
  await findGroup(deps.db, organizationId, groupId);
  if (!permissions.canIn(groupId, "MANAGE_GROUPS")) throw forbidden();
  await deps.db.$transaction(async (tx) => {
    await lockGroupTree(tx, organizationId);
    const group = await findGroup(tx, organizationId, groupId);
    if (group.version !== input.version) throw new AppError("VERSION_NOT_MATCHED");
    await assertGroupDeletable(tx, group);
    const memberCount = await tx.groupMember.count({ where: { groupId } });
    const { count } = await tx.group.deleteMany({ where: { id: groupId, organizationId, version: input.version } });
    await assertVersionedWrite(count, async () => (await tx.group.count({ where: { id: groupId } })) > 0);
    await appendAuditEvent(tx, actor, {
      organizationId,
      streamType: "organization",
      streamId: organizationId,
      type: "group.deleted",
      data: { groupId, name: group.name, parentId: group.parentId, memberCount },
    });
  });
}
