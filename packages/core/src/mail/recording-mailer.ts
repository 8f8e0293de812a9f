import type { Db } from "../db/prisma-client.ts";
import { readEmailSettings } from "../email-templates/email-settings.ts";
import { recordNotification } from "../notifications/record-notification.ts";
import type { Mailer, OutgoingMail } from "./mailer.ts";

/**
 * Wraps the transport: an organization's email gets its From display text (else MAIL_FROM's own
 * name; invitations fall back to the organization's name themselves) and Reply-To, and every
 * attempt is written to the record of notifications — SENT with the server's answer, or FAILED
 * with its rejection (a bounce at RCPT/DATA) before the error goes on to the job's retry.
 */
export function createRecordingMailer(db: Db, transport: Mailer): Mailer {
  return {
    transport: transport.transport,
    async send(mail: OutgoingMail) {
      let outgoing = mail;
      if (mail.organizationId && (mail.fromName === undefined || mail.replyTo === undefined)) {
        const settings = await readEmailSettings(db, mail.organizationId);
        outgoing = {
          ...mail,
          fromName: mail.fromName === undefined ? settings.fromText || null : mail.fromName,
          replyTo: mail.replyTo === undefined ? settings.replyTo || null : mail.replyTo,
        };
      }
      const entry = {
        messageKey: `email:${mail.idempotencyKey}`,
        organizationId: mail.organizationId,
        channel: "EMAIL" as const,
        kind: mail.kind ?? kindFromKey(mail.idempotencyKey),
        recipient: mail.to,
        subject: mail.subject,
        packageId: mail.packageId ?? null,
        participantId: mail.participantId ?? null,
      };
      try {
        const delivery = await transport.send(outgoing);
        await recordNotification(db, { ...entry, status: "SENT", answer: delivery?.answer ?? null });
        return delivery;
      } catch (error) {
        await recordNotification(db, { ...entry, status: "FAILED", answer: failureAnswer(error) }).catch(() => {});
        throw error;
      }
    },
    close: () => transport.close(),
  };
}

/** The idempotency key's first segment names the message (password-reset:…, package-cancelled:…). */
export function kindFromKey(key: string): string {
  return key.split(":")[0] || "email";
}

/** nodemailer puts the server's reply on `response` (e.g. "550 5.1.1 No such user"). */
export function failureAnswer(error: unknown): string {
  const response = (error as { response?: unknown })?.response;
  const text =
    typeof response === "string" && response ? response : error instanceof Error ? error.message : String(error);
  return text.slice(0, 1000);
}
