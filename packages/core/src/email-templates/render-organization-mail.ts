import {
  DEFAULT_EMAIL_TEMPLATES,
  type EmailTemplateContent,
  type EmailTemplateKind,
  LINKLESS_REMINDER,
  PARTICIPANT_EMAIL_KINDS,
  PARTICIPANT_EMAIL_TRANSLATIONS,
  type ParticipantEmailKind,
  type ParticipantLanguage,
} from "@signet/contract";
import type { Db } from "../db/prisma-client.ts";
import { type MailTemplateInput, type RenderedMail, renderMail } from "../mail/templates.ts";
import { readOrganizationSettings } from "../settings/read-organization-settings.ts";
import {
  type Branding,
  DEFAULT_BRANDING,
  lacksRequiredVariable,
  renderTemplateContent,
} from "./render-email-template.ts";
import { sanitizeTemplateBody } from "./sanitize-email-html.ts";

type Reader = Pick<Db, "emailTemplate" | "organizationSetting" | "organization">;

/**
 * Security emails keep the product's own words whatever the organization's templates say; so do
 * the delegation notice and the emailed verification code (issue 34 §3) and the in-person code (§2a),
 * which have no template kind.
 */
type ProductWordedTemplate = "identity-link" | "participant-delegated" | "signing-email-code" | "in-person-code";
type OrganizationWordedMail = Exclude<MailTemplateInput, { template: ProductWordedTemplate }>;
const PRODUCT_WORDED: readonly string[] = [
  "identity-link",
  "participant-delegated",
  "signing-email-code",
  "in-person-code",
];
const isProductWorded = (
  mail: MailTemplateInput,
): mail is Extract<MailTemplateInput, { template: ProductWordedTemplate }> => PRODUCT_WORDED.includes(mail.template);

/** Which template kind a built-in email is, and its data as template variables. */
export function mailKindAndVariables(mail: OrganizationWordedMail): {
  kind: EmailTemplateKind;
  variables: Record<string, unknown>;
} {
  switch (mail.template) {
    case "signing-invitation": {
      const d = mail.data;
      return {
        kind: d.expiringSoon ? "expiring-soon" : d.reminder ? "reminder" : "invitation",
        variables: {
          recipient: { name: d.recipientName },
          participant: { name: d.recipientName },
          package: { name: d.packageName },
          sender: { name: d.senderName ?? d.organizationName },
          organization: { name: d.organizationName },
          signingLink: d.link,
          expiresAt: new Date(d.expiresAt).toUTCString(),
          subject: d.subject,
          introText: d.introText ?? "",
        },
      };
    }
    case "participant-reminder": {
      const d = mail.data;
      return {
        kind: "reminder",
        variables: {
          recipient: { name: d.recipientName },
          participant: { name: d.recipientName },
          package: { name: d.packageName },
          sender: { name: d.senderName },
          organization: { name: d.organizationName },
        },
      };
    }
    case "package-cancelled": {
      const d = mail.data;
      return {
        kind: "cancellation",
        variables: {
          recipient: { name: d.recipientName },
          participant: { name: d.recipientName },
          package: { name: d.packageName },
          sender: { name: d.cancelledBy },
          organization: { name: d.organizationName },
        },
      };
    }
    case "package-completed": {
      const d = mail.data;
      return {
        kind: "completion",
        variables: {
          recipient: { name: d.recipientName },
          package: { name: d.packageName },
          organization: { name: d.organizationName },
          link: d.link,
        },
      };
    }
    case "consent-withdrawn":
    case "participant-declined": {
      const d = mail.data;
      return {
        kind: mail.template === "consent-withdrawn" ? "consent-withdrawn" : "declined",
        variables: {
          recipient: { name: d.recipientName },
          participant: { name: d.participantName },
          package: { name: d.packageName },
          reason: d.reason ?? "",
          link: d.link,
        },
      };
    }
    case "user-invitation": {
      const d = mail.data;
      return {
        kind: "user-invitation",
        variables: {
          recipient: { name: d.givenName },
          organization: { name: d.organizationName },
          sender: { name: d.inviterName },
          link: d.link,
          expiresInDays: String(d.expiresInDays),
        },
      };
    }
    case "organization-access-granted": {
      const d = mail.data;
      return {
        kind: "organization-access-granted",
        variables: {
          recipient: { name: d.givenName },
          organization: { name: d.organizationName },
          sender: { name: d.inviterName },
          link: d.link,
          expiresInDays: String(d.expiresInDays),
        },
      };
    }
    case "verify-account": {
      const d = mail.data;
      return {
        kind: "verify-account",
        variables: {
          recipient: { name: d.givenName },
          organization: { name: d.organizationName },
          code: d.code,
          expiresInMinutes: String(d.expiresInMinutes),
        },
      };
    }
    case "password-reset": {
      const d = mail.data;
      return {
        kind: "password-reset",
        variables: { recipient: { name: d.givenName }, link: d.link, expiresInMinutes: String(d.expiresInMinutes) },
      };
    }
    case "daily-summary": {
      const d = mail.data;
      return {
        kind: "daily-summary",
        variables: {
          recipient: { name: d.recipientName },
          organization: { name: d.organizationName },
          summary: { events: String(d.events), failed: String(d.failed) },
          summaryLink: d.summaryLink,
          reportLink: d.reportLink,
        },
      };
    }
  }
}

/** The organization's branding settings (primary_color, primary_font_color, logo_url: spec §9). */
export async function readBranding(db: Pick<Db, "organizationSetting">, organizationId: string): Promise<Branding> {
  const values = await readOrganizationSettings(db, organizationId, [
    "primary_color",
    "primary_font_color",
    "logo_url",
  ]);
  return { primaryColor: values.primary_color, fontColor: values.primary_font_color, logoUrl: values.logo_url };
}

export interface OrganizationMailOptions {
  organizationId: string | null;
  /** the recipient's language where known (a participant's language) */
  language?: ParticipantLanguage;
  /** a template picked for this email (package step 3); ignored unless of the right kind */
  templateId?: string | null;
}

const isParticipantKind = (kind: EmailTemplateKind): kind is ParticipantEmailKind =>
  (PARTICIPANT_EMAIL_KINDS as readonly string[]).includes(kind);

/**
 * The organization's template for this email, in the recipient's language: the picked template,
 * else the organization's default of the kind; without one the built-in text (Spanish: the
 * built-in Spanish template; English: the product's own renderer). Organizations write templates
 * in English and Spanish only: in the other participant languages the built-in text of that
 * language always applies (see participant-email-translations.ts); other kinds go in English.
 */
export async function renderOrganizationMail(
  db: Reader,
  mail: MailTemplateInput,
  options: OrganizationMailOptions,
): Promise<RenderedMail & { kind: string }> {
  if (isProductWorded(mail)) return { kind: mail.template, ...(await renderMail(mail)) };
  const { kind, variables } = mailKindAndVariables(mail);
  const { organizationId } = options;
  let language = options.language ?? "en";
  if (language !== "en" && language !== "es" && !isParticipantKind(kind)) language = "en";
  if (mail.template === "participant-reminder") {
    // before the package is out there is no personal link to give, while an organization's reminder
    // template must carry one ({{signingLink}}): the product's own words go
    if (language === "en") return { kind, ...(await renderMail(mail)) };
    const branding = organizationId ? await readBranding(db, organizationId) : DEFAULT_BRANDING;
    return { kind, ...(await renderTemplateContent(LINKLESS_REMINDER[language], variables, branding)) };
  }
  if (language !== "en" && language !== "es") {
    const content = PARTICIPANT_EMAIL_TRANSLATIONS[kind as ParticipantEmailKind][language];
    const branding = organizationId ? await readBranding(db, organizationId) : DEFAULT_BRANDING;
    return { kind, ...(await renderTemplateContent(content, variables, branding)) };
  }
  if (!organizationId) {
    if (language === "es")
      return { kind, ...(await renderTemplateContent(DEFAULT_EMAIL_TEMPLATES[kind].es, variables, DEFAULT_BRANDING)) };
    return { kind, ...(await renderMail(mail)) };
  }
  const picked = options.templateId
    ? await db.emailTemplate.findFirst({ where: { id: options.templateId, organizationId, kind } })
    : null;
  const template =
    picked ??
    (await db.emailTemplate.findFirst({
      where: { organizationId, kind, isDefault: true },
      orderBy: { createdAt: "asc" },
    }));
  let content: EmailTemplateContent | null = null;
  if (template) {
    content =
      language === "es"
        ? template.subjectEs && template.bodyEs
          ? { subject: template.subjectEs, body: template.bodyEs }
          : DEFAULT_EMAIL_TEMPLATES[kind].es
        : { subject: template.subjectEn, body: template.bodyEn };
    // a template saved before required variables were checked: the built-in text, which has them
    if (lacksRequiredVariable(kind, sanitizeTemplateBody(content.body).body))
      content = language === "es" ? DEFAULT_EMAIL_TEMPLATES[kind].es : null;
  } else if (language === "es") {
    content = DEFAULT_EMAIL_TEMPLATES[kind].es;
  }
  if (!content) return { kind, ...(await renderMail(mail)) };
  const branding = await readBranding(db, organizationId);
  if (!(variables.organization as { name?: string } | undefined)?.name) {
    const organization = await db.organization.findUnique({ where: { id: organizationId }, select: { name: true } });
    variables.organization = { name: organization?.name ?? "" };
  }
  return { kind, ...(await renderTemplateContent(content, variables, branding)) };
}
