import type { Db } from "../db/prisma-client.ts";
import { failureAnswer, kindFromKey } from "../mail/recording-mailer.ts";
import { recordNotification } from "../notifications/record-notification.ts";
import type { OutgoingSms, SmsSender } from "./sms-sender.ts";

/** Every text message attempt is written to the record of notifications (SENT, or FAILED with the error). */
export function createRecordingSmsSender(db: Db, sender: SmsSender): SmsSender {
  return {
    transport: sender.transport,
    async send(sms: OutgoingSms) {
      const entry = {
        messageKey: `sms:${sms.idempotencyKey}`,
        organizationId: sms.organizationId,
        channel: "SMS" as const,
        kind: sms.kind ?? kindFromKey(sms.idempotencyKey),
        recipient: sms.to,
        subject: null,
        packageId: sms.packageId ?? null,
        participantId: sms.participantId ?? null,
      };
      const { kind: _kind, packageId: _packageId, participantId: _participantId, ...message } = sms;
      try {
        await sender.send(message);
        await recordNotification(db, {
          ...entry,
          status: "SENT",
          answer: sender.transport === "outbox" ? "Kept in the development mailbox" : "Accepted by the SMS gateway",
        });
      } catch (error) {
        await recordNotification(db, { ...entry, status: "FAILED", answer: failureAnswer(error) }).catch(() => {});
        throw error;
      }
    },
  };
}
