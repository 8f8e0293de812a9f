import { z } from "zod";
import { escapeHtml } from "./escape-html.ts";

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/**
 * What a participant is asked to do: one who only reviews (reviewsOnly, issue 11 §2) reads about
 * reviewing in every email, never about signing.
 */
const participantAction = z.enum(["sign", "review"]).optional();
type ParticipantAction = z.infer<typeof participantAction>;

const tagline = (action: ParticipantAction) =>
  action === "review" ? "Signet — secure electronic documents" : "Signet — secure electronic signing";

const layout = (title: string, body: string, action?: ParticipantAction) => `<!doctype html>
<html><body style="font-family:Arial,Helvetica,sans-serif;background:#f4f6f8;margin:0;padding:24px">
<table role="presentation" width="100%" style="max-width:560px;margin:auto;background:#fff;border-radius:8px;padding:24px">
<tr><td><h1 style="font-size:20px;color:#1c3d5a;margin:0 0 16px">${escapeHtml(title)}</h1>${body}
<p style="color:#6b7785;font-size:12px;margin-top:24px">${tagline(action)}</p></td></tr></table></body></html>`;

const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;
const button = (link: string, label: string, colors: { background?: string; text?: string } = {}) => {
  // only validated hex colours reach the style attribute (they come from organization settings)
  const background = colors.background && HEX_COLOR.test(colors.background) ? colors.background : "#1c7ed6";
  const text = colors.text && HEX_COLOR.test(colors.text) ? colors.text : "#ffffff";
  return `<p><a href="${escapeHtml(link)}" style="display:inline-block;background:${background};color:${text};padding:10px 18px;border-radius:4px;text-decoration:none">${escapeHtml(label)}</a></p>`;
};

const passwordResetData = z.object({ givenName: z.string(), link: z.url(), expiresInMinutes: z.number().int() });
const userInvitationData = z.object({
  givenName: z.string(),
  organizationName: z.string(),
  inviterName: z.string(),
  link: z.url(),
  expiresInDays: z.number().int(),
});
/** a request to join, sent to someone who already has an account (the kind's name predates issue 30) */
const organizationAccessGrantedData = z.object({
  givenName: z.string(),
  organizationName: z.string(),
  inviterName: z.string(),
  link: z.url(),
  expiresInDays: z.number().int(),
});
const identityLinkData = z.object({
  givenName: z.string(),
  providerName: z.string(),
  organizationName: z.string(),
  link: z.url(),
  expiresInMinutes: z.number().int(),
});
const verifyAccountData = z.object({
  givenName: z.string(),
  organizationName: z.string(),
  code: z.string().regex(/^\d{6}$/),
  expiresInMinutes: z.number().int(),
});

const packageCancelledData = z.object({
  recipientName: z.string(),
  organizationName: z.string(),
  packageName: z.string(),
  cancelledBy: z.string(),
  action: participantAction,
});
const participantReminderData = z.object({
  recipientName: z.string(),
  organizationName: z.string(),
  packageName: z.string(),
  senderName: z.string(),
  action: participantAction,
});

const signingInvitationData = z.object({
  recipientName: z.string(),
  organizationName: z.string(),
  packageName: z.string(),
  subject: z.string(),
  introText: z.string().nullable(),
  link: z.url(),
  expiresAt: z.string(),
  reminder: z.boolean(),
  /** the expiring-soon notice (issue 14 §2): expiresAt is then the package's expiry */
  expiringSoon: z.boolean().optional(),
  attachmentName: z.string().nullable(),
  /** the member who sent the package (organization email templates' {{sender.name}}) */
  senderName: z.string().optional(),
  /** what the participant is asked to do: one who only reviews is never asked to sign */
  action: participantAction,
  /** the organization's branding colours (signing-room settings) */
  primaryColor: z.string().optional(),
  primaryFontColor: z.string().optional(),
});
const senderNoticeData = z.object({
  recipientName: z.string(),
  packageName: z.string(),
  participantName: z.string(),
  reason: z.string().nullable(),
  link: z.url(),
});
const packageCompletedData = z.object({
  recipientName: z.string(),
  packageName: z.string(),
  organizationName: z.string(),
  link: z.url(),
  /** a participant's copies: review for one who only reviewed (the member who sent it: absent) */
  action: participantAction,
});

const dailySummaryData = z.object({
  recipientName: z.string(),
  organizationName: z.string(),
  events: z.number().int(),
  failed: z.number().int(),
  summaryLink: z.url(),
  reportLink: z.url(),
});

const paragraphs = (text: string) =>
  text
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, "<br>")}</p>`)
    .join("\n");

export const mailTemplates = {
  "signing-invitation": {
    data: signingInvitationData,
    render(data: z.infer<typeof signingInvitationData>): RenderedMail {
      const subject = data.expiringSoon
        ? `${data.packageName} expires soon`
        : data.reminder
          ? `Reminder: ${data.subject}`
          : data.subject;
      const expires = new Date(data.expiresAt).toUTCString();
      const intro =
        (data.expiringSoon
          ? `The documents of "${data.packageName}" from ${data.organizationName} are waiting for you and expire on ${expires}.`
          : "") ||
        data.introText?.trim() ||
        `${data.organizationName} sent you the documents of "${data.packageName}" to ${data.action === "review" ? "review electronically" : "review and sign electronically"}.`;
      const attached = data.attachmentName ? `\n\nAttached: ${data.attachmentName}` : "";
      const text = `Hello ${data.recipientName},\n\n${intro}\n\nOpen your documents:\n${data.link}\n\nThis link is personal: do not forward it. It works once and until ${expires}; if it stops working, open it anyway and ask for a new one.${attached}\n\n${data.organizationName}\n`;
      const html = layout(
        subject,
        `<p>Hello ${escapeHtml(data.recipientName)},</p>
${paragraphs(intro)}
${button(data.link, "Review documents", { background: data.primaryColor, text: data.primaryFontColor })}
<p style="color:#4a5560;font-size:13px">This link is personal: do not forward it. It works once and until ${escapeHtml(expires)}; if it stops working, open it anyway and ask for a new one.</p>
${data.attachmentName ? `<p style="font-size:13px">Attached: ${escapeHtml(data.attachmentName)}</p>` : ""}
<p>${escapeHtml(data.organizationName)}</p>`,
        data.action,
      );
      return { subject, text, html };
    },
  },
  "consent-withdrawn": {
    data: senderNoticeData,
    render(data: z.infer<typeof senderNoticeData>): RenderedMail {
      const subject = `E-sign consent withdrawn: ${data.packageName}`;
      const why = data.reason ? ` Their reason: "${data.reason}".` : "";
      const text = `Hello ${data.recipientName},\n\n${data.participantName} withdrew consent to do business electronically for "${data.packageName}".${why} What was already signed stays valid; the package is now CONSENT_WITHDRAWN and its remaining documents can go to paper.\n\n${data.link}\n`;
      const html = layout(
        subject,
        `<p>Hello ${escapeHtml(data.recipientName)},</p>
<p><strong>${escapeHtml(data.participantName)}</strong> withdrew consent to do business electronically for <strong>${escapeHtml(data.packageName)}</strong>.${escapeHtml(why)}</p>
<p>What was already signed stays valid; the package is now <em>consent withdrawn</em> and its remaining documents can go to paper.</p>
${button(data.link, "Open the package")}`,
      );
      return { subject, text, html };
    },
  },
  "participant-declined": {
    data: senderNoticeData,
    render(data: z.infer<typeof senderNoticeData>): RenderedMail {
      const subject = `Declined to sign: ${data.packageName}`;
      const why = data.reason ? ` Their reason: "${data.reason}".` : "";
      const text = `Hello ${data.recipientName},\n\n${data.participantName} declined to sign "${data.packageName}".${why} Correct or cancel the package to go on.\n\n${data.link}\n`;
      const html = layout(
        subject,
        `<p>Hello ${escapeHtml(data.recipientName)},</p>
<p><strong>${escapeHtml(data.participantName)}</strong> declined to sign <strong>${escapeHtml(data.packageName)}</strong>.${escapeHtml(why)}</p>
<p>Correct or cancel the package to go on.</p>
${button(data.link, "Open the package")}`,
      );
      return { subject, text, html };
    },
  },
  "package-completed": {
    data: packageCompletedData,
    render(data: z.infer<typeof packageCompletedData>): RenderedMail {
      const subject = `Completed: ${data.packageName}`;
      const text = `Hello ${data.recipientName},\n\nEveryone has finished "${data.packageName}". Its documents are sealed and the certificate of completion is ready.\n\n${data.link}\n\n${data.organizationName}\n`;
      const html = layout(
        subject,
        `<p>Hello ${escapeHtml(data.recipientName)},</p>
<p>Everyone has finished <strong>${escapeHtml(data.packageName)}</strong>. Its documents are sealed and the certificate of completion is ready.</p>
${button(data.link, "Open your documents")}
<p>${escapeHtml(data.organizationName)}</p>`,
        data.action,
      );
      return { subject, text, html };
    },
  },
  "password-reset": {
    data: passwordResetData,
    render(data: z.infer<typeof passwordResetData>): RenderedMail {
      const subject = "Reset your Signet password";
      const text = `Hello ${data.givenName},\n\nWe received a request to reset your Signet password. Open this link to choose a new one:\n\n${data.link}\n\nThe link works once and expires in ${data.expiresInMinutes} minutes. If you did not ask for this, ignore this email: your password stays as it is.\n`;
      const html = layout(
        subject,
        `<p>Hello ${escapeHtml(data.givenName)},</p>
<p>We received a request to reset your Signet password.</p>
${button(data.link, "Choose a new password")}
<p>The link works once and expires in ${data.expiresInMinutes} minutes. If you did not ask for this, ignore this email: your password stays as it is.</p>`,
      );
      return { subject, text, html };
    },
  },
  "user-invitation": {
    data: userInvitationData,
    render(data: z.infer<typeof userInvitationData>): RenderedMail {
      const subject = `You are invited to join ${data.organizationName} on Signet`;
      const text = `Hello ${data.givenName},\n\n${data.inviterName} invited you to join ${data.organizationName} on Signet. Open this link to create your account:\n\n${data.link}\n\nThe invitation expires in ${data.expiresInDays} days. If you were not expecting it, ignore this email.\n`;
      const html = layout(
        subject,
        `<p>Hello ${escapeHtml(data.givenName)},</p>
<p>${escapeHtml(data.inviterName)} invited you to join <strong>${escapeHtml(data.organizationName)}</strong> on Signet.</p>
${button(data.link, "Create your account")}
<p>The invitation expires in ${data.expiresInDays} days. If you were not expecting it, ignore this email.</p>`,
      );
      return { subject, text, html };
    },
  },
  "organization-access-granted": {
    data: organizationAccessGrantedData,
    render(data: z.infer<typeof organizationAccessGrantedData>): RenderedMail {
      const subject = `${data.inviterName} asks you to join ${data.organizationName} on Signet`;
      const text = `Hello ${data.givenName},\n\n${data.inviterName} asks you to join ${data.organizationName} on Signet with your existing account. You become a member only if you accept. Open this link to accept or decline:\n\n${data.link}\n\nThe request expires in ${data.expiresInDays} days. If you do not know this organization, decline or ignore this email.\n`;
      const html = layout(
        subject,
        `<p>Hello ${escapeHtml(data.givenName)},</p>
<p>${escapeHtml(data.inviterName)} asks you to join <strong>${escapeHtml(data.organizationName)}</strong> on Signet with your existing account. You become a member only if you accept.</p>
${button(data.link, "Accept or decline")}
<p>The request expires in ${data.expiresInDays} days. If you do not know this organization, decline or ignore this email.</p>`,
      );
      return { subject, text, html };
    },
  },
  /** never an organization's wording: the organization whose provider asks must not soften the warning */
  "identity-link": {
    data: identityLinkData,
    render(data: z.infer<typeof identityLinkData>): RenderedMail {
      const subject = `Confirm signing in to Signet through ${data.providerName}`;
      const warning = `Only confirm if you just tried to sign in through ${data.providerName} yourself. If you did not, do not open the link: someone with access to that identity provider tried to sign in as you, and your account stays as it is.`;
      const text = `Hello ${data.givenName},\n\nSomeone signed in through ${data.providerName}, the identity provider of ${data.organizationName}, with your email address. Your Signet account is not linked to that provider yet. Open this link to link it, so that the provider can sign you in to ${data.organizationName}:\n\n${data.link}\n\n${warning}\n\nThe link works once and expires in ${data.expiresInMinutes} minutes.\n`;
      const html = layout(
        subject,
        `<p>Hello ${escapeHtml(data.givenName)},</p>
<p>Someone signed in through <strong>${escapeHtml(data.providerName)}</strong>, the identity provider of <strong>${escapeHtml(data.organizationName)}</strong>, with your email address. Your Signet account is not linked to that provider yet. Link it so that the provider can sign you in to ${escapeHtml(data.organizationName)}:</p>
${button(data.link, "Review and link")}
<p><strong>${escapeHtml(warning)}</strong></p>
<p>The link works once and expires in ${data.expiresInMinutes} minutes.</p>`,
      );
      return { subject, text, html };
    },
  },
  "verify-account": {
    data: verifyAccountData,
    render(data: z.infer<typeof verifyAccountData>): RenderedMail {
      const subject = "Your Signet verification code";
      const text = `Hello ${data.givenName},\n\nYour verification code for joining ${data.organizationName} on Signet is:\n\n${data.code}\n\nEnter it on the sign-up page within ${data.expiresInMinutes} minutes. If you did not sign up, ignore this email.\n`;
      const html = layout(
        subject,
        `<p>Hello ${escapeHtml(data.givenName)},</p>
<p>Your verification code for joining <strong>${escapeHtml(data.organizationName)}</strong> on Signet is:</p>
<p style="font-size:28px;letter-spacing:6px;font-weight:bold;color:#1c3d5a">${data.code}</p>
<p>Enter it on the sign-up page within ${data.expiresInMinutes} minutes. If you did not sign up, ignore this email.</p>`,
      );
      return { subject, text, html };
    },
  },
  "package-cancelled": {
    data: packageCancelledData,
    render(data: z.infer<typeof packageCancelledData>): RenderedMail {
      const subject = `${data.packageName} has been cancelled`;
      const noLonger =
        data.action === "review"
          ? "You no longer need to review its documents, and the links you received no longer work."
          : "You no longer need to review or sign its documents, and earlier signing links no longer work.";
      const text = `Hello ${data.recipientName},\n\n${data.cancelledBy} of ${data.organizationName} cancelled the document package "${data.packageName}". ${noLonger}\n\nIf you have questions, contact ${data.organizationName}.\n`;
      const html = layout(
        subject,
        `<p>Hello ${escapeHtml(data.recipientName)},</p>
<p>${escapeHtml(data.cancelledBy)} of <strong>${escapeHtml(data.organizationName)}</strong> cancelled the document package <strong>${escapeHtml(data.packageName)}</strong>. ${escapeHtml(noLonger)}</p>
<p>If you have questions, contact ${escapeHtml(data.organizationName)}.</p>`,
        data.action,
      );
      return { subject, text, html };
    },
  },
  "participant-reminder": {
    data: participantReminderData,
    render(data: z.infer<typeof participantReminderData>): RenderedMail {
      const subject = `Reminder: ${data.packageName} is waiting for you`;
      const open = `Open the invitation email you received for this package to ${data.action === "review" ? "review them" : "review and sign them"}.`;
      const text = `Hello ${data.recipientName},\n\nThis is a reminder from ${data.senderName} of ${data.organizationName}: the documents of "${data.packageName}" are waiting for you. ${open}\n\nIf you have questions, contact ${data.organizationName}.\n`;
      const html = layout(
        subject,
        `<p>Hello ${escapeHtml(data.recipientName)},</p>
<p>This is a reminder from ${escapeHtml(data.senderName)} of <strong>${escapeHtml(data.organizationName)}</strong>: the documents of <strong>${escapeHtml(data.packageName)}</strong> are waiting for you. ${escapeHtml(open)}</p>
<p>If you have questions, contact ${escapeHtml(data.organizationName)}.</p>`,
        data.action,
      );
      return { subject, text, html };
    },
  },
  "daily-summary": {
    data: dailySummaryData,
    render(data: z.infer<typeof dailySummaryData>): RenderedMail {
      const subject = `Your packages yesterday: ${data.events} updates, ${data.failed} failed deliveries`;
      const text = `Hello ${data.recipientName},\n\nIn the last day ${data.events} things happened to your packages at ${data.organizationName}, and ${data.failed} emails or texts to your participants failed.\n\nWhat happened: ${data.summaryLink}\nFailed deliveries: ${data.reportLink}\n\nThese links work without signing in for seven days: do not forward this email.\n`;
      const html = layout(
        subject,
        `<p>Hello ${escapeHtml(data.recipientName)},</p>
<p>In the last day ${data.events} things happened to your packages at <strong>${escapeHtml(data.organizationName)}</strong>, and ${data.failed} emails or texts to your participants failed.</p>
${button(data.summaryLink, "See what happened")}
<p><a href="${escapeHtml(data.reportLink)}">See the failed deliveries</a></p>
<p style="color:#4a5560;font-size:13px">These links work without signing in for seven days: do not forward this email.</p>`,
      );
      return { subject, text, html };
    },
  },
} as const;

export type MailTemplateName = keyof typeof mailTemplates;

/** One email to render: a template name with its data (the email job's payload, minus the envelope). */
export type MailTemplateInput = {
  [N in MailTemplateName]: { template: N; data: z.infer<(typeof mailTemplates)[N]["data"]> };
}[MailTemplateName];

export function renderMail(mail: MailTemplateInput): RenderedMail {
  switch (mail.template) {
    case "password-reset":
      return mailTemplates[mail.template].render(mail.data);
    case "user-invitation":
      return mailTemplates[mail.template].render(mail.data);
    case "organization-access-granted":
      return mailTemplates[mail.template].render(mail.data);
    case "verify-account":
      return mailTemplates[mail.template].render(mail.data);
    case "identity-link":
      return mailTemplates[mail.template].render(mail.data);
    case "package-cancelled":
      return mailTemplates[mail.template].render(mail.data);
    case "participant-reminder":
      return mailTemplates[mail.template].render(mail.data);
    case "signing-invitation":
      return mailTemplates[mail.template].render(mail.data);
    case "consent-withdrawn":
      return mailTemplates[mail.template].render(mail.data);
    case "participant-declined":
      return mailTemplates[mail.template].render(mail.data);
    case "package-completed":
      return mailTemplates[mail.template].render(mail.data);
    case "daily-summary":
      return mailTemplates[mail.template].render(mail.data);
  }
}
