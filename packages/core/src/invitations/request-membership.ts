import { randomUUID } from "node:crypto";
import { INVITATION_TTL_DAYS } from "@signet/contract";
import type { UserActor } from "../actor.ts";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import type { CoreDeps } from "../core-deps.ts";
import type { Prisma, UserInvitation } from "../db/generated/client.ts";
import { enqueueOutbox } from "../jobs/enqueue-outbox.ts";
import { newInvitationSecret } from "./invitation-secrets.ts";
import { replaceOpenInvitations } from "./present-invitation.ts";

/** The page the emailed link of a membership request opens (accept or decline, no sign-in needed). */
export const membershipRequestLink = (deps: CoreDeps, invitationId: string, secret: string) =>
  `${deps.config.publicUrl}/join?invitation=${invitationId}&token=${secret}`;

/** Emails the person the request with a link whose secret only the email carries. */
export async function enqueueMembershipRequestMail(
  tx: Prisma.TransactionClient,
  deps: CoreDeps,
  invitation: { id: string; organizationId: string; email: string },
  mail: { givenName: string; organizationName: string; inviterName: string; secret: string },
) {
  await enqueueOutbox(
    tx,
    "email.send",
    {
      organizationId: invitation.organizationId,
      to: invitation.email,
      template: "organization-access-granted",
      data: {
        givenName: mail.givenName,
        organizationName: mail.organizationName,
        inviterName: mail.inviterName,
        link: membershipRequestLink(deps, invitation.id, mail.secret),
        expiresInDays: INVITATION_TTL_DAYS,
      },
    },
    `membership-request:${invitation.id}:${randomUUID()}`,
  );
}

/**
 * Asks someone who already has an account to join (issue 30 §1): an invitation of kind MEMBERSHIP
 * tied to their account. Nothing changes for the person until they accept; the Users screen lists
 * them with the open invitations meanwhile. Permission checks are the caller's (createUserInvitation).
 */
export async function requestMembership(
  actor: UserActor,
  input: {
    organizationId: string;
    userId: string;
    email: string;
    givenName: string;
    familyName: string;
    groupId?: string | undefined;
    roleIds: string[];
  },
  names: { organizationName: string; inviterName: string },
  deps: CoreDeps,
): Promise<UserInvitation> {
  const { organizationId } = input;
  const { secret, hash } = newInvitationSecret();
  return deps.db.$transaction(async (tx) => {
    await replaceOpenInvitations(tx, organizationId, input.email);
    const created = await tx.userInvitation.create({
      data: {
        organizationId,
        kind: "MEMBERSHIP",
        userId: input.userId,
        email: input.email,
        givenName: input.givenName,
        familyName: input.familyName,
        tokenHash: hash,
        expiresAt: new Date(Date.now() + INVITATION_TTL_DAYS * 86_400_000),
        invitedById: actor.userId,
        groupId: input.groupId ?? null,
        roleIds: input.roleIds,
      },
    });
    await enqueueMembershipRequestMail(tx, deps, created, { ...names, givenName: input.givenName, secret });
    await appendAuditEvent(tx, actor, {
      organizationId,
      streamType: "user",
      streamId: input.userId,
      type: "user.membership-requested",
      data: { invitationId: created.id, email: created.email, groupId: created.groupId, roleIds: input.roleIds },
    });
    return created;
  });
}
