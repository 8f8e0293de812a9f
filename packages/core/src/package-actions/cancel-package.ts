import { type CancelPackage, MEMBER_CANCELLATION_REASON, type Package, participantDisplayName } from "@signet/contract";
import type { Actor } from "../actor.ts";
import type { CoreDeps } from "../core-deps.ts";
import { enqueueOutbox } from "../jobs/enqueue-outbox.ts";
import { participantReviewsOnly } from "../signing/participant-reviews-only.ts";
import { revokeSigningAccess } from "../signing/revoke-signing-access.ts";
import { actorDisplayName, participantGreetingName, runPackageAction } from "./run-package-action.ts";

/**
 * Spec §4 / DOMAIN.md §1: cancel from STARTED or AVAILABLE_TO_SIGNERS → CANCELLED with a reason.
 * With notify, one 'package-cancelled' email per participant with an email address (whatever their
 * access method), queued in the same transaction. Open signing sessions and unused links stop
 * working at once; invitations still in the outbox find their link revoked and send nothing.
 */
export async function cancelPackage(
  actor: Actor,
  input: CancelPackage & { organizationId: string; packageId: string },
  deps: CoreDeps,
): Promise<Package> {
  const { organizationId, packageId, version, notify } = input;
  const reason = input.reason?.trim() || MEMBER_CANCELLATION_REASON;
  return runPackageAction(
    actor,
    { organizationId, packageId, version, action: "cancel" },
    deps,
    async (tx, claimed) => {
      const notified: string[] = [];
      if (notify) {
        const organization = await tx.organization.findUniqueOrThrow({
          where: { id: organizationId },
          select: { name: true },
        });
        const cancelledBy = await actorDisplayName(tx, actor, organization.name);
        const participants = await tx.participant.findMany({
          where: { packageId, email: { not: null } },
          orderBy: [{ orderSequence: "asc" }, { createdAt: "asc" }],
        });
        for (const participant of participants) {
          const email = participant.email?.trim();
          if (!email) continue;
          await enqueueOutbox(
            tx,
            "email.send",
            {
              organizationId,
              to: email,
              packageId,
              participantId: participant.id,
              template: "package-cancelled",
              data: {
                recipientName: participantGreetingName(participant, participantDisplayName(participant)),
                organizationName: organization.name,
                packageName: claimed.current.name,
                cancelledBy,
                action: (await participantReviewsOnly(tx, participant)) ? "review" : "sign",
              },
            },
            // one email per participant per cancellation (the version identifies the cancellation)
            `package-cancelled:${packageId}:${participant.id}:v${claimed.version}`,
          );
          notified.push(participant.id);
        }
      }
      await revokeSigningAccess(tx, packageId, "CANCELLED");
      return {
        // a scheduled send is cancelled with the package
        changes: { cancelReason: reason, sentAt: null },
        auditType: "package.cancelled",
        auditData: { reason, notify, notifiedParticipantIds: notified },
      };
    },
  );
}
