import {
  type CreateSigningUrl,
  isTurnOf,
  SIGNING_ADMIN_MESSAGES,
  SIGNING_LIMITS,
  type SigningUrl,
} from "@signet/contract";
import type { Actor } from "../actor.ts";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import type { CoreDeps } from "../core-deps.ts";
import { AppError } from "../errors/app-error.ts";
import { findManageablePackage } from "../packages/find-package.ts";
import { loadPackageAccess } from "../packages/package-access.ts";
import { participantNotFound } from "./signing-admin-rules.ts";
import { signingLinkToken } from "./signing-link-token.ts";
import { loadSigningProgress } from "./signing-progress.ts";
import { signingLinkUrl } from "./signing-room-origin.ts";
import { readSigningRoomSettings } from "./signing-room-settings.ts";

/**
 * Issue 5 §1, §3: a single-use signing URL for a participant while the package is out for signature:
 * API participants (no message is sent to them), in-person signing, or embedding — with a
 * parentOrigin the organization allows (its own web app's origin is always allowed) and embedded
 * signing switched on for the organization.
 */
export async function createSigningUrl(
  actor: Actor,
  input: CreateSigningUrl & { organizationId: string; packageId: string; participantId: string },
  deps: CoreDeps,
): Promise<SigningUrl> {
  const access = await loadPackageAccess(actor, input.organizationId, deps);
  await findManageablePackage(deps.db, access, input.packageId);
  const now = new Date();
  return deps.db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT 1 FROM "Package" WHERE id = ${input.packageId}::uuid FOR SHARE`;
    const pkg = await tx.package.findUniqueOrThrow({
      where: { id: input.packageId },
      include: { organization: { select: { embeddedSrEnabled: true } } },
    });
    const participant = await tx.participant.findFirst({ where: { id: input.participantId, packageId: pkg.id } });
    if (!participant) throw participantNotFound();
    if (pkg.status !== "AVAILABLE_TO_SIGNERS") throw new AppError("CONFLICT", SIGNING_ADMIN_MESSAGES.notAvailable);
    if (participant.signingStatus === "FINISHED")
      throw new AppError("CONFLICT", SIGNING_ADMIN_MESSAGES.participantFinished);
    let parentOrigin: string | null = null;
    if (input.parentOrigin) {
      parentOrigin = new URL(input.parentOrigin).origin;
      if (!pkg.organization.embeddedSrEnabled) throw new AppError("CONFLICT", SIGNING_ADMIN_MESSAGES.embeddedDisabled);
      const settings = await readSigningRoomSettings(tx, pkg.organizationId);
      const allowed = [new URL(deps.config.publicUrl).origin, ...settings.embedded_allowed_origins];
      if (!allowed.includes(parentOrigin)) {
        throw new AppError("BAD_REQUEST", SIGNING_ADMIN_MESSAGES.originNotAllowed, [
          { path: "parentOrigin", message: SIGNING_ADMIN_MESSAGES.originNotAllowed },
        ]);
      }
    }
    const link = await tx.signingLink.create({
      data: {
        organizationId: pkg.organizationId,
        packageId: pkg.id,
        participantId: participant.id,
        channel: "API",
        parentOrigin,
        expiresAt: new Date(now.getTime() + SIGNING_LIMITS.apiLinkMinutes * 60_000),
      },
    });
    // a participant whose turn has not come stays WAITING: the invitation (and the email the room
    // promises with NOT_YOUR_TURN) still goes out when the earlier participants finish
    const progress = await loadSigningProgress(tx, pkg.id);
    if (participant.signingStatus === "WAITING" && isTurnOf(pkg.signingOrder, progress.participants, participant.id)) {
      await tx.participant.update({
        where: { id: participant.id },
        data: { signingStatus: "INVITED", invitedAt: now },
      });
    }
    await appendAuditEvent(tx, actor, {
      organizationId: pkg.organizationId,
      streamType: "package",
      streamId: pkg.id,
      type: "participant.signing-url-issued",
      data: { participantId: participant.id, linkId: link.id, parentOrigin },
    });
    return {
      signingURL: signingLinkUrl(deps.config, signingLinkToken(deps.linkKey, link.id)),
      expiresAt: link.expiresAt.toISOString(),
    };
  });
}
