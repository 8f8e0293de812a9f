import { asParticipantLanguage, DEFAULT_INVITATION_SUBJECT, participantDisplayName } from "@signet/contract";
import { renderOrganizationMail } from "../email-templates/render-organization-mail.ts";
import type { JobContext } from "../jobs/job-context.ts";
import type { JobInput } from "../jobs/job-declarations.ts";
import type { MailAttachment } from "../mail/mailer.ts";
import { participantGreetingName } from "../package-actions/run-package-action.ts";
import { participantReviewsOnly } from "./participant-reviews-only.ts";
import { readStream } from "./read-stream.ts";
import { signingLinkToken } from "./signing-link-token.ts";
import { signingLinkUrl } from "./signing-room-origin.ts";
import { readSigningRoomSettings } from "./signing-room-settings.ts";

export type SigningLinkPurpose = JobInput<"signing.invitation">["purpose"];

/**
 * Delivers one signing link by its channel: an email in the package's template (subject,
 * introduction, attached document) with the organization's from text and reply-to, or a text
 * message. A link revoked meanwhile (cancel, correction) or a package no longer out for signature
 * sends nothing. The token is computed here from the link id: no outbox row holds a working link.
 */
export const signingInvitationJob = {
  async handle(context: JobContext, job: JobInput<"signing.invitation">, idempotencyKey: string) {
    const link = await context.db.signingLink.findUnique({
      where: { id: job.linkId },
      include: { participant: true },
    });
    if (!link || link.revokedAt || link.usedAt) return;
    const pkg = await context.db.package.findUnique({
      where: { id: link.packageId },
      include: { organization: { select: { name: true } } },
    });
    if (!pkg) return;
    if (job.purpose === "copies" ? !pkg.sealedAt : pkg.status !== "AVAILABLE_TO_SIGNERS") return;
    const participant = link.participant;
    const url = signingLinkUrl(context.config, signingLinkToken(context.linkKey, link.id));
    const organizationName = pkg.organization.name;
    const action = (await participantReviewsOnly(context.db, participant)) ? "review" : "sign";
    if (link.channel === "SMS") {
      if (!participant.phoneNumber) return;
      const text =
        job.purpose === "copies"
          ? `${organizationName}: "${pkg.name}" is complete. Download your copies: ${url}`
          : job.purpose === "expiring-soon"
            ? `${organizationName}: "${pkg.name}" expires soon${pkg.packageExpiresAt ? ` (${pkg.packageExpiresAt.toUTCString()})` : ""}. Please ${action} it: ${url}`
            : `${job.purpose === "reminder" ? "Reminder: " : ""}${organizationName} sent you "${pkg.name}" to ${action}: ${url}`;
      await context.sms.send({
        idempotencyKey,
        organizationId: pkg.organizationId,
        to: participant.phoneNumber,
        text,
        kind: job.purpose === "copies" ? "completion" : job.purpose,
        packageId: pkg.id,
        participantId: participant.id,
      });
      return;
    }
    const to = participant.email?.trim();
    if (!to) return;
    const settings = await readSigningRoomSettings(context.db, pkg.organizationId);
    const recipientName = participantGreetingName(participant, participantDisplayName(participant));
    const attachments = job.purpose === "copies" ? [] : await emailAttachment(context, pkg.emailDocumentId, pkg.id);
    // the sender's choice, or the one the participant switched to in the signing room
    const language = asParticipantLanguage(participant.language);
    const sender = pkg.createdById
      ? await context.db.user.findUnique({
          where: { id: pkg.createdById },
          select: { givenName: true, familyName: true },
        })
      : null;
    const senderName = [sender?.givenName, sender?.familyName].filter(Boolean).join(" ") || organizationName;
    const { kind, ...rendered } = await renderOrganizationMail(
      context.db,
      job.purpose === "copies"
        ? {
            template: "package-completed",
            data: { recipientName, packageName: pkg.name, organizationName, link: url, action },
          }
        : {
            template: "signing-invitation",
            data: {
              recipientName,
              organizationName,
              packageName: pkg.name,
              subject: pkg.emailSubject?.trim() || DEFAULT_INVITATION_SUBJECT[language],
              introText: pkg.emailIntroText,
              link: url,
              expiresAt: (job.purpose === "expiring-soon" && pkg.packageExpiresAt
                ? pkg.packageExpiresAt
                : link.expiresAt
              ).toISOString(),
              reminder: job.purpose === "reminder" || job.purpose === "expiring-soon",
              expiringSoon: job.purpose === "expiring-soon",
              action,
              attachmentName: attachments[0]?.filename ?? null,
              primaryColor: settings.primary_color,
              primaryFontColor: settings.primary_font_color,
              senderName,
            },
          },
      {
        organizationId: pkg.organizationId,
        language,
        // the template picked in step 3 is for the invitation itself
        templateId: job.purpose === "invitation" ? pkg.emailTemplateId : null,
      },
    );
    await context.mailer.send({
      idempotencyKey,
      organizationId: pkg.organizationId,
      to,
      ...rendered,
      kind,
      packageId: pkg.id,
      participantId: participant.id,
      fromName: settings.email_from_text || organizationName,
      replyTo: settings.email_reply_to || null,
      attachments,
    });
  },
};

/** The package template's attached document (issue 4: email template documentId), as a PDF attachment. */
async function emailAttachment(context: JobContext, documentId: string | null, packageId: string) {
  if (!documentId) return [] as MailAttachment[];
  const document = await context.db.document.findFirst({ where: { id: documentId, packageId } });
  if (!document) return [];
  const content = await readStream(await context.storage.get(document.blobKey));
  const extension = document.format === "SMART_DOC" ? ".xml" : ".pdf";
  const filename = document.name.toLowerCase().endsWith(extension) ? document.name : `${document.name}${extension}`;
  return [{ filename, content, contentType: document.contentType }];
}
