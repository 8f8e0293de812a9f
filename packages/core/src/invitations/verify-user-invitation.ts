import { INVITATION_MESSAGES, VERIFICATION_MAX_ATTEMPTS } from "@signet/contract";
import type { AnonymousActor } from "../actor.ts";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import { type IssuedToken, issueToken } from "../auth/issue-token.ts";
import { isUniqueViolation } from "../concurrency/versioned-write.ts";
import type { CoreDeps } from "../core-deps.ts";
import { AppError } from "../errors/app-error.ts";
import { accountAlreadyCreated, findUsableInvitation } from "./find-usable-invitation.ts";
import { grantInvitedRoles } from "./grant-invited-roles.ts";
import { hashVerificationCode, sameHash } from "./invitation-secrets.ts";

/**
 * The emailed code: the account becomes ACTIVE with this organization as its home, a member of the
 * invitation's group with its roles, and is signed in. Each attempt is counted before the code is
 * compared, so parallel guesses cannot exceed the limit; at the limit the code is void and the
 * person registers again for a new one.
 */
export async function verifyUserInvitation(
  actor: AnonymousActor,
  input: { invitationId: string; token: string; code: string },
  deps: CoreDeps,
): Promise<IssuedToken> {
  const { db } = deps;
  const { invitation } = await findUsableInvitation(input, deps);
  const userId = invitation.userId;
  if (invitation.status !== "REGISTERED" || !invitation.verificationCodeHash || !userId) {
    throw new AppError("BAD_REQUEST", INVITATION_MESSAGES.notRegistered);
  }
  const counted = await db.userInvitation.updateMany({
    where: {
      id: invitation.id,
      status: "REGISTERED",
      verificationAttempts: { lt: VERIFICATION_MAX_ATTEMPTS },
      verificationExpiresAt: { gt: new Date() },
    },
    data: { verificationAttempts: { increment: 1 } },
  });
  if (counted.count !== 1) throw new AppError("BAD_REQUEST", INVITATION_MESSAGES.wrongCode);

  const audit = (type: string, data: Record<string, unknown>) =>
    db.$transaction((tx) =>
      appendAuditEvent(tx, actor, {
        organizationId: invitation.organizationId,
        streamType: "user",
        streamId: userId,
        type,
        data,
      }),
    );

  if (!sameHash(invitation.verificationCodeHash, hashVerificationCode(invitation.id, input.code))) {
    const attempts = invitation.verificationAttempts + 1;
    if (attempts >= VERIFICATION_MAX_ATTEMPTS) {
      await db.userInvitation.updateMany({
        where: { id: invitation.id, status: "REGISTERED" },
        data: { status: "PENDING", verificationCodeHash: null, verificationExpiresAt: null, version: { increment: 1 } },
      });
      await audit("invitation.verification-failed", { invitationId: invitation.id, attempts, codeVoided: true });
      throw new AppError("BAD_REQUEST", INVITATION_MESSAGES.tooManyWrongCodes);
    }
    await audit("invitation.verification-failed", { invitationId: invitation.id, attempts, codeVoided: false });
    throw new AppError("BAD_REQUEST", INVITATION_MESSAGES.wrongCode);
  }

  const now = new Date();
  try {
    await db.$transaction(async (tx) => {
      const accepted = await tx.userInvitation.updateMany({
        where: { id: invitation.id, status: "REGISTERED", verificationCodeHash: invitation.verificationCodeHash },
        data: { status: "ACCEPTED", acceptedAt: now, verificationCodeHash: null, version: { increment: 1 } },
      });
      if (accepted.count !== 1) throw accountAlreadyCreated();
      const activated = await tx.user.updateMany({
        where: { id: userId, status: "INVITED" },
        data: {
          status: "ACTIVE",
          homeOrganizationId: invitation.organizationId,
          lastSignInAt: now,
          version: { increment: 1 },
        },
      });
      if (activated.count !== 1) throw accountAlreadyCreated();
      await tx.membership.create({ data: { userId, organizationId: invitation.organizationId } });
      const granted = await grantInvitedRoles(tx, {
        organizationId: invitation.organizationId,
        userId,
        groupId: invitation.groupId,
        roleIds: invitation.roleIds,
      });
      await appendAuditEvent(tx, actor, {
        organizationId: invitation.organizationId,
        streamType: "user",
        streamId: userId,
        type: "invitation.accepted",
        data: { invitationId: invitation.id, ...granted },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw accountAlreadyCreated();
    throw error;
  }
  return issueToken(
    { userId, organizationId: invitation.organizationId, credentialsExpired: false, origin: actor },
    deps,
  );
}
