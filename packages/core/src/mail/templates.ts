import { createElement } from "react";
import {
  identityLinkMail,
  organizationAccessGrantedMail,
  passwordResetMail,
  userInvitationMail,
  verifyAccountMail,
} from "./account-emails.tsx";
import { renderEmailHtml } from "./email-layout.tsx";
import { inPersonCodeMail } from "./in-person-emails.tsx";
import type { MailData, MailDefinition, MailTemplateInput, MailTemplateName, RenderedMail } from "./mail-data.ts";
import {
  packageCancelledMail,
  packageCompletedMail,
  participantReminderMail,
  signingInvitationMail,
} from "./participant-emails.tsx";
import {
  consentWithdrawnMail,
  dailySummaryMail,
  participantDeclinedMail,
  participantDelegatedMail,
  signingEmailCodeMail,
} from "./sender-emails.tsx";

export type { MailTemplateInput, MailTemplateName, RenderedMail } from "./mail-data.ts";

/** Every built-in email by name; its HTML part is a React Email component (see email-layout.tsx). */
export const mailTemplates: { [N in MailTemplateName]: MailDefinition<N> } = {
  "signing-invitation": signingInvitationMail,
  "consent-withdrawn": consentWithdrawnMail,
  "participant-declined": participantDeclinedMail,
  "package-completed": packageCompletedMail,
  "password-reset": passwordResetMail,
  "user-invitation": userInvitationMail,
  "organization-access-granted": organizationAccessGrantedMail,
  "identity-link": identityLinkMail,
  "verify-account": verifyAccountMail,
  "in-person-code": inPersonCodeMail,
  "package-cancelled": packageCancelledMail,
  "participant-reminder": participantReminderMail,
  "daily-summary": dailySummaryMail,
  "participant-delegated": participantDelegatedMail,
  "signing-email-code": signingEmailCodeMail,
};

async function renderWith<N extends MailTemplateName>(
  definition: MailDefinition<N>,
  data: MailData<N>,
): Promise<RenderedMail> {
  const subject = definition.subject(data);
  return {
    subject,
    text: definition.text(data),
    html: await renderEmailHtml(createElement(definition.Email, { data, subject })),
  };
}

export function renderMail(mail: MailTemplateInput): Promise<RenderedMail> {
  // one case per name: TypeScript pairs a name's definition with its data only inside a case
  switch (mail.template) {
    case "password-reset":
      return renderWith(mailTemplates[mail.template], mail.data);
    case "user-invitation":
      return renderWith(mailTemplates[mail.template], mail.data);
    case "organization-access-granted":
      return renderWith(mailTemplates[mail.template], mail.data);
    case "verify-account":
      return renderWith(mailTemplates[mail.template], mail.data);
    case "in-person-code":
      return renderWith(mailTemplates[mail.template], mail.data);
    case "identity-link":
      return renderWith(mailTemplates[mail.template], mail.data);
    case "package-cancelled":
      return renderWith(mailTemplates[mail.template], mail.data);
    case "participant-reminder":
      return renderWith(mailTemplates[mail.template], mail.data);
    case "signing-invitation":
      return renderWith(mailTemplates[mail.template], mail.data);
    case "consent-withdrawn":
      return renderWith(mailTemplates[mail.template], mail.data);
    case "participant-declined":
      return renderWith(mailTemplates[mail.template], mail.data);
    case "package-completed":
      return renderWith(mailTemplates[mail.template], mail.data);
    case "daily-summary":
      return renderWith(mailTemplates[mail.template], mail.data);
    case "participant-delegated":
      return renderWith(mailTemplates[mail.template], mail.data);
    case "signing-email-code":
      return renderWith(mailTemplates[mail.template], mail.data);
  }
}
