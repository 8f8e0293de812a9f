import { asParticipantLanguage, decideTransition, SIGNING_MESSAGES, type SigningRoom } from "@signet/contract";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import type { CoreDeps } from "../core-deps.ts";
import { AppError } from "../errors/app-error.ts";
import { enqueueOutbox } from "../jobs/enqueue-outbox.ts";
import { enqueueAutomaticMailing } from "../print-mail/automatic-mailing-job.ts";
import { consentCode, currentConsent } from "./current-consent.ts";
import { participantReviewsOnly } from "./participant-reviews-only.ts";
import { readStream } from "./read-stream.ts";
import { renderConsentDocument } from "./render-consent-document.ts";
import { revokeSigningAccess } from "./revoke-signing-access.ts";
import type { SigningContext } from "./signing-context.ts";
import { loadSigningRoom, participantName } from "./signing-room-view.ts";
import { signingWrite } from "./signing-write.ts";

/**
 * The consent document the participant opens or keeps (DOMAIN.md §3): the default disclosure
 * rendered as a PDF, or the organization's custom consent PDF, followed by a page naming the
 * transaction (with the participant's code when the organization requires it).
 */
export async function consentDocument(context: SigningContext, deps: CoreDeps): Promise<Uint8Array> {
  const reviewOnly = await participantReviewsOnly(deps.db, context.participant);
  const consent = await currentConsent(deps.db, context.pkg.organizationId, reviewOnly);
  return renderConsentDocument({
    reviewOnly,
    language: asParticipantLanguage(context.session.language),
    organizationName: context.pkg.organization.name,
    packageName: context.pkg.name,
    code: consent.codeRequired ? consentCode(deps.linkKey, context.participant.id, consent.version) : null,
    version: consent.version,
    sha256: consent.sha256,
    updatedOn: consent.updatedOn,
    customPdf: consent.blobKey ? await readStream(await deps.storage.get(consent.blobKey)) : null,
  });
}

/** How consent was given, kept with the record and its audit event. */
export type ConsentDemonstration = "DISCLOSURE_SHOWN_IN_ROOM" | "CODE_FROM_CONSENT_PDF";

/**
 * Records ESIGN consent (DOMAIN.md §3). By default one "I agree" under the disclosure the room shows
 * like the documents; when the organization requires the code, the code from the consent PDF must
 * match too (it demonstrates the participant can open the format). The record keeps the version, its
 * SHA-256, the way it was given, time, IP and user agent.
 */
export async function giveConsent(
  context: SigningContext,
  input: { code?: string | undefined },
  deps: CoreDeps,
): Promise<SigningRoom> {
  const fresh = await signingWrite(context, deps, ["CONSENT"], async (tx, current, facts) => {
    const { consent } = facts;
    const typed = input.code?.trim().toUpperCase() ?? "";
    if (consent.codeRequired && !typed) {
      const message = SIGNING_MESSAGES.consentCodeMissing;
      throw new AppError("BAD_REQUEST", message, [{ path: "code", message }]);
    }
    // a code printed before AUTH_SECRET rotated was made with a previous key
    if (
      consent.codeRequired &&
      !deps.linkKeys.some((key) => consentCode(key, current.participant.id, consent.version) === typed)
    ) {
      await appendAuditEvent(tx, current.actor, {
        organizationId: current.pkg.organizationId,
        streamType: "package",
        streamId: current.pkg.id,
        type: "participant.consent-code-wrong",
        data: { participantId: current.participant.id, consentVersion: consent.version },
      });
      return null;
    }
    const demonstration: ConsentDemonstration = consent.codeRequired
      ? "CODE_FROM_CONSENT_PDF"
      : "DISCLOSURE_SHOWN_IN_ROOM";
    const record = await tx.consentRecord.create({
      data: {
        organizationId: current.pkg.organizationId,
        packageId: current.pkg.id,
        participantId: current.participant.id,
        sessionId: current.session.id,
        consentVersion: consent.version,
        consentSha256: consent.sha256,
        demonstrated: true,
        demonstration,
        ip: current.actor.ip,
        userAgent: current.actor.userAgent,
      },
    });
    await appendAuditEvent(tx, current.actor, {
      organizationId: current.pkg.organizationId,
      streamType: "package",
      streamId: current.pkg.id,
      type: "participant.consent-granted",
      data: {
        participantId: current.participant.id,
        consentRecordId: record.id,
        consentVersion: record.consentVersion,
        consentSha256: record.consentSha256,
        scope: record.scope,
        demonstration,
      },
    });
    return current;
  });
  if (!fresh) throw new AppError("CONSENT_CODE_WRONG");
  return loadSigningRoom(fresh, deps);
}

/**
 * DOMAIN.md §3: withdrawal is prospective. What was signed stays; the participant's electronic
 * actions freeze (every session of the package closes), the package moves to CONSENT_WITHDRAWN and
 * the sender is told.
 */
export async function withdrawConsent(
  context: SigningContext,
  input: { reason?: string | null },
  deps: CoreDeps,
): Promise<SigningRoom> {
  const now = new Date();
  const fresh = await signingWrite(
    context,
    deps,
    ["SIGN", "WAITING_TURN", "CONSENT"],
    async (tx, current) => {
      const decision = decideTransition(current.pkg.status, "withdrawConsent");
      if (!decision.allowed || !decision.to)
        throw new AppError("SIGNING_CLOSED", decision.allowed ? undefined : decision.reason);
      const reason = input.reason?.trim() || null;
      await tx.consentRecord.updateMany({
        where: { participantId: current.participant.id, withdrawnAt: null },
        data: {
          withdrawnAt: now,
          withdrawIp: current.actor.ip,
          withdrawUserAgent: current.actor.userAgent,
          withdrawReason: reason,
        },
      });
      const participant = await tx.participant.update({
        where: { id: current.participant.id },
        data: { signingStatus: "CONSENT_WITHDRAWN" },
      });
      const pkg = await tx.package.update({
        where: { id: current.pkg.id },
        // the send is over, as with a cancel: once reactivated the package is unsent (editable, sendable)
        // again, not frozen as if a scheduled send were pending
        data: { status: decision.to, version: { increment: 1 }, sentAt: null },
        include: { organization: true },
      });
      await revokeSigningAccess(tx, current.pkg.id, "CONSENT_WITHDRAWN", now);
      const audit = { organizationId: pkg.organizationId, streamType: "package" as const, streamId: pkg.id };
      await appendAuditEvent(tx, current.actor, {
        ...audit,
        type: "participant.consent-withdrawn",
        data: { participantId: participant.id, reason },
      });
      await appendAuditEvent(tx, current.actor, {
        ...audit,
        type: "package.consent-withdrawn",
        data: { action: "withdrawConsent", from: current.pkg.status, to: decision.to, version: pkg.version },
      });
      await notifySender(tx, pkg, participantName(participant), reason, "consent-withdrawn", deps.config.publicUrl);
      // issue 16 §4: the remaining documents go to the participant on paper, when the package can mail them
      if (pkg.enablePrintFulfillment && participant.mailingAddress !== null)
        await enqueueAutomaticMailing(tx, pkg.id, participant.id, "CONSENT_WITHDRAWN");
      const session = await tx.signingSession.findUniqueOrThrow({ where: { id: current.session.id } });
      return { ...current, participant, session, pkg: { ...current.pkg, status: pkg.status, version: pkg.version } };
    },
    { lock: "update" },
  );
  return loadSigningRoom(fresh, deps);
}

/** Tells the member who created the package (consent withdrawn, declined). */
export async function notifySender(
  tx: Parameters<typeof enqueueOutbox>[0],
  pkg: { id: string; organizationId: string; name: string; createdById: string | null; version: number },
  participantLabel: string,
  reason: string | null,
  template: "consent-withdrawn" | "participant-declined",
  publicUrl: string,
): Promise<void> {
  if (!pkg.createdById) return;
  const creator = await tx.user.findUnique({ where: { id: pkg.createdById } });
  if (!creator) return;
  await enqueueOutbox(
    tx,
    "email.send",
    {
      organizationId: pkg.organizationId,
      to: creator.email,
      template,
      data: {
        recipientName: creator.givenName || creator.email,
        packageName: pkg.name,
        participantName: participantLabel,
        reason,
        link: `${publicUrl}/packages/${pkg.id}`,
      },
    },
    `${template}:${pkg.id}:v${pkg.version}:${participantLabel}`,
  );
}
