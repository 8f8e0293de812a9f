import { type DelegateSigning, delegationRefusal, nextRoleNumberForType, type SigningRoom } from "@signet/contract";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import type { CoreDeps } from "../core-deps.ts";
import { AppError } from "../errors/app-error.ts";
import { enqueueOutbox } from "../jobs/enqueue-outbox.ts";
import { inviteDueParticipants } from "./invite-due-participants.ts";
import type { SigningContext } from "./signing-context.ts";
import { loadSigningRoom, participantName } from "./signing-room-view.ts";
import { signingWrite } from "./signing-write.ts";

/**
 * Issue 34 §3: a participant the sender allowed to hands their part to someone else, with a reason.
 * In one transaction the delegate becomes a participant of the package in the original's place
 * (same type, role, language and step in ordered signing; the original's documents and fields, but
 * none of the original's values, signatures or consent: the delegate signs in their own name after
 * their own consent), the original is DELEGATED and their links and sessions stop working, the
 * trail and the webhook record the hand-over, the delegate is invited when it is their turn and
 * the sender is told. The delegate verifies with a one-time code: by text when the original did
 * (a phone is then required), otherwise by email (a KBA original's answers are about the original,
 * so they cannot verify the delegate: the delegate gets an email code instead). The delegate may
 * delegate again only when the original could (the flag is inherited).
 */
export async function delegateSigning(
  context: SigningContext,
  input: DelegateSigning,
  deps: CoreDeps,
): Promise<SigningRoom> {
  const now = new Date();
  const fresh = await signingWrite(
    context,
    deps,
    ["SIGN", "WAITING_TURN", "IDENTITY_PROOFING", "CONSENT", "VERIFY"],
    async (tx, current) => {
      const original = current.participant;
      const others = await tx.participant.findMany({
        where: { packageId: current.pkg.id, id: { not: original.id } },
        select: { email: true, type: true, roleNumber: true },
      });
      const refusal = delegationRefusal({
        delegationAllowed: original.delegationAllowed,
        status: original.signingStatus,
        delegateEmail: input.email,
        ownEmail: original.email,
        otherEmails: others.map((other) => other.email),
      });
      if (refusal) {
        throw new AppError(
          refusal.code,
          refusal.message,
          refusal.code === "BAD_REQUEST" ? [{ path: "email", message: refusal.message }] : undefined,
        );
      }
      const bySms = original.idVerification === "SMS_CODE";
      if (bySms && !input.phoneNumber) {
        const message = "Enter the delegate's mobile number: this package verifies signers by a texted code.";
        throw new AppError("BAD_REQUEST", message, [{ path: "phoneNumber", message }]);
      }
      const roleNumber = nextRoleNumberForType([...others, original], original.type);
      if (roleNumber === -1)
        throw new AppError("CONFLICT", "The package has no room for another participant of this type.");
      const delegate = await tx.participant.create({
        data: {
          packageId: current.pkg.id,
          organizationId: current.pkg.organizationId,
          type: original.type,
          roleNumber,
          givenName: input.givenName,
          familyName: input.familyName,
          email: input.email,
          phoneNumber: input.phoneNumber ?? null,
          accessMethod: "EMAIL",
          role: original.role,
          orderSequence: original.orderSequence,
          avHost: original.avHost,
          language: original.language,
          idVerification: bySms ? "SMS_CODE" : "EMAIL_CODE",
          delegationAllowed: original.delegationAllowed,
          delegatedFromParticipantId: original.id,
          delegatedAt: now,
          delegationReason: input.reason,
        },
      });
      // the original's per-document choices go with their part; their values stay theirs and are dropped
      const choices = await tx.documentParticipant.findMany({ where: { participantId: original.id } });
      if (choices.length > 0) {
        await tx.documentParticipant.createMany({
          data: choices.map((choice) => ({
            documentId: choice.documentId,
            participantId: delegate.id,
            packageId: choice.packageId,
            organizationId: choice.organizationId,
            executionType: choice.executionType,
          })),
        });
      }
      const clearedValues = (await tx.tagValue.deleteMany({ where: { participantId: original.id } })).count;
      const movedTags = (
        await tx.tag.updateMany({ where: { participantId: original.id }, data: { participantId: delegate.id } })
      ).count;
      await tx.dataCollectionAnswer.deleteMany({ where: { participantId: original.id } });
      await tx.dataCollectionField.updateMany({
        where: { participantId: original.id },
        data: { participantId: delegate.id },
      });
      await tx.stip.updateMany({ where: { participantId: original.id }, data: { participantId: delegate.id } });
      const participant = await tx.participant.update({
        where: { id: original.id },
        data: { signingStatus: "DELEGATED", version: { increment: 1 } },
      });
      // "the original can no longer sign": every session and unused link of theirs stops now
      await tx.signingSession.updateMany({
        where: { participantId: original.id, revokedAt: null },
        data: { revokedAt: now, revokedReason: "DELEGATED" },
      });
      await tx.signingLink.updateMany({
        where: { participantId: original.id, revokedAt: null, usedAt: null },
        data: { revokedAt: now },
      });
      const delegateName = participantName(delegate);
      await appendAuditEvent(tx, current.actor, {
        organizationId: current.pkg.organizationId,
        streamType: "package",
        streamId: current.pkg.id,
        type: "participant.delegated",
        data: {
          participantId: original.id,
          delegateParticipantId: delegate.id,
          delegateName,
          reason: input.reason,
          delegateVerification: delegate.idVerification,
          movedTags,
          clearedValues,
        },
      });
      await inviteDueParticipants(tx, current.pkg, now);
      await notifySenderOfDelegation(tx, current, {
        participantName: participantName(original),
        delegateName,
        delegateEmail: input.email,
        reason: input.reason,
        publicUrl: deps.config.publicUrl,
        delegateId: delegate.id,
      });
      const session = await tx.signingSession.findUniqueOrThrow({ where: { id: current.session.id } });
      return { ...current, participant, session };
    },
    { lock: "update" },
  );
  return loadSigningRoom(fresh, deps);
}

async function notifySenderOfDelegation(
  tx: Parameters<typeof enqueueOutbox>[0],
  context: SigningContext,
  notice: {
    participantName: string;
    delegateName: string;
    delegateEmail: string;
    reason: string;
    publicUrl: string;
    delegateId: string;
  },
): Promise<void> {
  const { pkg } = context;
  if (!pkg.createdById) return;
  const creator = await tx.user.findUnique({ where: { id: pkg.createdById } });
  if (!creator) return;
  await enqueueOutbox(
    tx,
    "email.send",
    {
      organizationId: pkg.organizationId,
      to: creator.email,
      packageId: pkg.id,
      template: "participant-delegated",
      data: {
        recipientName: creator.givenName || creator.email,
        packageName: pkg.name,
        participantName: notice.participantName,
        delegateName: notice.delegateName,
        delegateEmail: notice.delegateEmail,
        reason: notice.reason,
        link: `${notice.publicUrl}/packages/${pkg.id}`,
      },
    },
    `participant-delegated:${pkg.id}:${notice.delegateId}`,
  );
}
