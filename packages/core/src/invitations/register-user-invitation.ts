import { randomUUID } from "node:crypto";
import { VERIFICATION_CODE_TTL_MINUTES } from "@signet/contract";
import type { AnonymousActor } from "../actor.ts";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import { storeNewPassword } from "../auth/set-password.ts";
import { isUniqueViolation } from "../concurrency/versioned-write.ts";
import type { CoreDeps } from "../core-deps.ts";
import { enqueueOutbox } from "../jobs/enqueue-outbox.ts";
import { accountAlreadyCreated, findUsableInvitation } from "./find-usable-invitation.ts";
import { hashVerificationCode, newVerificationCode } from "./invitation-secrets.ts";

/**
 * The sign-up form of an invitation: records the person's names and password on a user in status
 * INVITED (no membership, so it cannot sign in yet) and emails a six-digit code that proves the
 * address. Registering again replaces the names, the password and the code.
 */
export async function registerUserInvitation(
  actor: AnonymousActor,
  input: { invitationId: string; token: string; givenName: string; familyName: string; password: string },
  deps: CoreDeps,
): Promise<{ email: string; codeExpiresAt: string }> {
  const { invitation, organization, pendingUserId } = await findUsableInvitation(input, deps);
  const code = newVerificationCode();
  const codeExpiresAt = new Date(Date.now() + VERIFICATION_CODE_TTL_MINUTES * 60_000);
  try {
    await deps.db.$transaction(async (tx) => {
      const names = { givenName: input.givenName, familyName: input.familyName };
      let userId = pendingUserId;
      if (userId) {
        const taken = await tx.user.updateMany({
          where: { id: userId, status: "INVITED", memberships: { none: {} } },
          data: { ...names, homeOrganizationId: invitation.organizationId, version: { increment: 1 } },
        });
        if (taken.count !== 1) throw accountAlreadyCreated();
      } else {
        const created = await tx.user.create({
          data: { ...names, email: invitation.email, homeOrganizationId: invitation.organizationId, status: "INVITED" },
        });
        userId = created.id;
      }
      await storeNewPassword(tx, userId, input.password, deps);
      const registered = await tx.userInvitation.updateMany({
        where: { id: invitation.id, status: { in: ["PENDING", "REGISTERED"] } },
        data: {
          ...names,
          userId,
          status: "REGISTERED",
          verificationCodeHash: hashVerificationCode(invitation.id, code),
          verificationExpiresAt: codeExpiresAt,
          verificationAttempts: 0,
          version: { increment: 1 },
        },
      });
      if (registered.count !== 1) throw accountAlreadyCreated();
      await enqueueOutbox(
        tx,
        "email.send",
        {
          organizationId: invitation.organizationId,
          to: invitation.email,
          template: "verify-account",
          data: {
            givenName: input.givenName,
            organizationName: organization.name,
            code,
            expiresInMinutes: VERIFICATION_CODE_TTL_MINUTES,
          },
        },
        `verify-account:${invitation.id}:${randomUUID()}`,
      );
      await appendAuditEvent(tx, actor, {
        organizationId: invitation.organizationId,
        streamType: "user",
        streamId: userId,
        type: "invitation.registered",
        data: { invitationId: invitation.id },
      });
    });
  } catch (error) {
    // someone created an account for this address in the meantime
    if (isUniqueViolation(error)) throw accountAlreadyCreated();
    throw error;
  }
  return { email: invitation.email, codeExpiresAt: codeExpiresAt.toISOString() };
}
