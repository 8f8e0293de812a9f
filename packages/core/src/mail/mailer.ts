export interface OutgoingMail {
  idempotencyKey: string;
  organizationId: string | null;
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** SMTP in production, the dev mailbox in the embedded default; chosen once at start. */
export interface Mailer {
  readonly transport: "smtp" | "mailbox";
  send(mail: OutgoingMail): Promise<void>;
  close(): Promise<void>;
}
