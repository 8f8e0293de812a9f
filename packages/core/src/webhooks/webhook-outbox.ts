import type { Prisma } from "../db/generated/client.ts";

// The outbox row is written here directly rather than through enqueueOutbox: the audit hook writes
// it, and enqueueOutbox's job registry imports the delivery job, which imports the audit hook.
export const WEBHOOK_QUEUE = "webhook";
export const WEBHOOK_DELIVER_JOB = "webhook.deliver";

export interface WebhookAttemptRef {
  endpointId: string;
  eventId: string;
  /** 0: the automatic series; each manual redelivery starts the next one */
  series: number;
  attempt: number;
}

/** Schedules one delivery attempt; a second schedule of the same attempt is a no-op. */
export async function enqueueWebhookAttempt(tx: Prisma.TransactionClient, ref: WebhookAttemptRef, availableAt?: Date) {
  const idempotencyKey = `webhook:${ref.endpointId}:${ref.eventId}:${ref.series}:${ref.attempt}`;
  await tx.outboxMessage.upsert({
    where: { idempotencyKey },
    create: {
      queue: WEBHOOK_QUEUE,
      jobName: WEBHOOK_DELIVER_JOB,
      payload: { kind: "attempt", ...ref },
      idempotencyKey,
      availableAt: availableAt ?? new Date(),
    },
    update: {},
  });
}

/** Schedules the email telling one administrator that an endpoint was suspended. */
export async function enqueueSuspensionNotice(
  tx: Prisma.TransactionClient,
  notice: { endpointId: string; organizationId: string; to: string; suspendedAt: Date },
) {
  const idempotencyKey = `webhook-suspended:${notice.endpointId}:${notice.suspendedAt.getTime()}:${notice.to}`;
  await tx.outboxMessage.upsert({
    where: { idempotencyKey },
    create: {
      queue: WEBHOOK_QUEUE,
      jobName: WEBHOOK_DELIVER_JOB,
      payload: {
        kind: "suspension-notice",
        endpointId: notice.endpointId,
        organizationId: notice.organizationId,
        to: notice.to,
      },
      idempotencyKey,
    },
    update: {},
  });
}
