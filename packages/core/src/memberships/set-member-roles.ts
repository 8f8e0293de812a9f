import { type GroupMember, MEMBERSHIP_MESSAGES, type SetMemberRoles } from "@signet/contract";
import type { Actor } from "../actor.ts";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import type { CoreDeps } from "../core-deps.ts";
import { forbidden, notFound } from "../errors/app-error.ts";
import { findGroup } from "../groups/find-group.ts";
import { loadGroupAccess } from "../groups/load-group-access.ts";
import { lockGroupTree } from "../groups/lock-group-tree.ts";
import { assertStructureRoles } from "./assert-structure-roles.ts";
import { loadGroupMembers } from "./list-group-members.ts";

/** Replaces a direct member's roles in the group (MANAGE_GROUPS and MANAGE_ROLES there). */
export async function setMemberRoles(
  actor: Actor,
  input: SetMemberRoles & { organizationId: string; groupId: string; userId: string },
  deps: CoreDeps,
): Promise<GroupMember> {
  const { organizationId, groupId, userId } = input;
  const access = await loadGroupAccess(actor, organizationId, deps);
  await findGroup(deps.db, organizationId, groupId, MEMBERSHIP_MESSAGES.memberGroupOrganizationNotFound);
  if (!access.canIn(groupId, "MANAGE_GROUPS", "MANAGE_ROLES")) throw forbidden();
  await deps.db.$transaction(async (tx) => {
    await lockGroupTree(tx, organizationId);
    const member = await tx.groupMember.findUnique({ where: { groupId_userId: { groupId, userId } } });
    if (!member) throw notFound(MEMBERSHIP_MESSAGES.memberGroupOrganizationNotFound);
    const roleIds = await assertStructureRoles(tx, groupId, input.roleIds);
    const before = await tx.memberRole.findMany({ where: { groupId, userId }, select: { roleId: true } });
    await tx.memberRole.deleteMany({ where: { groupId, userId } });
    await tx.memberRole.createMany({ data: roleIds.map((roleId) => ({ groupId, userId, roleId, organizationId })) });
    await appendAuditEvent(tx, actor, {
      organizationId,
      streamType: "organization",
      streamId: organizationId,
      type: "group.member-roles-set",
      data: { groupId, userId, before: before.map((row) => row.roleId), after: roleIds },
    });
  });
  const [member] = await loadGroupMembers(deps.db, organizationId, groupId, [userId]);
  if (!member) throw notFound(MEMBERSHIP_MESSAGES.memberGroupOrganizationNotFound);
  return member;
}
