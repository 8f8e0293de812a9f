import { z } from "zod";
import { DEFAULTS } from "./constants.ts";
import { ID } from "./ids.ts";
import { MAIL_HEADER_TEXT, MAIL_HEADER_TEXT_MESSAGE } from "./mail-header-text.ts";
import { NOTIFICATION_CHANNELS, NOTIFICATION_STATUSES } from "./notification-record-values.ts";
import { pageQuerySchema, pageSchema, versionQuerySchema } from "./paging.ts";
import { recordCreatedAt, recordUpdatedAt } from "./record-fields.ts";
import { defineRouteEntry as define } from "./route-def.ts";

// Email templates, email settings and the record of notifications (issue 14 §2; spec §1 email
// templates and notifications, §3 email settings fromText/replyTo, §7 email settings PUT with query).

export const EMAIL_LANGUAGES = ["en", "es"] as const;
export type EmailLanguage = (typeof EMAIL_LANGUAGES)[number];
export const EMAIL_LANGUAGE_LABELS: Record<EmailLanguage, string> = { en: "English", es: "Spanish" };

/** Every message the product emails, one template kind each. */
export const EMAIL_TEMPLATE_KINDS = [
  "invitation",
  "reminder",
  "cancellation",
  "completion",
  "consent-withdrawn",
  "declined",
  "expiring-soon",
  "user-invitation",
  "organization-access-granted",
  "verify-account",
  "password-reset",
  "daily-summary",
] as const;
export type EmailTemplateKind = (typeof EMAIL_TEMPLATE_KINDS)[number];

export interface EmailTemplateVariable {
  name: string;
  description: string;
  /** what the live preview shows */
  sample: string;
}

const v = (name: string, description: string, sample: string): EmailTemplateVariable => ({ name, description, sample });
const BRAND = [
  v("brand.primaryColor", "The organization's primary colour (branding settings)", "#1c7ed6"),
  v("brand.fontColor", "The text colour on the primary colour", "#ffffff"),
];
const ORGANIZATION = v("organization.name", "The organization's name", "First Street Bank");
const PACKAGE = v("package.name", "The package's name", "Home loan — 12 Elm Street");
const PARTICIPANT = v("participant.name", "The participant's name", "Maria Lopez");
const RECIPIENT = v("recipient.name", "The name of the person the email goes to", "Maria Lopez");
const SENDER = v("sender.name", "The member who sent the package (or invited the user)", "Sam Sender");
const SIGNING_LINK = v(
  "signingLink",
  "The participant's personal link to the documents",
  "https://sign.example.com/s/abc",
);
const LINK = v("link", "The link the email leads to", "https://app.example.com/packages/123");
const REASON = v("reason", "The participant's reason, when given", "The rate is wrong");

export interface EmailTemplateKindInfo {
  label: string;
  description: string;
  variables: EmailTemplateVariable[];
  /** package invitation templates can be picked per package (step 3) */
  perPackage?: boolean;
}

export const EMAIL_TEMPLATE_KIND_INFO: Record<EmailTemplateKind, EmailTemplateKindInfo> = {
  invitation: {
    label: "Package invitation",
    description: "Sent to each participant when the package goes out",
    perPackage: true,
    variables: [
      RECIPIENT,
      PARTICIPANT,
      PACKAGE,
      SENDER,
      ORGANIZATION,
      SIGNING_LINK,
      v("expiresAt", "When the personal link stops working", "Fri, 28 Nov 2026 17:00:00 GMT"),
      v("subject", "The subject chosen in the package's step 3", DEFAULTS.emailSubject),
      v("introText", "The introduction written in the package's step 3", "Please sign by Friday."),
      ...BRAND,
    ],
  },
  reminder: {
    label: "Reminder",
    description: "Sent when a sender (or the schedule) reminds a participant",
    variables: [RECIPIENT, PARTICIPANT, PACKAGE, SENDER, ORGANIZATION, SIGNING_LINK, ...BRAND],
  },
  cancellation: {
    label: "Package cancelled",
    description: "Sent to participants when the package is cancelled",
    variables: [RECIPIENT, PARTICIPANT, PACKAGE, SENDER, ORGANIZATION, ...BRAND],
  },
  completion: {
    label: "Package completed (with copies)",
    description: "Sent to the sender and to participants with the link to their sealed copies",
    variables: [RECIPIENT, PACKAGE, ORGANIZATION, LINK, ...BRAND],
  },
  "consent-withdrawn": {
    label: "Consent withdrawn",
    description: "Sent to the sender when a participant withdraws e-sign consent",
    variables: [RECIPIENT, PARTICIPANT, PACKAGE, ORGANIZATION, REASON, LINK, ...BRAND],
  },
  declined: {
    label: "Declined to sign",
    description: "Sent to the sender when a participant declines",
    variables: [RECIPIENT, PARTICIPANT, PACKAGE, ORGANIZATION, REASON, LINK, ...BRAND],
  },
  "expiring-soon": {
    label: "Expiring soon",
    description: "Sent to participants a few days before the package expires",
    variables: [
      RECIPIENT,
      PARTICIPANT,
      PACKAGE,
      SENDER,
      ORGANIZATION,
      SIGNING_LINK,
      v("expiresAt", "When the package expires", "Fri, 28 Nov 2026 17:00:00 GMT"),
      ...BRAND,
    ],
  },
  "user-invitation": {
    label: "User invitation",
    description: "Sent to a person invited to join the organization",
    variables: [
      RECIPIENT,
      ORGANIZATION,
      SENDER,
      LINK,
      v("expiresInDays", "Days until the invitation expires", "7"),
      ...BRAND,
    ],
  },
  "organization-access-granted": {
    label: "Request to join",
    description: "Sent to someone who already has an account, asking them to accept or decline membership",
    variables: [
      RECIPIENT,
      ORGANIZATION,
      SENDER,
      LINK,
      v("expiresInDays", "Days until the request expires", "7"),
      ...BRAND,
    ],
  },
  "verify-account": {
    label: "Verification code",
    description: "Sent during sign-up with the six-digit code",
    variables: [
      RECIPIENT,
      ORGANIZATION,
      v("code", "The six-digit code", "123456"),
      v("expiresInMinutes", "Minutes until the code expires", "15"),
      ...BRAND,
    ],
  },
  "password-reset": {
    label: "Password reset",
    description: "Sent when a user asks to reset their password",
    variables: [RECIPIENT, ORGANIZATION, LINK, v("expiresInMinutes", "Minutes until the link expires", "60"), ...BRAND],
  },
  "daily-summary": {
    label: "Daily summary",
    description: "Sent each morning to members whose packages changed in the last day",
    variables: [
      RECIPIENT,
      ORGANIZATION,
      v("summary.events", "How many things happened to their packages", "5"),
      v("summary.failed", "How many emails or texts to their participants failed", "1"),
      v(
        "summaryLink",
        "Link to the summary page (no sign-in needed, expires)",
        "https://app.example.com/notification-summary?token=…",
      ),
      v(
        "reportLink",
        "Link to the failed deliveries (no sign-in needed, expires)",
        "https://app.example.com/notification-report?token=…",
      ),
      ...BRAND,
    ],
  },
};

export const emailTemplateContentSchema = z
  .object({
    subject: z
      .string()
      .trim()
      .min(1, "Enter a subject")
      .max(255)
      .regex(MAIL_HEADER_TEXT, MAIL_HEADER_TEXT_MESSAGE)
      .describe("Plain text with {{variables}}"),
    body: z
      .string()
      .trim()
      .min(1, "Enter the message")
      .max(50_000)
      .describe("HTML with {{variables}} (always escaped)"),
  })
  .meta({ id: "EmailTemplateContent", description: "An email's subject and HTML message in one language" });
export type EmailTemplateContent = z.infer<typeof emailTemplateContentSchema>;

/** The email's call to action: a button in the organization's colours; the caller closes it with </a></p>. */
export const button = (link: string) =>
  `<p><a href="{{${link}}}" style="display:inline-block;background:{{brand.primaryColor}};color:{{brand.fontColor}};padding:10px 18px;border-radius:4px;text-decoration:none">`;

/** The built-in text of every kind in both languages: what "Restore default" puts back. */
export const DEFAULT_EMAIL_TEMPLATES: Record<EmailTemplateKind, Record<EmailLanguage, EmailTemplateContent>> = {
  invitation: {
    en: {
      subject: "{{subject}}",
      body: `<p>Hello {{recipient.name}},</p>\n<p>{{organization.name}} sent you the documents of "{{package.name}}" to review and sign electronically.</p>\n<p>{{introText}}</p>\n${button("signingLink")}Review documents</a></p>\n<p style="color:#4a5560;font-size:13px">This link is personal: do not forward it. It works once and until {{expiresAt}}; if it stops working, open it anyway and ask for a new one.</p>\n<p>{{sender.name}}<br>{{organization.name}}</p>`,
    },
    es: {
      subject: "{{subject}}",
      body: `<p>Hola {{recipient.name}}:</p>\n<p>{{organization.name}} le envió los documentos de "{{package.name}}" para revisarlos y firmarlos electrónicamente.</p>\n<p>{{introText}}</p>\n${button("signingLink")}Revisar documentos</a></p>\n<p style="color:#4a5560;font-size:13px">Este enlace es personal: no lo reenvíe. Funciona una vez y hasta {{expiresAt}}; si deja de funcionar, ábralo y pida uno nuevo.</p>\n<p>{{sender.name}}<br>{{organization.name}}</p>`,
    },
  },
  reminder: {
    en: {
      subject: "Reminder: {{package.name}} is waiting for you",
      body: `<p>Hello {{recipient.name}},</p>\n<p>This is a reminder from {{sender.name}} of <strong>{{organization.name}}</strong>: the documents of <strong>{{package.name}}</strong> are waiting for you.</p>\n${button("signingLink")}Review documents</a></p>\n<p>If you have questions, contact {{organization.name}}.</p>`,
    },
    es: {
      subject: "Recordatorio: {{package.name}} le espera",
      body: `<p>Hola {{recipient.name}}:</p>\n<p>Este es un recordatorio de {{sender.name}} de <strong>{{organization.name}}</strong>: los documentos de <strong>{{package.name}}</strong> le esperan.</p>\n${button("signingLink")}Revisar documentos</a></p>\n<p>Si tiene preguntas, comuníquese con {{organization.name}}.</p>`,
    },
  },
  cancellation: {
    en: {
      subject: "{{package.name}} has been cancelled",
      body: `<p>Hello {{recipient.name}},</p>\n<p>{{sender.name}} of <strong>{{organization.name}}</strong> cancelled the document package <strong>{{package.name}}</strong>. You no longer need to review or sign its documents, and earlier links no longer work.</p>\n<p>If you have questions, contact {{organization.name}}.</p>`,
    },
    es: {
      subject: "{{package.name}} ha sido cancelado",
      body: `<p>Hola {{recipient.name}}:</p>\n<p>{{sender.name}} de <strong>{{organization.name}}</strong> canceló el paquete de documentos <strong>{{package.name}}</strong>. Ya no necesita revisar ni firmar sus documentos, y los enlaces anteriores ya no funcionan.</p>\n<p>Si tiene preguntas, comuníquese con {{organization.name}}.</p>`,
    },
  },
  completion: {
    en: {
      subject: "Completed: {{package.name}}",
      body: `<p>Hello {{recipient.name}},</p>\n<p>Everyone has finished <strong>{{package.name}}</strong>. Its documents are sealed and the certificate of completion is ready.</p>\n${button("link")}Open your documents</a></p>\n<p>{{organization.name}}</p>`,
    },
    es: {
      subject: "Completado: {{package.name}}",
      body: `<p>Hola {{recipient.name}}:</p>\n<p>Todos terminaron <strong>{{package.name}}</strong>. Sus documentos están sellados y el certificado de finalización está listo.</p>\n${button("link")}Abrir sus documentos</a></p>\n<p>{{organization.name}}</p>`,
    },
  },
  "consent-withdrawn": {
    en: {
      subject: "E-sign consent withdrawn: {{package.name}}",
      body: `<p>Hello {{recipient.name}},</p>\n<p><strong>{{participant.name}}</strong> withdrew consent to do business electronically for <strong>{{package.name}}</strong>. Their reason: {{reason}}</p>\n<p>What was already signed stays valid; the remaining documents can go to paper.</p>\n${button("link")}Open the package</a></p>`,
    },
    es: {
      subject: "Consentimiento de firma electrónica retirado: {{package.name}}",
      body: `<p>Hola {{recipient.name}}:</p>\n<p><strong>{{participant.name}}</strong> retiró su consentimiento para hacer negocios electrónicamente en <strong>{{package.name}}</strong>. Su motivo: {{reason}}</p>\n<p>Lo ya firmado sigue siendo válido; los documentos restantes pueden pasar a papel.</p>\n${button("link")}Abrir el paquete</a></p>`,
    },
  },
  declined: {
    en: {
      subject: "Declined to sign: {{package.name}}",
      body: `<p>Hello {{recipient.name}},</p>\n<p><strong>{{participant.name}}</strong> declined to sign <strong>{{package.name}}</strong>. Their reason: {{reason}}</p>\n<p>Correct or cancel the package to go on.</p>\n${button("link")}Open the package</a></p>`,
    },
    es: {
      subject: "Se negó a firmar: {{package.name}}",
      body: `<p>Hola {{recipient.name}}:</p>\n<p><strong>{{participant.name}}</strong> se negó a firmar <strong>{{package.name}}</strong>. Su motivo: {{reason}}</p>\n<p>Corrija o cancele el paquete para continuar.</p>\n${button("link")}Abrir el paquete</a></p>`,
    },
  },
  "expiring-soon": {
    en: {
      subject: "{{package.name}} expires soon",
      body: `<p>Hello {{recipient.name}},</p>\n<p>The documents of <strong>{{package.name}}</strong> from {{organization.name}} are waiting for you and expire on {{expiresAt}}.</p>\n${button("signingLink")}Review documents</a></p>`,
    },
    es: {
      subject: "{{package.name}} vence pronto",
      body: `<p>Hola {{recipient.name}}:</p>\n<p>Los documentos de <strong>{{package.name}}</strong> de {{organization.name}} le esperan y vencen el {{expiresAt}}.</p>\n${button("signingLink")}Revisar documentos</a></p>`,
    },
  },
  "user-invitation": {
    en: {
      subject: "You are invited to join {{organization.name}} on Signet",
      body: `<p>Hello {{recipient.name}},</p>\n<p>{{sender.name}} invited you to join <strong>{{organization.name}}</strong> on Signet.</p>\n${button("link")}Create your account</a></p>\n<p>The invitation expires in {{expiresInDays}} days. If you were not expecting it, ignore this email.</p>`,
    },
    es: {
      subject: "Le invitan a unirse a {{organization.name}} en Signet",
      body: `<p>Hola {{recipient.name}}:</p>\n<p>{{sender.name}} le invitó a unirse a <strong>{{organization.name}}</strong> en Signet.</p>\n${button("link")}Crear su cuenta</a></p>\n<p>La invitación vence en {{expiresInDays}} días. Si no la esperaba, ignore este correo.</p>`,
    },
  },
  "organization-access-granted": {
    en: {
      subject: "{{sender.name}} asks you to join {{organization.name}} on Signet",
      body: `<p>Hello {{recipient.name}},</p>\n<p>{{sender.name}} asks you to join <strong>{{organization.name}}</strong> on Signet with your existing account. You become a member only if you accept.</p>\n${button("link")}Accept or decline</a></p>\n<p>The request expires in {{expiresInDays}} days. If you do not know this organization, decline or ignore this email.</p>`,
    },
    es: {
      subject: "{{sender.name}} le pide unirse a {{organization.name}} en Signet",
      body: `<p>Hola {{recipient.name}}:</p>\n<p>{{sender.name}} le pide unirse a <strong>{{organization.name}}</strong> en Signet con su cuenta actual. Solo será miembro si acepta.</p>\n${button("link")}Aceptar o rechazar</a></p>\n<p>La solicitud vence en {{expiresInDays}} días. Si no conoce esta organización, rechácela o ignore este correo.</p>`,
    },
  },
  "verify-account": {
    en: {
      subject: "Your Signet verification code",
      body: `<p>Hello {{recipient.name}},</p>\n<p>Your verification code for joining <strong>{{organization.name}}</strong> on Signet is:</p>\n<p style="font-size:28px;letter-spacing:6px;font-weight:bold">{{code}}</p>\n<p>Enter it on the sign-up page within {{expiresInMinutes}} minutes. If you did not sign up, ignore this email.</p>`,
    },
    es: {
      subject: "Su código de verificación de Signet",
      body: `<p>Hola {{recipient.name}}:</p>\n<p>Su código de verificación para unirse a <strong>{{organization.name}}</strong> en Signet es:</p>\n<p style="font-size:28px;letter-spacing:6px;font-weight:bold">{{code}}</p>\n<p>Ingréselo en la página de registro dentro de {{expiresInMinutes}} minutos. Si no se registró, ignore este correo.</p>`,
    },
  },
  "password-reset": {
    en: {
      subject: "Reset your Signet password",
      body: `<p>Hello {{recipient.name}},</p>\n<p>We received a request to reset your Signet password.</p>\n${button("link")}Choose a new password</a></p>\n<p>The link works once and expires in {{expiresInMinutes}} minutes. If you did not ask for this, ignore this email: your password stays as it is.</p>`,
    },
    es: {
      subject: "Restablezca su contraseña de Signet",
      body: `<p>Hola {{recipient.name}}:</p>\n<p>Recibimos una solicitud para restablecer su contraseña de Signet.</p>\n${button("link")}Elegir una contraseña nueva</a></p>\n<p>El enlace funciona una vez y vence en {{expiresInMinutes}} minutos. Si no lo pidió, ignore este correo: su contraseña no cambia.</p>`,
    },
  },
  "daily-summary": {
    en: {
      subject: "Your packages yesterday: {{summary.events}} updates, {{summary.failed}} failed deliveries",
      body: `<p>Hello {{recipient.name}},</p>\n<p>In the last day {{summary.events}} things happened to your packages at {{organization.name}}, and {{summary.failed}} emails or texts to your participants failed.</p>\n${button("summaryLink")}See what happened</a></p>\n<p><a href="{{reportLink}}">See the failed deliveries</a></p>\n<p style="color:#4a5560;font-size:13px">These links work without signing in for seven days: do not forward this email.</p>`,
    },
    es: {
      subject: "Sus paquetes ayer: {{summary.events}} novedades, {{summary.failed}} envíos fallidos",
      body: `<p>Hola {{recipient.name}}:</p>\n<p>En el último día ocurrieron {{summary.events}} cosas en sus paquetes de {{organization.name}}, y fallaron {{summary.failed}} correos o mensajes a sus participantes.</p>\n${button("summaryLink")}Ver lo ocurrido</a></p>\n<p><a href="{{reportLink}}">Ver los envíos fallidos</a></p>\n<p style="color:#4a5560;font-size:13px">Estos enlaces funcionan sin iniciar sesión durante siete días: no reenvíe este correo.</p>`,
    },
  },
};

export const EMAIL_TEMPLATE_MESSAGES = {
  notFound: "Email template not found",
  saved: "Email template saved.",
  savedWithoutUnsafeHtml:
    "Email template saved. HTML that emails may not carry (scripts, frames, event handlers, unsafe addresses) was removed.",
  restored: "Default restored.",
  deleted: "Email template deleted.",
  wrongKind: "Pick an email template of kind Package invitation.",
  settingsUpdated: "Email settings updated.",
  linkInvalid: "This link is not valid. Open the newest summary email, or sign in to see your packages.",
  linkExpired: "This link has expired. Open the newest summary email, or sign in to see your packages.",
} as const;

const kind = z
  .enum(EMAIL_TEMPLATE_KINDS)
  .describe(
    "Which email the template is for: invitation, reminder, cancellation, completion, consent-withdrawn, declined, expiring-soon (to participants); user-invitation, organization-access-granted, verify-account, password-reset, daily-summary (to members)",
  );
const language = z.enum(EMAIL_LANGUAGES).describe("en (English) or es (Spanish)");

export const emailTemplateSchema = z
  .object({
    id: z.uuid().describe("The email template's id"),
    organizationId: ID.organizationId,
    kind,
    name: z.string().describe("The template's name, shown to senders who pick an invitation template"),
    isDefault: z.boolean().describe("Used for its kind when a package picks no template"),
    contents: z
      .object({ en: emailTemplateContentSchema, es: emailTemplateContentSchema.nullable() })
      .describe("Spanish null: Spanish-speaking recipients get the built-in Spanish text"),
    version: z.number().int().describe("Send back on update, restore and delete (optimistic locking)"),
    lastUpdatedAt: recordUpdatedAt,
    unsafeHtmlRemoved: z
      .boolean()
      .optional()
      .describe(
        "In the answer to a save: true when tags or attributes emails may not carry (scripts, frames, event handlers, addresses other than web and mailto links and https images) were removed from the message",
      ),
  })
  .meta({ id: "EmailTemplate" });
export type EmailTemplate = z.infer<typeof emailTemplateSchema>;

export const emailTemplateListSchema = pageSchema(emailTemplateSchema).meta({ id: "EmailTemplateList" });
export type EmailTemplateList = z.infer<typeof emailTemplateListSchema>;

const contents = z
  .object({ en: emailTemplateContentSchema, es: emailTemplateContentSchema.nullable().default(null) })
  .describe("The English text, and the Spanish one (null: the built-in Spanish text)");
const name = z
  .string()
  .trim()
  .min(1, "Enter a name")
  .max(100)
  .describe("The template's name, shown to senders who pick an invitation template (1–100 characters)");

export const createEmailTemplateSchema = z
  .object({
    kind,
    name,
    isDefault: z
      .boolean()
      .default(true)
      .describe(
        "Use it for its kind when a package picks no template (default true; the previous default stops being one)",
      ),
    contents,
  })
  .meta({ id: "CreateEmailTemplate" });
export type CreateEmailTemplate = z.input<typeof createEmailTemplateSchema>;

export const updateEmailTemplateSchema = z
  .object({
    version: z
      .number()
      .int()
      .min(1)
      .describe(
        "The version last read (optimistic locking): if someone changed the record since, the request answers 409",
      ),
    name: name.optional(),
    isDefault: z
      .boolean()
      .optional()
      .describe("Use it for its kind when a package picks no template; leave out to keep"),
    contents: contents.optional(),
  })
  .meta({ id: "UpdateEmailTemplate" });
export type UpdateEmailTemplate = z.input<typeof updateEmailTemplateSchema>;

export const restoreEmailTemplateSchema = z
  .object({ version: z.number().int().min(1).describe("The template's version last read (optimistic locking)") })
  .meta({ id: "RestoreEmailTemplate" });

export const emailTemplateListQuerySchema = z.object({ kind: kind.optional().describe("Only templates of this kind") });

export const previewEmailTemplateSchema = z
  .object({
    kind,
    language: language.default("en").describe("The language of the sample data and the built-in parts (default en)"),
    content: emailTemplateContentSchema,
  })
  .meta({ id: "PreviewEmailTemplate" });
export type PreviewEmailTemplate = z.input<typeof previewEmailTemplateSchema>;

export const renderedEmailSchema = z
  .object({
    subject: z.string().describe("The subject with the sample data filled in"),
    html: z.string().describe("The whole HTML part, branded, with sample data"),
    text: z.string().describe("The text part"),
  })
  .meta({ id: "RenderedEmail" });
export type RenderedEmail = z.infer<typeof renderedEmailSchema>;

/** The organization's email settings (spec §3: fromText, replyTo). */
export const emailSettingsSchema = z
  .object({
    fromText: z.string().describe("Display name in From; empty: the organization's name"),
    replyTo: z.string().describe("Reply-To address; empty: none"),
  })
  .meta({ id: "EmailSettings" });
export type EmailSettings = z.infer<typeof emailSettingsSchema>;

/** Spec §7: PUT with query parameters. Each one left out keeps its value; an empty one clears it. */
export const updateEmailSettingsQuerySchema = z.object({
  fromText: z
    .string()
    .trim()
    .max(100)
    .regex(MAIL_HEADER_TEXT, MAIL_HEADER_TEXT_MESSAGE)
    .optional()
    .describe("Display name in From"),
  replyTo: z
    .union([z.literal(""), z.email("Enter an email address like name@example.com")])
    .optional()
    .describe("Reply-To address"),
});

/** The setting keys (OrganizationSetting) behind the email settings, for the settings registry. */
export const EMAIL_SETTING_KEYS = { fromText: "email_from_text", replyTo: "email_reply_to" } as const;

// ——— the record of notifications ———

const CHANNEL_TEXT = "EMAIL: an email; SMS: a text message";

export const notificationRecordSchema = z
  .object({
    id: z.uuid().describe("The notification record's id"),
    organizationId: ID.organizationId.nullable(),
    organizationName: z
      .string()
      .nullable()
      .describe("The organization's name; null for a message sent for no organization"),
    channel: z.enum(NOTIFICATION_CHANNELS).describe(CHANNEL_TEXT),
    kind: z.string().describe("What the message was: an email template kind, verification-code, webhook-suspended…"),
    recipient: z.string().describe("Masked: the first letter and the domain of an email, the last 4 digits of a phone"),
    subject: z.string().nullable().describe("The email's subject; null for a text message"),
    packageId: ID.packageId.nullable(),
    participantId: ID.participantId.nullable(),
    status: z
      .enum(NOTIFICATION_STATUSES)
      .describe("SENT: the mail server or SMS provider accepted it; FAILED: every attempt failed"),
    answer: z.string().nullable().describe("The mail server's answer, or the error"),
    attempts: z.number().int().describe("How many times sending was tried"),
    createdAt: recordCreatedAt,
    lastAttemptAt: z.string().describe("When sending was last tried (ISO 8601 time)"),
  })
  .meta({ id: "NotificationRecord" });
export type NotificationRecord = z.infer<typeof notificationRecordSchema>;

export const notificationRecordListSchema = pageSchema(notificationRecordSchema).meta({ id: "NotificationRecordList" });
export type NotificationRecordList = z.infer<typeof notificationRecordListSchema>;

export const notificationRecordQuerySchema = pageQuerySchema(["lastAttemptAt"], "lastAttemptAt").extend({
  sortDirection: z
    .enum(["asc", "desc"])
    .default("desc")
    .describe("asc: oldest first; desc (the default): newest first"),
  organizationId: ID.organizationId.optional().describe("Only messages sent for this organization"),
  kind: z.string().trim().max(100).optional().describe("Only messages of this kind, e.g. invitation"),
  channel: z.enum(NOTIFICATION_CHANNELS).optional().describe("Only emails (EMAIL) or text messages (SMS)"),
  status: z.enum(NOTIFICATION_STATUSES).optional().describe("Only sent (SENT) or failed (FAILED) messages"),
  from: z.iso.date().optional().describe("First day (UTC), inclusive"),
  to: z.iso.date().optional().describe("Last day (UTC), inclusive"),
  recipient: z.string().trim().max(320).optional().describe("The full email address or phone number"),
});
export type NotificationRecordQuery = z.infer<typeof notificationRecordQuerySchema>;

export const notificationLinkQuerySchema = z.object({
  token: z.string().min(1).max(2000).describe("The signed, expiring token from the daily summary email"),
});

export const notificationSummarySchema = z
  .object({
    recipientName: z.string().describe("The name of the member the summary was sent to"),
    organizationName: z.string().describe("The organization's name"),
    from: z.string().describe("Start of the period summarized (ISO 8601 time)"),
    to: z.string().describe("End of the period summarized (ISO 8601 time)"),
    packages: z
      .array(
        z.object({
          id: ID.packageId,
          name: z.string().describe("The package's name"),
          status: z.string().describe("The package's status now (see Package.status)"),
          events: z
            .array(
              z.object({
                at: z.string().describe("When it happened (ISO 8601 time)"),
                sentence: z.string().describe("What happened, in a sentence"),
              }),
            )
            .describe("What happened to the package in the period, oldest first"),
        }),
      )
      .describe("The member's packages that changed in the period"),
    failedDeliveries: z
      .number()
      .int()
      .describe("Emails and text messages about those packages that failed in the period"),
  })
  .meta({ id: "NotificationSummary" });
export type NotificationSummary = z.infer<typeof notificationSummarySchema>;

export const notificationReportSchema = z
  .object({
    recipientName: z.string().describe("The name of the member the summary was sent to"),
    organizationName: z.string().describe("The organization's name"),
    from: z.string().describe("Start of the period reported (ISO 8601 time)"),
    to: z.string().describe("End of the period reported (ISO 8601 time)"),
    records: z
      .array(
        z.object({
          packageName: z.string().nullable().describe("The package the message was about; null: none"),
          channel: z.enum(NOTIFICATION_CHANNELS).describe(CHANNEL_TEXT),
          kind: z.string().describe("What the message was, e.g. invitation"),
          recipient: z.string().describe("Who it was sent to, masked like NotificationRecord.recipient"),
          answer: z.string().nullable().describe("The mail server's answer, or the error"),
          at: z.string().describe("When sending failed (ISO 8601 time)"),
        }),
      )
      .describe("The failed deliveries of the period, oldest first"),
  })
  .meta({ id: "NotificationReport" });
export type NotificationReport = z.infer<typeof notificationReportSchema>;

const orgParams = z.object({ orgId: ID.orgId });
const templateParams = orgParams.extend({ templateId: ID.templateId.describe("The email template's id") });
const readers = ["VIEW_ADMIN_SETTINGS", "MANAGE_ADMIN_SETTINGS"] as const;
const admins = ["MANAGE_ADMIN_SETTINGS"] as const;
const common = { base: "api", version: 1, auth: "user", tags: ["email-templates"] } as const;

export const emailTemplateRoutes = {
  listEmailTemplates: define({
    ...common,
    method: "GET",
    path: "/organizations/:orgId/email-templates",
    permission: [...readers, "MANAGE_DOCUMENTS_PACKAGES"],
    summary:
      "The organization's email templates (kinds without one use the built-in text); members who manage packages may list the invitation templates, to pick one in step 3",
    params: orgParams,
    query: emailTemplateListQuerySchema,
    response: emailTemplateListSchema,
    status: 200,
  }),
  createEmailTemplate: define({
    ...common,
    method: "POST",
    path: "/organizations/:orgId/email-templates",
    permission: admins,
    summary: "Add an email template; unknown {{variables}} are refused",
    params: orgParams,
    body: createEmailTemplateSchema,
    response: emailTemplateSchema,
    status: 201,
  }),
  previewEmailTemplate: define({
    ...common,
    method: "POST",
    path: "/organizations/:orgId/email-templates/preview",
    permission: readers,
    summary: "Render a template with sample data and the organization's branding (nothing is saved)",
    params: orgParams,
    body: previewEmailTemplateSchema,
    response: renderedEmailSchema,
    status: 200,
  }),
  getEmailTemplate: define({
    ...common,
    method: "GET",
    path: "/organizations/:orgId/email-templates/:templateId",
    permission: readers,
    summary: "One email template",
    params: templateParams,
    response: emailTemplateSchema,
    status: 200,
  }),
  updateEmailTemplate: define({
    ...common,
    method: "PUT",
    path: "/organizations/:orgId/email-templates/:templateId",
    permission: admins,
    summary: "Change an email template at its version",
    params: templateParams,
    body: updateEmailTemplateSchema,
    response: emailTemplateSchema,
    status: 200,
  }),
  restoreEmailTemplate: define({
    ...common,
    method: "POST",
    path: "/organizations/:orgId/email-templates/:templateId/restore-default",
    permission: admins,
    summary: "Put the built-in subject and message back (English and Spanish)",
    params: templateParams,
    body: restoreEmailTemplateSchema,
    response: emailTemplateSchema,
    status: 200,
  }),
  deleteEmailTemplate: define({
    ...common,
    method: "DELETE",
    path: "/organizations/:orgId/email-templates/:templateId",
    permission: admins,
    summary: "Delete an email template (packages that picked it use the default again)",
    params: templateParams,
    query: versionQuerySchema,
    response: null,
    status: 204,
  }),
  getEmailSettings: define({
    ...common,
    method: "GET",
    path: "/organizations/:orgId/email-settings",
    permission: readers,
    summary: "The organization's email settings: From display text and Reply-To",
    params: orgParams,
    response: emailSettingsSchema,
    status: 200,
  }),
  updateEmailSettings: define({
    ...common,
    method: "PUT",
    path: "/organizations/:orgId/email-settings",
    permission: admins,
    summary: "Set the From display text and Reply-To (query parameters, spec §7); used by every email",
    params: orgParams,
    query: updateEmailSettingsQuerySchema,
    response: emailSettingsSchema,
    status: 200,
  }),
  listNotificationRecords: define({
    ...common,
    tags: ["notifications"],
    method: "GET",
    path: "/notification-records",
    summary: "Support users: every email and text message sent or failed, across organizations",
    query: notificationRecordQuerySchema,
    response: notificationRecordListSchema,
    status: 200,
  }),
  getNotificationSummary: define({
    ...common,
    auth: "none",
    tags: ["notifications"],
    method: "GET",
    path: "/notification-summary",
    summary: "Public with a signed link: what happened to the sender's packages in the last day",
    query: notificationLinkQuerySchema,
    response: notificationSummarySchema,
    status: 200,
  }),
  getNotificationReport: define({
    ...common,
    auth: "none",
    tags: ["notifications"],
    method: "GET",
    path: "/notification-report",
    summary: "Public with a signed link: the deliveries to the sender's participants that failed in the last day",
    query: notificationLinkQuerySchema,
    response: notificationReportSchema,
    status: 200,
  }),
};
