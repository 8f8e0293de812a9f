import type { Db } from "../db/prisma-client.ts";
import { fromWithName, type Mailer, mailLogRow } from "./mailer.ts";

/** The embedded default: mail is kept in the database and shown on the dev mailbox page. */
export function createMailboxMailer(db: Db, from: string): Mailer {
  return {
    transport: "mailbox",
    async send(mail) {
      await db.mailMessage.upsert({
        where: { idempotencyKey: mail.idempotencyKey },
        create: { ...mailLogRow(mail, fromWithName(from, mail.fromName)), transport: "mailbox" },
        update: {},
      });
      return { answer: "Kept in the development mailbox" };
    },
    async close() {},
  };
}
