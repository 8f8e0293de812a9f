import {
  type CreateUserInvitation,
  type CreateUserInvitationResult,
  hasAllPermissions,
  INVITATION_MESSAGES,
  INVITATION_TTL_DAYS,
} from "@signet/contract";
import { type OrganizationAccess, requirePermission } from "../access/organization-access.ts";
import type { Actor } from "../actor.ts";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import type { CoreDeps } from "../core-deps.ts";
import { AppError } from "../errors/app-error.ts";
import { enqueueOutbox } from "../jobs/enqueue-outbox.ts";
import { hasAccount } from "./find-usable-invitation.ts";
import { newInvitationSecret } from "./invitation-secrets.ts";
import { presentInvitation, replaceOpenInvitations } from "./present-invitation.ts";
import { requestMembership } from "./request-membership.ts";

const notFound = () => new AppError("NOT_FOUND", INVITATION_MESSAGES.groupOrRoleNotFound);
const userAlreadyExists = () => new AppError("ALREADY_EXISTS", INVITATION_MESSAGES.userAlreadyExists);

/**
 * MANAGE_USERS: invites someone into the organization.
 * - An address without an account gets an emailed sign-up link (7 days; only the secret's hash is
 *   stored). Inviting the same address again replaces the open invitation.
 * - A person who already has an account (in another organization) is asked to join: they become a
 *   member only once they accept (signed in, or by the emailed link), so no organization can pull
 *   a person in on its own word. Until then they are listed with the open invitations.
 * - A member of this organization already: 409 'This user already exists.'
 * Placing the person in a group with roles is adding a member to a group, so it also needs
 * MANAGE_GROUPS and MANAGE_ROLES in that group (spec §6), and the roles must be ones the group offers.
 */
export async function createUserInvitation(
  actor: Actor,
  input: CreateUserInvitation & { organizationId: string },
  deps: CoreDeps,
): Promise<CreateUserInvitationResult> {
  const { organizationId } = input;
  const access = await requirePermission(actor, organizationId, "MANAGE_USERS", deps);
  if (actor.kind !== "user") throw new AppError("UNAUTHORIZED");
  const roleIds = [...new Set(input.roleIds)];
  if (input.groupId) await assertMayPlaceInGroup(access, actor.supportUser, input.groupId, roleIds, deps);

  const [organization, inviter, existing] = await Promise.all([
    deps.db.organization.findUniqueOrThrow({ where: { id: organizationId }, select: { name: true } }),
    deps.db.user.findUniqueOrThrow({ where: { id: actor.userId }, select: { givenName: true, familyName: true } }),
    deps.db.user.findUnique({
      where: { email: input.email },
      select: {
        id: true,
        status: true,
        givenName: true,
        email: true,
        memberships: { select: { organizationId: true } },
        _count: { select: { memberships: true } },
        apiUser: { select: { userId: true } },
      },
    }),
  ]);
  // an API user's placeholder address is taken, and it is never a person another organization
  // could add: it signs in only through its clients, in its own organization
  if (existing?.apiUser) throw userAlreadyExists();
  const inviterName = `${inviter.givenName} ${inviter.familyName}`;

  if (existing && hasAccount(existing)) {
    if (existing.memberships.some((m) => m.organizationId === organizationId)) throw userAlreadyExists();
    const invitation = await requestMembership(
      actor,
      { ...input, organizationId, roleIds, userId: existing.id, givenName: existing.givenName },
      { organizationName: organization.name, inviterName },
      deps,
    );
    return { outcome: "MEMBERSHIP_REQUESTED", invitation: presentInvitation(invitation) };
  }

  const { secret, hash } = newInvitationSecret();
  const invitation = await deps.db.$transaction(async (tx) => {
    await replaceOpenInvitations(tx, organizationId, input.email);
    const created = await tx.userInvitation.create({
      data: {
        organizationId,
        email: input.email,
        givenName: input.givenName,
        familyName: input.familyName,
        tokenHash: hash,
        expiresAt: new Date(Date.now() + INVITATION_TTL_DAYS * 86_400_000),
        invitedById: actor.userId,
        groupId: input.groupId ?? null,
        roleIds,
      },
    });
    await enqueueOutbox(
      tx,
      "email.send",
      {
        organizationId,
        to: created.email,
        template: "user-invitation",
        data: {
          givenName: created.givenName,
          organizationName: organization.name,
          inviterName,
          link: `${deps.config.publicUrl}/sign-up?invitation=${created.id}&token=${secret}`,
          expiresInDays: INVITATION_TTL_DAYS,
        },
      },
      `user-invitation:${created.id}`,
    );
    await appendAuditEvent(tx, actor, {
      organizationId,
      streamType: "organization",
      streamId: organizationId,
      type: "user.invited",
      data: { invitationId: created.id, email: created.email, groupId: created.groupId, roleIds },
    });
    return created;
  });
  return { outcome: "INVITED", invitation: presentInvitation(invitation) };
}

async function assertMayPlaceInGroup(
  access: OrganizationAccess,
  supportUser: boolean,
  groupId: string,
  roleIds: readonly string[],
  deps: CoreDeps,
): Promise<void> {
  const group = await deps.db.group.findFirst({
    where: { id: groupId, organizationId: access.organizationId },
    select: { id: true },
  });
  if (!group) throw notFound();
  // support users act with their support bits in every group (see resolveOrganizationAccess)
  const bits = supportUser
    ? access.permissions
    : (access.groups.find((entry) => entry.groupId === groupId)?.permissions ?? 0);
  if (!hasAllPermissions(bits, ["MANAGE_GROUPS", "MANAGE_ROLES"])) throw new AppError("FORBIDDEN");
  if (roleIds.length === 0) return;
  const offered = await deps.db.groupRole.count({
    where: { groupId, organizationId: access.organizationId, roleId: { in: [...roleIds] } },
  });
  if (offered !== roleIds.length) throw notFound();
}
