import { requirePermission } from "../access/organization-access.ts";
import type { Actor } from "../actor.ts";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import type { CoreDeps } from "../core-deps.ts";
import { accountAlreadyCreated, invitationNotFound } from "./find-usable-invitation.ts";
import { OPEN_INVITATION_STATUSES } from "./list-user-invitations.ts";

/**
 * MANAGE_USERS: revokes an open invitation. Its link then answers 'Invitation not found.' (the same
 * answer as any unusable link) and cannot register or verify. Already accepted: 'Account already created.'
 */
export async function revokeUserInvitation(
  actor: Actor,
  input: { organizationId: string; invitationId: string },
  deps: CoreDeps,
): Promise<void> {
  const { organizationId, invitationId } = input;
  await requirePermission(actor, organizationId, "MANAGE_USERS", deps);
  const invitation = await deps.db.userInvitation.findFirst({ where: { id: invitationId, organizationId } });
  if (!invitation || invitation.status === "REVOKED" || invitation.status === "DECLINED") throw invitationNotFound();
  if (invitation.status === "ACCEPTED") throw accountAlreadyCreated();
  await deps.db.$transaction(async (tx) => {
    const changed = await tx.userInvitation.updateMany({
      where: { id: invitation.id, organizationId, status: { in: [...OPEN_INVITATION_STATUSES] } },
      data: { status: "REVOKED", verificationCodeHash: null, version: { increment: 1 } },
    });
    if (changed.count !== 1) throw invitationNotFound();
    await appendAuditEvent(tx, actor, {
      organizationId,
      streamType: "organization",
      streamId: organizationId,
      type: "user.invitation-revoked",
      data: { invitationId: invitation.id, email: invitation.email },
    });
  });
}
