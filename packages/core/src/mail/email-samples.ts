import type { MailTemplateInput, MailTemplateName } from "./templates.ts";

type SampleData = { [N in MailTemplateName]: Extract<MailTemplateInput, { template: N }>["data"] };

/**
 * One sample of every built-in email, typed by its template's data schema: what `pnpm email:preview`
 * writes and what the templates' test renders, so a new template cannot go unpreviewed or untested.
 */
export const MAIL_SAMPLES: SampleData = {
  "signing-invitation": {
    recipientName: "Maria Lopez",
    organizationName: "First Street Bank",
    packageName: "Home loan — 12 Elm Street",
    subject: "Your documents are ready",
    introText: "Please sign by Friday.\n\nCall us if anything looks wrong.",
    link: "https://sign.example.com/s/abc.def",
    expiresAt: "2026-12-01T17:00:00.000Z",
    reminder: false,
    attachmentName: "Disclosure.pdf",
    senderName: "Sam Sender",
    action: "sign",
    primaryColor: "#aa3300",
    primaryFontColor: "#fffff0",
  },
  "consent-withdrawn": {
    recipientName: "Sam Sender",
    packageName: "Home loan — 12 Elm Street",
    participantName: "Maria Lopez",
    reason: "I want paper copies.",
    link: "https://app.example.com/packages/123",
  },
  "participant-delegated": {
    recipientName: "Sam Sender",
    packageName: "Home loan — 12 Elm Street",
    participantName: "Maria Lopez",
    delegateName: "Jorge Lopez",
    delegateEmail: "jorge@example.com",
    reason: "I am travelling; my husband signs for us.",
    link: "https://app.example.com/packages/123",
  },
  "signing-email-code": {
    recipientName: "Jorge Lopez",
    organizationName: "First Street Bank",
    packageName: "Home loan — 12 Elm Street",
    code: "123456",
    expiresInMinutes: 10,
  },
  "participant-declined": {
    recipientName: "Sam Sender",
    packageName: "Home loan — 12 Elm Street",
    participantName: "Maria Lopez",
    reason: "The rate is wrong.",
    link: "https://app.example.com/packages/123",
  },
  "package-completed": {
    recipientName: "Maria Lopez",
    packageName: "Home loan — 12 Elm Street",
    organizationName: "First Street Bank",
    link: "https://sign.example.com/s/abc.def",
    action: "sign",
  },
  "password-reset": {
    givenName: "Maria",
    link: "https://app.example.com/create-password?request=r&token=t",
    expiresInMinutes: 60,
  },
  "user-invitation": {
    givenName: "Maria",
    organizationName: "First Street Bank",
    inviterName: "Sam Sender",
    link: "https://app.example.com/sign-up?invitation=i&token=t",
    expiresInDays: 7,
  },
  "organization-access-granted": {
    givenName: "Maria",
    organizationName: "First Street Bank",
    inviterName: "Sam Sender",
    link: "https://app.example.com/join?invitation=i&token=t",
    expiresInDays: 7,
  },
  "identity-link": {
    givenName: "Maria",
    providerName: "Bank SSO",
    organizationName: "First Street Bank",
    link: "https://app.example.com/link-account?request=r&token=t",
    expiresInMinutes: 30,
  },
  "verify-account": {
    givenName: "Maria",
    organizationName: "First Street Bank",
    code: "042917",
    expiresInMinutes: 15,
  },
  "in-person-code": {
    recipientName: "Maria Lopez",
    hostName: "Dana Reyes",
    organizationName: "First Street Bank",
    packageName: "Home loan — 12 Elm Street",
    code: "583014",
    expiresInMinutes: 10,
  },
  "package-cancelled": {
    recipientName: "Maria Lopez",
    organizationName: "First Street Bank",
    packageName: "Home loan — 12 Elm Street",
    cancelledBy: "Sam Sender",
    action: "sign",
  },
  "participant-reminder": {
    recipientName: "Maria Lopez",
    organizationName: "First Street Bank",
    packageName: "Home loan — 12 Elm Street",
    senderName: "Sam Sender",
    action: "sign",
  },
  "daily-summary": {
    recipientName: "Sam Sender",
    organizationName: "First Street Bank",
    events: 12,
    failed: 1,
    summaryLink: "https://app.example.com/notification-summary?token=s",
    reportLink: "https://app.example.com/notification-summary?token=r",
  },
};

/** Every sample as the email it renders. */
export function mailSamples(): MailTemplateInput[] {
  return (Object.keys(MAIL_SAMPLES) as MailTemplateName[]).map(
    (template) => ({ template, data: MAIL_SAMPLES[template] }) as MailTemplateInput,
  );
}
