import type { Config } from "../config/config.ts";
import type { Db } from "../db/prisma-client.ts";
import { outboundPolicy } from "../outbound/outbound-fetch.ts";
import { createOutboxSmsSender } from "./outbox-sms-sender.ts";
import { createRecordingSmsSender } from "./recording-sms-sender.ts";
import type { SmsSender } from "./sms-sender.ts";
import { createWebhookSmsSender } from "./webhook-sms-sender.ts";

export function createSmsSender(db: Db, config: Config): SmsSender {
  const sender = config.SMS_WEBHOOK_URL
    ? createWebhookSmsSender(db, config.SMS_WEBHOOK_URL, config.SMS_WEBHOOK_TOKEN, outboundPolicy(config))
    : createOutboxSmsSender(db);
  return createRecordingSmsSender(db, sender);
}
