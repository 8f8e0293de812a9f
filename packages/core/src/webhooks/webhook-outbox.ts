import type { Prisma } from "../db/generated/client.ts";
import { enqueueOutbox } from "../jobs/enqueue-outbox.ts";

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
  await enqueueOutbox(tx, "webhook.deliver", { kind: "attempt", ...ref }, idempotencyKey, availableAt);
}

/** Schedules the email telling one administrator that an endpoint was suspended. */
export async function enqueueSuspensionNotice(
  tx: Prisma.TransactionClient,
  notice: { endpointId: string; organizationId: string; to: string; suspendedAt: Date },
) {
  const idempotencyKey = `webhook-suspended:${notice.endpointId}:${notice.suspendedAt.getTime()}:${notice.to}`;
  await enqueueOutbox(
    tx,
    "webhook.deliver",
    { kind: "suspension-notice", endpointId: notice.endpointId, organizationId: notice.organizationId, to: notice.to },
    idempotencyKey,
  );
}
