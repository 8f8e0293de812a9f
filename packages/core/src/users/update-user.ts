import { type UpdateUser, USER_MESSAGES, type User } from "@signet/contract";
import { requirePermission } from "../access/organization-access.ts";
import type { Actor } from "../actor.ts";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import { assertVersionedWrite } from "../concurrency/versioned-write.ts";
import type { CoreDeps } from "../core-deps.ts";
import { AppError } from "../errors/app-error.ts";
import { presentUser } from "./present-users.ts";

/**
 * MANAGE_USERS: edit a user's profile, deactivate or reactivate their membership in this
 * organization, unlock their sign-in. The user's version guards every change (a membership change
 * bumps it too). Profile fields belong to the person, not to one organization: only the home
 * organization (or support) edits them, so a second organization cannot, say, redirect someone's
 * MFA phone.
 */
export async function updateUser(
  actor: Actor,
  input: UpdateUser & { organizationId: string; userId: string },
  deps: CoreDeps,
): Promise<User> {
  const { organizationId, userId, version, enabled, unlock, ...profile } = input;
  await requirePermission(actor, organizationId, "MANAGE_USERS", deps);
  if (actor.kind !== "user") throw new AppError("UNAUTHORIZED");
  const membership = await deps.db.membership.findUnique({
    where: { userId_organizationId: { userId, organizationId } },
    include: {
      user: {
        select: {
          homeOrganizationId: true,
          givenName: true,
          familyName: true,
          middleName: true,
          phoneNumber: true,
          mfaPhoneNumber: true,
        },
      },
    },
  });
  if (!membership) throw new AppError("NOT_FOUND", USER_MESSAGES.notFound);
  // forms send the whole profile back: only what differs counts as a change
  const changes = Object.fromEntries(
    Object.entries(profile).filter(([key, value]) => membership.user[key as keyof typeof profile] !== value),
  );

  const statusChange = enabled !== undefined && enabled !== membership.enabled ? enabled : undefined;
  if (statusChange === false && userId === actor.userId) {
    throw new AppError("BAD_REQUEST", USER_MESSAGES.cannotDeactivateSelf);
  }
  const profileFields = Object.keys(changes).length > 0;
  if (profileFields && membership.user.homeOrganizationId !== organizationId && !actor.supportUser) {
    throw new AppError("FORBIDDEN", USER_MESSAGES.profileEditableInHomeOrganization);
  }

  const now = new Date();
  await deps.db.$transaction(async (tx) => {
    const written = await tx.user.updateMany({
      where: { id: userId, version },
      data: { ...changes, version: { increment: 1 } },
    });
    await assertVersionedWrite(written.count, async () =>
      Boolean(await tx.membership.findUnique({ where: { id: membership.id }, select: { id: true } })),
    );
    const audit = (type: string, data: Record<string, unknown> = {}) =>
      appendAuditEvent(tx, actor, { organizationId, streamType: "user", streamId: userId, type, data });
    if (profileFields) await audit("user.updated", { changes });
    if (statusChange === false) {
      await tx.membership.update({
        where: { id: membership.id },
        data: { enabled: false, disabledAt: now, deactivatedById: actor.userId, version: { increment: 1 } },
      });
      const revoked = await tx.activeToken.updateMany({
        where: { userId, organizationId, revokedAt: null },
        data: { revokedAt: now, revokedReason: "membership-deactivated" },
      });
      await audit("user.deactivated", { revokedTokens: revoked.count });
    } else if (statusChange === true) {
      await tx.membership.update({
        where: { id: membership.id },
        data: { enabled: true, disabledAt: null, deactivatedById: null, version: { increment: 1 } },
      });
      await audit("user.reactivated");
    }
    if (unlock) {
      await tx.credential.updateMany({ where: { userId }, data: { failedAttempts: 0, lockedUntil: null } });
      await audit("user.unlocked");
    }
  });
  const user = await presentUser(deps.db, organizationId, userId);
  if (!user) throw new AppError("NOT_FOUND", USER_MESSAGES.notFound);
  return user;
}
