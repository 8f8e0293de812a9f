import nodemailer from "nodemailer";
import type { Db } from "../db/prisma-client.ts";
import { fromWithName, type Mailer, mailLogRow, type OutgoingMail } from "./mailer.ts";

/** Delivers through SMTP_URL, then records the message so a retried job does not send twice. */
export function createSmtpMailer(db: Db, smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    transport: "smtp",
    async send(mail: OutgoingMail) {
      const sent = await db.mailMessage.findUnique({ where: { idempotencyKey: mail.idempotencyKey } });
      if (sent) return { answer: null };
      const sender = fromWithName(from, mail.fromName);
      const info = await transport.sendMail({
        from: sender,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
        ...(mail.attachments?.length ? { attachments: mail.attachments } : {}),
      });
      await db.mailMessage.create({
        data: { ...mailLogRow(mail, sender), transport: "smtp", messageId: info.messageId ?? null },
      });
      return { answer: typeof info.response === "string" ? info.response : null };
    },
    async close() {
      transport.close();
    },
  };
}
