import { type AddedGroupMembers, type AddGroupMembers, MEMBERSHIP_MESSAGES } from "@signet/contract";
import type { Actor } from "../actor.ts";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import { isUniqueViolation } from "../concurrency/versioned-write.ts";
import type { CoreDeps } from "../core-deps.ts";
import { forbidden, notFound } from "../errors/app-error.ts";
import { conflict } from "../groups/conflict.ts";
import { findGroup } from "../groups/find-group.ts";
import { loadGroupAccess } from "../groups/load-group-access.ts";
import { lockGroupTree } from "../groups/lock-group-tree.ts";
import { assertStructureRoles } from "./assert-structure-roles.ts";
import { loadGroupMembers } from "./list-group-members.ts";

/** Spec §6: adding to a group requires both MANAGE_GROUPS and MANAGE_ROLES (in that group). */
export async function addGroupMembers(
  actor: Actor,
  input: AddGroupMembers & { organizationId: string; groupId: string },
  deps: CoreDeps,
): Promise<AddedGroupMembers> {
  const { organizationId, groupId } = input;
  const access = await loadGroupAccess(actor, organizationId, deps);
  const group = await findGroup(deps.db, organizationId, groupId, MEMBERSHIP_MESSAGES.memberGroupOrganizationNotFound);
  if (!access.canIn(groupId, "MANAGE_GROUPS", "MANAGE_ROLES")) throw forbidden();
  const userIds = [...new Set(input.userIds)];
  const members = await deps.db.membership.count({ where: { organizationId, userId: { in: userIds } } });
  if (members !== userIds.length) throw notFound(MEMBERSHIP_MESSAGES.memberGroupOrganizationNotFound);
  try {
    await deps.db.$transaction(async (tx) => {
      // the role structure must not change between the check and the grant
      await lockGroupTree(tx, organizationId);
      await findGroup(tx, organizationId, groupId, MEMBERSHIP_MESSAGES.memberGroupOrganizationNotFound);
      const roleIds = await assertStructureRoles(tx, groupId, input.roleIds);
      const already = await tx.groupMember.count({ where: { groupId, userId: { in: userIds } } });
      if (already > 0) throw conflict(MEMBERSHIP_MESSAGES.memberAlreadyAdded);
      await tx.groupMember.createMany({ data: userIds.map((userId) => ({ groupId, userId, organizationId })) });
      await tx.memberRole.createMany({
        data: userIds.flatMap((userId) => roleIds.map((roleId) => ({ groupId, userId, roleId, organizationId }))),
      });
      await appendAuditEvent(tx, actor, {
        organizationId,
        streamType: "organization",
        streamId: organizationId,
        type: "group.members-added",
        data: { groupId, groupName: group.name, userIds, roleIds },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(MEMBERSHIP_MESSAGES.memberAlreadyAdded);
    throw error;
  }
  return { records: await loadGroupMembers(deps.db, organizationId, groupId, userIds) };
}
