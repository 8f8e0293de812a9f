import type { OutboundPolicy } from "@signet/contract";
import type { Db } from "../db/prisma-client.ts";
import { outboundFetch } from "../outbound/outbound-fetch.ts";
import type { SmsSender } from "./sms-sender.ts";

/**
 * Posts {to, text} as JSON to the operator's SMS gateway, then records the message so a retried job
 * does not text twice. A non-2xx answer throws: the job retries with backoff.
 */
export function createWebhookSmsSender(
  db: Db,
  url: string,
  token: string | undefined,
  policy: OutboundPolicy,
): SmsSender {
  const fetch = outboundFetch(policy);
  return {
    transport: "webhook",
    async send(sms) {
      const sent = await db.smsMessage.findUnique({ where: { idempotencyKey: sms.idempotencyKey } });
      if (sent) return;
      const response = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify({ to: sms.to, text: sms.text }),
        redirect: "manual",
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new Error(`SMS gateway answered ${response.status}`);
      await db.smsMessage.create({ data: { ...sms, transport: "webhook" } });
    },
  };
}
