import type { ReactElement } from "react";
import { z } from "zod";

// What each built-in email carries, apart from how it is rendered: the email job's payload schema
// (jobs/job-declarations.ts) is built from these, so queuing an email does not load the renderer.

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/**
 * What a participant is asked to do: one who only reviews (reviewsOnly, issue 11 §2) reads about
 * reviewing in every email, never about signing.
 */
export const participantAction = z.enum(["sign", "review"]).optional();
export type ParticipantAction = z.infer<typeof participantAction>;

export const passwordResetData = z.object({ givenName: z.string(), link: z.url(), expiresInMinutes: z.number().int() });
export const userInvitationData = z.object({
  givenName: z.string(),
  organizationName: z.string(),
  inviterName: z.string(),
  link: z.url(),
  expiresInDays: z.number().int(),
});
/** a request to join, sent to someone who already has an account (the kind's name predates issue 30) */
export const organizationAccessGrantedData = z.object({
  givenName: z.string(),
  organizationName: z.string(),
  inviterName: z.string(),
  link: z.url(),
  expiresInDays: z.number().int(),
});
export const identityLinkData = z.object({
  givenName: z.string(),
  providerName: z.string(),
  organizationName: z.string(),
  link: z.url(),
  expiresInMinutes: z.number().int(),
});
export const verifyAccountData = z.object({
  givenName: z.string(),
  organizationName: z.string(),
  code: z.string().regex(/^\d{6}$/),
  expiresInMinutes: z.number().int(),
});

export const inPersonCodeData = z.object({
  recipientName: z.string(),
  hostName: z.string(),
  organizationName: z.string(),
  packageName: z.string(),
  code: z.string().regex(/^\d{6}$/),
  expiresInMinutes: z.number().int(),
});

export const packageCancelledData = z.object({
  recipientName: z.string(),
  organizationName: z.string(),
  packageName: z.string(),
  cancelledBy: z.string(),
  action: participantAction,
});
export const participantReminderData = z.object({
  recipientName: z.string(),
  organizationName: z.string(),
  packageName: z.string(),
  senderName: z.string(),
  action: participantAction,
});

export const signingInvitationData = z.object({
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
export const senderNoticeData = z.object({
  recipientName: z.string(),
  packageName: z.string(),
  participantName: z.string(),
  reason: z.string().nullable(),
  link: z.url(),
});
export const packageCompletedData = z.object({
  recipientName: z.string(),
  packageName: z.string(),
  organizationName: z.string(),
  link: z.url(),
  /** a participant's copies: review for one who only reviewed (the member who sent it: absent) */
  action: participantAction,
});

export const dailySummaryData = z.object({
  recipientName: z.string(),
  organizationName: z.string(),
  events: z.number().int(),
  failed: z.number().int(),
  summaryLink: z.url(),
  reportLink: z.url(),
});

/** Issue 34 §3: the sender is told a participant handed their part to a delegate. */
export const participantDelegatedData = z.object({
  recipientName: z.string(),
  packageName: z.string(),
  participantName: z.string(),
  delegateName: z.string(),
  delegateEmail: z.string(),
  reason: z.string(),
  link: z.url(),
});
/** A one-time code emailed to a participant verifying by EMAIL_CODE (a delegate, usually). */
export const signingEmailCodeData = z.object({
  recipientName: z.string(),
  organizationName: z.string(),
  packageName: z.string(),
  code: z.string(),
  expiresInMinutes: z.number().int(),
});

export const MAIL_DATA = {
  "participant-delegated": participantDelegatedData,
  "signing-email-code": signingEmailCodeData,
  "signing-invitation": signingInvitationData,
  "consent-withdrawn": senderNoticeData,
  "participant-declined": senderNoticeData,
  "package-completed": packageCompletedData,
  "password-reset": passwordResetData,
  "user-invitation": userInvitationData,
  "organization-access-granted": organizationAccessGrantedData,
  "identity-link": identityLinkData,
  "verify-account": verifyAccountData,
  "in-person-code": inPersonCodeData,
  "package-cancelled": packageCancelledData,
  "participant-reminder": participantReminderData,
  "daily-summary": dailySummaryData,
} as const;

export type MailTemplateName = keyof typeof MAIL_DATA;
export type MailData<N extends MailTemplateName> = z.infer<(typeof MAIL_DATA)[N]>;

/** One email to render: a template name with its data (the email job's payload, minus the envelope). */
export type MailTemplateInput = {
  [N in MailTemplateName]: { template: N; data: MailData<N> };
}[MailTemplateName];

/**
 * One built-in email: its data schema, its subject and text part, and the React Email component
 * that writes its HTML part (given the subject, which is also its heading).
 */
export interface MailDefinition<N extends MailTemplateName> {
  data: (typeof MAIL_DATA)[N];
  subject(data: MailData<N>): string;
  text(data: MailData<N>): string;
  Email(props: { data: MailData<N>; subject: string }): ReactElement;
}
