import { createHash } from "node:crypto";
import type nodemailer from "nodemailer";
import type { Db } from "../db/prisma-client.ts";
import { fromWithName, type Mailer, mailLogRow, type OutgoingMail } from "./mailer.ts";

/**
 * The Message-ID of the message with this idempotency key. SMTP cannot send exactly once: a worker
 * that dies, or cannot record the send, after the server took the message sends it again on the
 * job's retry. With the same Message-ID that resend is the same message, which mail servers and
 * clients show once; a random one per attempt made it a second email. Hashed: keys hold addresses.
 */
function messageIdFor(idempotencyKey: string, from: string): string {
  const address = /<([^>]+)>/.exec(from)?.[1] ?? from.trim();
  const domain = address.split("@")[1] || "signet.invalid";
  return `<${createHash("sha256").update(idempotencyKey).digest("hex").slice(0, 40)}@${domain}>`;
}

/** Delivers through SMTP_URL, then records the message so a retried job does not send twice. */
export function createSmtpMailer(db: Db, smtpUrl: string, from: string): Mailer {
  // nodemailer loads with the first message, not with every process that may send one
  let transport: Promise<ReturnType<typeof nodemailer.createTransport>> | undefined;
  const openTransport = () => {
    transport ??= import("nodemailer").then((module) => module.default.createTransport(smtpUrl));
    return transport;
  };
  return {
    transport: "smtp",
    async send(mail: OutgoingMail) {
      const sent = await db.mailMessage.findUnique({ where: { idempotencyKey: mail.idempotencyKey } });
      if (sent) return { answer: null };
      const sender = fromWithName(from, mail.fromName);
      const info = await (await openTransport()).sendMail({
        messageId: messageIdFor(mail.idempotencyKey, from),
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
      // a transport that never opened (its import failed) has nothing to close
      (await transport?.catch(() => undefined))?.close();
    },
  };
}
