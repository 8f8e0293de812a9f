import { randomBytes } from "node:crypto";
import { SIGNING_LIMITS, SIGNING_MESSAGES, type SigningRoom } from "@signet/contract";
import type { RequestOrigin } from "../actor.ts";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import type { CoreDeps } from "../core-deps.ts";
import { AppError } from "../errors/app-error.ts";
import { startHostedCheck } from "../in-person/in-person-host.ts";
import { sendSigningLink } from "./invite-due-participants.ts";
import { hashSecret, loadSigningPackage, participantActor, type SigningContext } from "./signing-context.ts";
import { signingLinkIdFromToken } from "./signing-link-token.ts";
import { loadSigningRoom, participantName } from "./signing-room-view.ts";
import { closedReasonOf } from "./signing-stage.ts";

/** Package statuses in which a link opens a session: signing, or downloading copies afterwards. */
const OPEN_STATUSES: readonly string[] = [
  "AVAILABLE_TO_SIGNERS",
  "COMPLETED",
  "EDEPOSIT_PENDING",
  "EDEPOSITED",
  "PENDING_ENOTARY",
];

const CLOSED_MESSAGES = {
  CANCELLED: SIGNING_MESSAGES.closedCancelled,
  EXPIRED: SIGNING_MESSAGES.closedExpired,
  CORRECTED: SIGNING_MESSAGES.closedCorrected,
  CONSENT_WITHDRAWN: SIGNING_MESSAGES.closedConsentWithdrawn,
  DECLINED: SIGNING_MESSAGES.closedDeclined,
  DELEGATED: SIGNING_MESSAGES.closedDelegated,
  DELETED: SIGNING_MESSAGES.closedNotAvailable,
  NOT_AVAILABLE: SIGNING_MESSAGES.closedNotAvailable,
} as const;

/** 409 SIGNING_CLOSED with the reason in details (path closedReason), so the room can say why. */
export function signingClosed(reason: keyof typeof CLOSED_MESSAGES): AppError {
  return new AppError("SIGNING_CLOSED", CLOSED_MESSAGES[reason], [{ path: "closedReason", message: reason }]);
}

/**
 * Issue 5 §2, §6: exchanges a single-use link for a signing session. The link is claimed with a row
 * lock, so two tabs opening it at once get one session and one 'already used'. A cancelled,
 * corrected or expired package answers its reason instead of a session; an expired or used link
 * answers so (the participant can ask for a new one).
 */
export async function openSigningSession(
  input: { token: string; origin: RequestOrigin },
  deps: CoreDeps,
  now = new Date(),
): Promise<{ secret: string; room: SigningRoom; context: SigningContext }> {
  const linkId = signingLinkIdFromToken(deps.linkKeys, input.token);
  if (!linkId) throw new AppError("SIGNING_LINK_INVALID");
  const secret = randomBytes(32).toString("base64url");
  const opened = await deps.db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT 1 FROM "SigningLink" WHERE id = ${linkId}::uuid FOR UPDATE`;
    const link = await tx.signingLink.findUnique({ where: { id: linkId }, include: { participant: true } });
    if (!link) throw new AppError("SIGNING_LINK_INVALID");
    const pkg = await loadSigningPackage(tx, link.packageId);
    if (!pkg) throw signingClosed("DELETED");
    const closed = closedReasonOf({
      session: { revokedReason: null } as SigningContext["session"],
      participant: link.participant,
      pkg,
    });
    if (closed === "DELEGATED") {
      // issue 34 §3: the original's link says to whom they handed it (the room shows the name)
      const delegate = await tx.participant.findFirst({
        where: { delegatedFromParticipantId: link.participantId },
        orderBy: { createdAt: "desc" },
      });
      const error = signingClosed(closed);
      if (delegate) error.details?.push({ path: "delegatedTo", message: participantName(delegate) });
      throw error;
    }
    if (closed) throw signingClosed(closed);
    if (!OPEN_STATUSES.includes(pkg.status)) throw signingClosed("NOT_AVAILABLE");
    if (link.usedAt) throw new AppError("SIGNING_LINK_USED");
    if (link.revokedAt || link.expiresAt <= now) throw new AppError("SIGNING_LINK_EXPIRED");
    if (!pkg.organization.enabled) throw signingClosed("NOT_AVAILABLE");
    await tx.signingLink.update({ where: { id: link.id }, data: { usedAt: now } });
    // a lock-out survives a new link: the lock belongs to the person, not to one session
    const locked = await tx.signingSession.findFirst({
      where: { participantId: link.participantId, lockedUntil: { gt: now } },
      orderBy: { lockedUntil: "desc" },
    });
    const session = await tx.signingSession.create({
      data: {
        organizationId: link.organizationId,
        packageId: link.packageId,
        participantId: link.participantId,
        linkId: link.id,
        secretHash: hashSecret(secret),
        parentOrigin: link.parentOrigin,
        expiresAt: new Date(now.getTime() + 12 * 60 * 60_000),
        lastSeenAt: now,
        // every visit starts in the sender's choice; a switch in the room lasts for that visit
        language: link.participant.language,
        lockedUntil: locked?.lockedUntil ?? null,
        verificationFailures: locked ? SIGNING_LIMITS.verificationAttempts : 0,
        ip: input.origin.ip,
        userAgent: input.origin.userAgent,
        hostedByUserId: link.hostedByUserId,
        hostedAt: link.hostedByUserId ? now : null,
      },
    });
    if (link.hostedByUserId) await startHostedCheck(tx, session, link.hostedByUserId);
    let participant = link.participant;
    if (participant.signingStatus === "INVITED" || participant.signingStatus === "WAITING") {
      participant = await tx.participant.update({
        where: { id: participant.id },
        data: { signingStatus: participant.signingStatus === "INVITED" ? "OPENED" : participant.signingStatus },
      });
    }
    const context: SigningContext = {
      actor: participantActor(session, input.origin),
      session,
      participant,
      pkg,
    };
    await appendAuditEvent(tx, context.actor, {
      organizationId: pkg.organizationId,
      streamType: "package",
      streamId: pkg.id,
      type: "participant.authenticated",
      data: {
        participantId: participant.id,
        sessionId: session.id,
        method: link.hostedByUserId ? "IN_PERSON_LINK" : `${link.channel}_LINK`,
        linkId: link.id,
        embedded: link.parentOrigin !== null,
      },
    });
    return context;
  });
  return { secret, context: opened, room: await loadSigningRoom(opened, deps) };
}

/**
 * 'Send me a new link' for a used or expired link: a fresh link goes to the same participant by
 * the same channel, so only the owner of the inbox or phone can use it. The answer is the same
 * whatever happened, so the call tells nobody anything about a token.
 */
export async function requestNewSigningLink(input: { token: string }, deps: CoreDeps, now = new Date()) {
  const answer = { message: SIGNING_MESSAGES.newLinkSent };
  const linkId = signingLinkIdFromToken(deps.linkKeys, input.token);
  if (!linkId) return answer;
  await deps.db.$transaction(async (tx) => {
    const link = await tx.signingLink.findUnique({ where: { id: linkId }, include: { participant: true } });
    if (!link || link.channel === "API") return;
    const pkg = await tx.package.findUnique({ where: { id: link.packageId } });
    if (!pkg || !OPEN_STATUSES.includes(pkg.status)) return;
    // at most one renewal a minute per participant: the button cannot flood an inbox
    const recent = await tx.signingLink.count({
      where: { participantId: link.participantId, createdAt: { gt: new Date(now.getTime() - 60_000) } },
    });
    if (recent > 0) return;
    const purpose = pkg.status === "AVAILABLE_TO_SIGNERS" ? "invitation" : "copies";
    await sendSigningLink(tx, { ...pkg, participantId: link.participantId, channel: link.channel, now, purpose });
  });
  return answer;
}
