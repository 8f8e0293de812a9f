import {
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_MESSAGES,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEventType,
} from "@signet/contract";
import type { Prisma } from "../db/generated/client.ts";
import { AppError } from "../errors/app-error.ts";

type EndpointRow = Prisma.WebhookEndpointGetPayload<object>;
type DeliveryRow = Prisma.WebhookDeliveryGetPayload<{ include: { event: { select: { type: true } } } }>;

const iso = (date: Date | null) => date?.toISOString() ?? null;
const known = new Set<string>(WEBHOOK_EVENT_TYPES);

export const webhookNotFound = () => new AppError("NOT_FOUND", WEBHOOK_MESSAGES.notFound);
export const webhookDeliveryNotFound = () => new AppError("NOT_FOUND", WEBHOOK_MESSAGES.deliveryNotFound);

/** The endpoint as the API shows it: never its secrets. */
export function toWebhookEndpoint(row: EndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    organizationId: row.organizationId,
    url: row.url,
    description: row.description,
    eventTypes: row.eventTypes.filter((type): type is WebhookEventType => known.has(type)),
    enabled: row.enabled,
    suspended: row.suspendedAt !== null,
    suspendedAt: iso(row.suspendedAt),
    suspendedReason: row.suspendedReason,
    failedEventStreak: row.failedEventStreak,
    lastSuccessAt: iso(row.lastSuccessAt),
    lastFailureAt: iso(row.lastFailureAt),
    previousSecretExpiresAt:
      row.previousSecretExpiresAt && row.previousSecretExpiresAt > new Date() ? iso(row.previousSecretExpiresAt) : null,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toWebhookDelivery(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    eventId: row.eventId,
    eventType: row.event.type,
    attempt: row.attempt,
    redelivery: row.series > 0,
    statusCode: row.statusCode,
    succeeded: row.succeeded,
    latencyMs: row.latencyMs,
    responseExcerpt: row.responseExcerpt,
    error: row.error,
    attemptedAt: row.attemptedAt.toISOString(),
    nextAttemptAt: iso(row.nextAttemptAt),
  };
}
