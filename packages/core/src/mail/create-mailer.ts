import type { Config } from "../config/config.ts";
import type { Db } from "../db/prisma-client.ts";
import { createMailboxMailer } from "./mailbox-mailer.ts";
import type { Mailer } from "./mailer.ts";
import { createSmtpMailer } from "./smtp-mailer.ts";

export function createMailer(db: Db, config: Config): Mailer {
  return config.SMTP_URL
    ? createSmtpMailer(db, config.SMTP_URL, config.MAIL_FROM)
    : createMailboxMailer(db, config.MAIL_FROM);
}
