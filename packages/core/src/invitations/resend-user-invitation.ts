import { randomUUID } from "node:crypto";
import { INVITATION_TTL_DAYS, type PendingUserInvitation } from "@signet/contract";
import { requirePermission } from "../access/organization-access.ts";
import type { Actor } from "../actor.ts";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import type { CoreDeps } from "../core-deps.ts";
import { AppError } from "../errors/app-error.ts";
import { enqueueOutbox } from "../jobs/enqueue-outbox.ts";
import { invitationNotFound } from "./find-usable-invitation.ts";
import { newInvitationSecret } from "./invitation-secrets.ts";
import { OPEN_INVITATION_STATUSES, presentPendingInvitations } from "./list-user-invitations.ts";
import { enqueueMembershipRequestMail } from "./request-membership.ts";

/**
 * MANAGE_USERS: emails an open invitation again. Only the hash of a link's secret is stored, so the
 * email carries a new secret: the previous link stops working, and the 7 days start again. A sign-up
 * form already sent (code awaited) is forgotten: the person fills it in again from the new link.
 */
export async function resendUserInvitation(
  actor: Actor,
  input: { organizationId: string; invitationId: string },
  deps: CoreDeps,
): Promise<PendingUserInvitation> {
  const { organizationId, invitationId } = input;
  await requirePermission(actor, organizationId, "MANAGE_USERS", deps);
  if (actor.kind !== "user") throw new AppError("UNAUTHORIZED");
  const invitation = await deps.db.userInvitation.findFirst({ where: { id: invitationId, organizationId } });
  if (!invitation || !OPEN_INVITATION_STATUSES.some((status) => status === invitation.status)) {
    throw invitationNotFound();
  }
  const [organization, sender] = await Promise.all([
    deps.db.organization.findUniqueOrThrow({ where: { id: organizationId }, select: { name: true } }),
    deps.db.user.findUniqueOrThrow({ where: { id: actor.userId }, select: { givenName: true, familyName: true } }),
  ]);

  const { secret, hash } = newInvitationSecret();
  const now = new Date();
  const updated = await deps.db.$transaction(async (tx) => {
    // conditional on the status read above: a revoke or an acceptance meanwhile wins
    const changed = await tx.userInvitation.updateMany({
      where: { id: invitation.id, organizationId, status: { in: [...OPEN_INVITATION_STATUSES] } },
      data: {
        tokenHash: hash,
        status: "PENDING",
        verificationCodeHash: null,
        verificationExpiresAt: null,
        verificationAttempts: 0,
        expiresAt: new Date(now.getTime() + INVITATION_TTL_DAYS * 86_400_000),
        version: { increment: 1 },
      },
    });
    if (changed.count !== 1) throw invitationNotFound();
    if (invitation.kind === "MEMBERSHIP") {
      await enqueueMembershipRequestMail(tx, deps, invitation, {
        givenName: invitation.givenName,
        organizationName: organization.name,
        inviterName: `${sender.givenName} ${sender.familyName}`,
        secret,
      });
    } else
      await enqueueOutbox(
        tx,
        "email.send",
        {
          organizationId,
          to: invitation.email,
          template: "user-invitation",
          data: {
            givenName: invitation.givenName,
            organizationName: organization.name,
            inviterName: `${sender.givenName} ${sender.familyName}`,
            link: `${deps.config.publicUrl}/sign-up?invitation=${invitation.id}&token=${secret}`,
            expiresInDays: INVITATION_TTL_DAYS,
          },
        },
        `user-invitation:${invitation.id}:${randomUUID()}`,
      );
    await appendAuditEvent(tx, actor, {
      organizationId,
      streamType: "organization",
      streamId: organizationId,
      type: "user.invitation-resent",
      data: { invitationId: invitation.id, email: invitation.email },
    });
    return tx.userInvitation.findUniqueOrThrow({ where: { id: invitation.id } });
  });
  const [presented] = await presentPendingInvitations(deps, organizationId, [updated]);
  return presented!;
}
