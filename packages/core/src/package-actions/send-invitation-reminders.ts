import { randomUUID } from "node:crypto";
import {
  type InvitationReminders,
  type InvitationRemindersResult,
  PACKAGE_ACTION_MESSAGES,
  participantDisplayName,
} from "@signet/contract";
import type { Actor } from "../actor.ts";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import type { CoreDeps } from "../core-deps.ts";
import { AppError, notFound } from "../errors/app-error.ts";
import { enqueueOutbox } from "../jobs/enqueue-outbox.ts";
import { sendSigningLink } from "../signing/invite-due-participants.ts";
import { participantReviewsOnly } from "../signing/participant-reviews-only.ts";
import {
  actorDisplayName,
  loadActionablePackage,
  lockForAction,
  participantGreetingName,
} from "./run-package-action.ts";

/**
 * Spec §4: reminders only when the package is STARTED or AVAILABLE_TO_SIGNERS (decideTransition
 * 'remind'). Participants who sign by email get a 'participant-reminder' email; SMS and in-person
 * (API) participants are skipped and counted. Nothing sent at all answers 409 'Reminder send failed'.
 */
export async function sendInvitationReminders(
  actor: Actor,
  input: InvitationReminders & { organizationId: string; packageId: string },
  deps: CoreDeps,
): Promise<InvitationRemindersResult> {
  const { organizationId, packageId } = input;
  await loadActionablePackage(actor, organizationId, packageId, deps, undefined, "SEND_REMINDERS");
  const requested = input.participantIds ? [...new Set(input.participantIds)] : undefined;
  return deps.db.$transaction(async (tx) => {
    const pkg = await lockForAction(tx, organizationId, packageId, "remind");
    const participants = await tx.participant.findMany({
      where: { packageId, ...(requested ? { id: { in: requested } } : {}) },
      orderBy: [{ orderSequence: "asc" }, { createdAt: "asc" }],
    });
    if (requested && participants.length !== requested.length) {
      throw notFound(PACKAGE_ACTION_MESSAGES.reminderParticipantNotFound);
    }
    // once out for signature a reminder is a fresh single-use link by the participant's own channel
    // (issue 5 §1: the invitation path); before that, a plain email
    const available = pkg.status === "AVAILABLE_TO_SIGNERS";
    const reachable = (p: (typeof participants)[number]) =>
      available
        ? (p.signingStatus === "INVITED" || p.signingStatus === "OPENED") &&
          ((p.accessMethod === "EMAIL" && Boolean(p.email?.trim())) ||
            (p.accessMethod === "SMS" && Boolean(p.phoneNumber)))
        : p.accessMethod === "EMAIL" && Boolean(p.email?.trim());
    const byEmail = participants.filter(reachable);
    const skipped = participants.filter((p) => !byEmail.includes(p));
    if (byEmail.length === 0) {
      throw new AppError(
        "CONFLICT",
        PACKAGE_ACTION_MESSAGES.reminderFailed,
        skipped.map((p) => ({
          path: `participants.${p.id}`,
          message: `${participantDisplayName(p)}: ${
            available && p.accessMethod !== "API"
              ? PACKAGE_ACTION_MESSAGES.reminderNotInvited
              : PACKAGE_ACTION_MESSAGES.reminderNotByEmail
          }`,
        })),
      );
    }
    const organization = await tx.organization.findUniqueOrThrow({
      where: { id: organizationId },
      select: { name: true },
    });
    const senderName = await actorDisplayName(tx, actor, organization.name);
    const reminderId = randomUUID();
    for (const participant of byEmail) {
      if (available) {
        const channel = participant.accessMethod === "SMS" ? "SMS" : "EMAIL";
        await sendSigningLink(tx, {
          ...pkg,
          participantId: participant.id,
          channel,
          now: new Date(),
          purpose: "reminder",
        });
        continue;
      }
      await enqueueOutbox(
        tx,
        "email.send",
        {
          organizationId,
          to: participant.email?.trim() ?? "",
          packageId,
          participantId: participant.id,
          template: "participant-reminder",
          data: {
            recipientName: participantGreetingName(participant, participantDisplayName(participant)),
            organizationName: organization.name,
            packageName: pkg.name,
            senderName,
            action: (await participantReviewsOnly(tx, participant)) ? "review" : "sign",
          },
        },
        `participant-reminder:${packageId}:${participant.id}:${reminderId}`,
      );
    }
    await appendAuditEvent(tx, actor, {
      organizationId,
      streamType: "package",
      streamId: packageId,
      type: "package.reminders-sent",
      data: {
        status: pkg.status,
        reminderId,
        remindedParticipantIds: byEmail.map((p) => p.id),
        skippedParticipantIds: skipped.map((p) => p.id),
      },
    });
    return {
      message: PACKAGE_ACTION_MESSAGES.reminderSent,
      sent: byEmail.length,
      skipped: skipped.length,
      skippedParticipantIds: skipped.map((p) => p.id),
    };
  });
}
