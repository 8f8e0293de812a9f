import { randomUUID } from "node:crypto";
import {
  EMAIL_NOTIFICATION_EVENT_BY_AUDIT_TYPE,
  EMAIL_NOTIFICATION_EVENT_LABELS,
  type EmailNotificationEvent,
  participantDisplayName,
} from "@signet/contract";
import type { Prisma } from "../db/generated/client.ts";
import { renderOrganizationMail } from "../email-templates/render-organization-mail.ts";
import { enqueueOutbox } from "../jobs/enqueue-outbox.ts";
import type { JobContext } from "../jobs/job-context.ts";
import type { JobInput } from "../jobs/job-declarations.ts";
import { renderNoticeHtml } from "../mail/notice-email.tsx";
import type { MailTemplateInput } from "../mail/templates.ts";
import { readSigningRoomSettings } from "../signing/signing-room-settings.ts";
import type { AuditedChange } from "../webhooks/record-webhook-event.ts";

const asId = (value: unknown) => (typeof value === "string" && /^[0-9a-f-]{36}$/i.test(value) ? value : null);

/**
 * Called by appendAuditEvent inside the change's transaction (like webhook events): when the
 * organization has an enabled email notification rule for the event, one outbox row is written,
 * so the emails exist exactly when the change commits. Recipients are resolved when it runs.
 */
export async function recordEmailNotificationEvent(
  tx: Prisma.TransactionClient,
  change: AuditedChange,
  occurredAt: Date,
) {
  const event = EMAIL_NOTIFICATION_EVENT_BY_AUDIT_TYPE[change.type];
  if (!event || !change.organizationId || change.streamType !== "package") return;
  const rules = await tx.emailNotificationRule.findMany({
    where: { organizationId: change.organizationId, enabled: true, events: { has: event } },
    select: { id: true },
  });
  if (rules.length === 0) return;
  const data = change.data ?? {};
  await enqueueOutbox(
    tx,
    "email.notification",
    {
      organizationId: change.organizationId,
      packageId: change.streamId,
      event,
      ruleIds: rules.map((rule) => rule.id),
      participantId: asId(data.participantId),
      reason: typeof data.reason === "string" ? data.reason.slice(0, 2000) : null,
      occurredAt: occurredAt.toISOString(),
    },
    `email-notification:${event}:${change.streamId}:${randomUUID()}`,
  );
}

/** A member-facing notice for events whose template kind is addressed to participants. */
async function notice(
  event: EmailNotificationEvent,
  recipientName: string,
  packageName: string,
  organizationName: string,
  link: string,
) {
  const what: Record<EmailNotificationEvent, string> = {
    PACKAGE_COMPLETED: "is complete",
    PARTICIPANT_DECLINED: "was declined by a participant",
    CONSENT_WITHDRAWN: "lost a participant's consent",
    PACKAGE_EXPIRED: "expired before every participant finished",
    PACKAGE_CANCELLED: "was cancelled",
    REMINDER_SENT: "had a reminder sent to the participants who have not finished",
    EDEPOSIT_FAILED: "could not be deposited into its eVault; open it to retry or cancel the eDeposit",
    PACKAGE_EDEPOSITED: "was deposited into its eVault, which now holds the authoritative copy",
  };
  const sentence = `The package "${packageName}" of ${organizationName} ${what[event]}.`;
  const subject = `${EMAIL_NOTIFICATION_EVENT_LABELS[event]}: ${packageName}`;
  return {
    subject,
    text: `Hello ${recipientName},\n\n${sentence}\n\nOpen the package:\n${link}\n\n${organizationName}\n`,
    html: await renderNoticeHtml({
      subject,
      recipientName,
      paragraphs: [sentence],
      link: { href: link, label: "Open the package" },
      signature: organizationName,
    }),
  };
}

/**
 * Emails every recipient of the matching rules once (addresses de-duplicated across rules): the
 * member who created the package, the members of the package's groups, fixed addresses. The
 * organization's template is used where a kind fits (completion, declined, consent withdrawn);
 * every send is recorded in the notification record by the mailer.
 */
export const emailNotificationJob = {
  async handle(context: JobContext, job: JobInput<"email.notification">, idempotencyKey: string) {
    const pkg = await context.db.package.findFirst({
      where: { id: job.packageId, organizationId: job.organizationId },
      include: { organization: { select: { name: true } }, groups: { select: { groupId: true } } },
    });
    if (!pkg) return;
    const rules = await context.db.emailNotificationRule.findMany({
      where: { id: { in: job.ruleIds }, organizationId: job.organizationId, enabled: true },
    });
    const recipients = new Map<string, string>();
    const add = (email: string | null | undefined, name: string) => {
      const key = email?.trim().toLowerCase();
      if (key && !recipients.has(key)) recipients.set(key, name);
    };
    for (const rule of rules) {
      if (rule.notifySender && pkg.createdById) {
        const sender = await context.db.user.findFirst({ where: { id: pkg.createdById, status: "ACTIVE" } });
        if (sender) add(sender.email, sender.givenName || sender.email);
      }
      if (rule.notifyPackageGroups && pkg.groups.length > 0) {
        const members = await context.db.groupMember.findMany({
          where: { organizationId: pkg.organizationId, groupId: { in: pkg.groups.map((g) => g.groupId) } },
          include: { user: { select: { email: true, givenName: true, status: true } } },
          orderBy: { createdAt: "asc" },
        });
        for (const member of members) {
          if (member.user.status === "ACTIVE") add(member.user.email, member.user.givenName || member.user.email);
        }
      }
      for (const address of rule.addresses) add(address, address);
    }
    if (recipients.size === 0) return;
    const organizationName = pkg.organization.name;
    const link = `${context.config.publicUrl}/packages/${pkg.id}`;
    const participant = job.participantId
      ? await context.db.participant.findFirst({ where: { id: job.participantId, packageId: pkg.id } })
      : null;
    const participantName = participant ? participantDisplayName(participant) : "A participant";
    const settings = await readSigningRoomSettings(context.db, pkg.organizationId);
    for (const [to, recipientName] of recipients) {
      let mail: { subject: string; text: string; html: string; kind: string };
      const templated: MailTemplateInput | null =
        job.event === "PACKAGE_COMPLETED"
          ? { template: "package-completed", data: { recipientName, packageName: pkg.name, organizationName, link } }
          : job.event === "PARTICIPANT_DECLINED" || job.event === "CONSENT_WITHDRAWN"
            ? {
                template: job.event === "PARTICIPANT_DECLINED" ? "participant-declined" : "consent-withdrawn",
                data: { recipientName, packageName: pkg.name, participantName, reason: job.reason, link },
              }
            : null;
      if (templated) {
        const { kind, ...rendered } = await renderOrganizationMail(context.db, templated, {
          organizationId: pkg.organizationId,
        });
        mail = { ...rendered, kind };
      } else {
        mail = {
          ...(await notice(job.event, recipientName, pkg.name, organizationName, link)),
          kind: "email-notification",
        };
      }
      await context.mailer.send({
        idempotencyKey: `${idempotencyKey}:${to}`,
        organizationId: pkg.organizationId,
        to,
        ...mail,
        packageId: pkg.id,
        fromName: settings.email_from_text || organizationName,
        replyTo: settings.email_reply_to || null,
      });
    }
  },
};
