import {
  IN_PERSON_LIMITS,
  IN_PERSON_MESSAGES,
  type InPersonSigningLink,
  isTurnOf,
  SIGNING_ADMIN_MESSAGES,
  type StartInPersonSigning,
} from "@signet/contract";
import type { Actor } from "../actor.ts";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import type { CoreDeps } from "../core-deps.ts";
import { AppError } from "../errors/app-error.ts";
import { findManageablePackage } from "../packages/find-package.ts";
import { loadPackageAccess } from "../packages/package-access.ts";
import { participantNotFound } from "../signing/signing-admin-rules.ts";
import { signingLinkToken } from "../signing/signing-link-token.ts";
import { loadSigningProgress } from "../signing/signing-progress.ts";
import { signingLinkUrl } from "../signing/signing-room-origin.ts";

/**
 * Issue 34 §2a: a member who may manage the package hosts a participant's signing on their own
 * device. The link is the embedded-URL kind (channel API, nothing is sent), single-use and alive for
 * a few minutes only, and it carries the host: the session it opens asks who is signing before
 * consent (in-person identity check) and shows the host throughout.
 */
export async function startInPersonSigning(
  actor: Actor,
  input: StartInPersonSigning & { organizationId: string; packageId: string; participantId: string },
  deps: CoreDeps,
): Promise<InPersonSigningLink> {
  const access = await loadPackageAccess(actor, input.organizationId, deps);
  await findManageablePackage(deps.db, access, input.packageId);
  // the certificate names a person as host: an integration's client credentials are nobody
  if (actor.kind !== "user" || actor.apiClient) throw new AppError("FORBIDDEN", IN_PERSON_MESSAGES.hostMustBeMember);
  const now = new Date();
  return deps.db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT 1 FROM "Package" WHERE id = ${input.packageId}::uuid FOR SHARE`;
    const pkg = await tx.package.findUniqueOrThrow({ where: { id: input.packageId } });
    const participant = await tx.participant.findFirst({ where: { id: input.participantId, packageId: pkg.id } });
    if (!participant) throw participantNotFound();
    if (pkg.status !== "AVAILABLE_TO_SIGNERS") throw new AppError("CONFLICT", SIGNING_ADMIN_MESSAGES.notAvailable);
    if (participant.signingStatus === "FINISHED") {
      throw new AppError("CONFLICT", SIGNING_ADMIN_MESSAGES.participantFinished);
    }
    if (participant.signingStatus === "DECLINED" || participant.signingStatus === "CONSENT_WITHDRAWN") {
      throw new AppError("CONFLICT", "The participant declined or withdrew consent: they cannot sign now.");
    }
    const progress = await loadSigningProgress(tx, pkg.id);
    // hosting is for someone who can sign now: an earlier signer in an ordered package goes first
    if (!isTurnOf(pkg.signingOrder, progress.participants, participant.id)) {
      throw new AppError("CONFLICT", "It is not this participant's turn to sign yet.");
    }
    const link = await tx.signingLink.create({
      data: {
        organizationId: pkg.organizationId,
        packageId: pkg.id,
        participantId: participant.id,
        channel: "API",
        hostedByUserId: actor.userId,
        expiresAt: new Date(now.getTime() + IN_PERSON_LIMITS.linkMinutes * 60_000),
      },
    });
    if (participant.signingStatus === "WAITING") {
      await tx.participant.update({
        where: { id: participant.id },
        data: { signingStatus: "INVITED", invitedAt: now },
      });
    }
    await appendAuditEvent(tx, actor, {
      organizationId: pkg.organizationId,
      streamType: "package",
      streamId: pkg.id,
      type: "participant.in-person-started",
      data: { participantId: participant.id, linkId: link.id, participantPresent: input.participantPresent },
    });
    return {
      signingURL: signingLinkUrl(deps.config, signingLinkToken(deps.linkKey, link.id)),
      expiresAt: link.expiresAt.toISOString(),
    };
  });
}
