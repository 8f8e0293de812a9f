export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface OutgoingMail {
  idempotencyKey: string;
  organizationId: string | null;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** display name in From (the organization's email settings); the address stays MAIL_FROM's */
  fromName?: string | null;
  replyTo?: string | null;
  attachments?: MailAttachment[];
  /** for the record of notifications: the email template kind (else the idempotency key's prefix) */
  kind?: string;
  packageId?: string | null;
  participantId?: string | null;
}

/** What the transport answered: the SMTP server's reply line, when there is one. */
export interface MailDelivery {
  answer: string | null;
}

/** SMTP in production, the dev mailbox in the embedded default; chosen once at start. */
export interface Mailer {
  readonly transport: "smtp" | "mailbox";
  send(mail: OutgoingMail): Promise<MailDelivery | undefined>;
  close(): Promise<void>;
}

/** MAIL_FROM with its display name replaced by the organization's from text, when it has one. */
export function fromWithName(mailFrom: string, fromName: string | null | undefined): string {
  const name = fromName?.replace(/["\r\n<>]/g, "").trim();
  if (!name) return mailFrom;
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  return `"${name}" <${address}>`;
}

/** The columns of the mail log (attachments are not kept; their names are listed in the text). */
export function mailLogRow(mail: OutgoingMail, from: string) {
  return {
    idempotencyKey: mail.idempotencyKey,
    organizationId: mail.organizationId,
    to: mail.to,
    from,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
  };
}
