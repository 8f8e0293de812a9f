import { MEMBERSHIP_MESSAGES } from "@signet/contract";
import type { Actor } from "../actor.ts";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import type { CoreDeps } from "../core-deps.ts";
import { forbidden, notFound } from "../errors/app-error.ts";
import { findGroup } from "../groups/find-group.ts";
import { loadGroupAccess } from "../groups/load-group-access.ts";

/** The member's roles in the group go with them (database cascade); roles inherited from ancestors stay. */
export async function removeGroupMember(
  actor: Actor,
  input: { organizationId: string; groupId: string; userId: string },
  deps: CoreDeps,
): Promise<void> {
  const { organizationId, groupId, userId } = input;
  const access = await loadGroupAccess(actor, organizationId, deps);
  await findGroup(deps.db, organizationId, groupId, MEMBERSHIP_MESSAGES.memberGroupOrganizationNotFound);
  if (!access.canIn(groupId, "MANAGE_GROUPS")) throw forbidden();
  await deps.db.$transaction(async (tx) => {
    const roles = await tx.memberRole.findMany({ where: { groupId, userId }, select: { roleId: true } });
    const { count } = await tx.groupMember.deleteMany({ where: { groupId, userId, organizationId } });
    if (count === 0) throw notFound(MEMBERSHIP_MESSAGES.memberAlreadyRemoved);
    await appendAuditEvent(tx, actor, {
      organizationId,
      streamType: "organization",
      streamId: organizationId,
      type: "group.member-removed",
      data: { groupId, userId, roleIds: roles.map((row) => row.roleId) },
    });
  });
}
