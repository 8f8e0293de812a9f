import type { Config } from "../config/config.ts";
import type { Db } from "../db/prisma-client.ts";
import { createMailboxMailer } from "./mailbox-mailer.ts";
import type { Mailer } from "./mailer.ts";
import { createRecordingMailer } from "./recording-mailer.ts";
import { createSmtpMailer } from "./smtp-mailer.ts";

export function createMailer(db: Db, config: Config): Mailer {
  const transport = config.SMTP_URL
    ? createSmtpMailer(db, config.SMTP_URL, config.MAIL_FROM)
    : createMailboxMailer(db, config.MAIL_FROM);
  // every send, from a job or direct, takes the organization's email settings and is recorded
  return createRecordingMailer(db, transport);
}
