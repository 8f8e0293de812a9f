import { MFA_MESSAGES, USER_MESSAGES } from "@signet/contract";
import { requirePermission } from "../access/organization-access.ts";
import type { Actor } from "../actor.ts";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import type { CoreDeps } from "../core-deps.ts";
import { AppError } from "../errors/app-error.ts";

/**
 * MANAGE_USERS of the person's home organization (or a support user): removes every second factor
 * of someone who lost their phone and their recovery codes. Sign-ins waiting for a code are ended.
 * Where the organization requires a second factor, their next sign-in takes them to enrolment.
 */
export async function resetUserMfa(
  actor: Actor,
  input: { organizationId: string; userId: string },
  deps: CoreDeps,
): Promise<void> {
  await requirePermission(actor, input.organizationId, "MANAGE_USERS", deps);
  const membership = await deps.db.membership.findUnique({
    where: { userId_organizationId: { userId: input.userId, organizationId: input.organizationId } },
    include: { user: { select: { homeOrganizationId: true } } },
  });
  if (!membership) throw new AppError("NOT_FOUND", USER_MESSAGES.notFound);
  const support = actor.kind === "user" && actor.supportUser;
  // another organization the person also belongs to must not weaken the sign-in their home relies on
  if (membership.user.homeOrganizationId !== input.organizationId && !support) {
    throw new AppError("FORBIDDEN", MFA_MESSAGES.resetHomeOnly);
  }
  const userId = input.userId;
  await deps.db.$transaction(async (tx) => {
    const authenticator = await tx.mfaAuthenticator.deleteMany({ where: { userId } });
    const phone = await tx.mfaPhoneVerification.deleteMany({ where: { userId } });
    const codes = await tx.mfaRecoveryCode.deleteMany({ where: { userId } });
    await tx.mfaSmsCode.updateMany({ where: { userId, usedAt: null }, data: { usedAt: new Date() } });
    await tx.mfaChallenge.updateMany({ where: { userId, completedAt: null }, data: { expiresAt: new Date() } });
    await tx.user.update({ where: { id: userId }, data: { mfaEnrolled: false } });
    await appendAuditEvent(tx, actor, {
      organizationId: input.organizationId,
      streamType: "user",
      streamId: userId,
      type: "mfa.reset-by-administrator",
      data: {
        authenticatorRemoved: authenticator.count > 0,
        phoneVerificationRemoved: phone.count > 0,
        recoveryCodesRemoved: codes.count,
      },
    });
  });
}
