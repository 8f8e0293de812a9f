import type { Db } from "../db/prisma-client.ts";
import type { SmsSender } from "./sms-sender.ts";

/** The embedded default: texts are kept in the database and shown on the dev mailbox page. */
export function createOutboxSmsSender(db: Db): SmsSender {
  return {
    transport: "outbox",
    async send(sms) {
      await db.smsMessage.upsert({
        where: { idempotencyKey: sms.idempotencyKey },
        create: { ...sms, transport: "outbox" },
        update: {},
      });
    },
  };
}
