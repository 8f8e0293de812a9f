import type { AcceptedMembership } from "@signet/contract";
import type { AnonymousActor, UserActor } from "../actor.ts";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import type { CoreDeps } from "../core-deps.ts";
import { findMembershipRequest, membershipRequestNotFound } from "./find-membership-request.ts";
import { grantInvitedRoles } from "./grant-invited-roles.ts";

type Holder = { actor: UserActor } | { actor: AnonymousActor; token: string };

const holderOf = (holder: Holder, invitationId: string) =>
  "token" in holder ? { invitationId, token: holder.token } : { invitationId, userId: holder.actor.userId };

/**
 * The person accepts an organization's request to join, signed in as the account it names or with
 * the emailed link's secret (which only the account's mailbox received): they become a member,
 * in the request's group with its roles. A membership they already have is kept as it is.
 */
export async function acceptMembershipRequest(
  holder: Holder,
  input: { invitationId: string },
  deps: CoreDeps,
): Promise<AcceptedMembership> {
  const { invitation, organization } = await findMembershipRequest(holderOf(holder, input.invitationId), deps);
  const now = new Date();
  await deps.db.$transaction(async (tx) => {
    const accepted = await tx.userInvitation.updateMany({
      where: { id: invitation.id, status: "PENDING", expiresAt: { gt: now } },
      data: { status: "ACCEPTED", acceptedAt: now, version: { increment: 1 } },
    });
    if (accepted.count !== 1) throw membershipRequestNotFound();
    await tx.membership.upsert({
      where: { userId_organizationId: { userId: invitation.userId, organizationId: organization.id } },
      create: { userId: invitation.userId, organizationId: organization.id },
      update: {},
    });
    const granted = await grantInvitedRoles(tx, {
      organizationId: organization.id,
      userId: invitation.userId,
      groupId: invitation.groupId,
      roleIds: invitation.roleIds,
    });
    await appendAuditEvent(tx, holder.actor, {
      organizationId: organization.id,
      streamType: "user",
      streamId: invitation.userId,
      type: "invitation.accepted",
      data: { invitationId: invitation.id, via: "token" in holder ? "email-link" : "signed-in", ...granted },
    });
  });
  return { organizationId: organization.id, organizationName: organization.name };
}

/** The person says no: the request is closed and its link stops working; the organization may ask again. */
export async function declineMembershipRequest(
  holder: Holder,
  input: { invitationId: string },
  deps: CoreDeps,
): Promise<void> {
  const { invitation, organization } = await findMembershipRequest(holderOf(holder, input.invitationId), deps);
  await deps.db.$transaction(async (tx) => {
    const declined = await tx.userInvitation.updateMany({
      where: { id: invitation.id, status: "PENDING" },
      data: { status: "DECLINED", version: { increment: 1 } },
    });
    if (declined.count !== 1) throw membershipRequestNotFound();
    await appendAuditEvent(tx, holder.actor, {
      organizationId: organization.id,
      streamType: "user",
      streamId: invitation.userId,
      type: "invitation.declined",
      data: { invitationId: invitation.id, via: "token" in holder ? "email-link" : "signed-in" },
    });
  });
}
