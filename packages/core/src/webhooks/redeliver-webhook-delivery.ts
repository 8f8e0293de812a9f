import { requirePermission } from "../access/organization-access.ts";
import type { Actor } from "../actor.ts";
import type { CoreDeps } from "../core-deps.ts";
import {
  assertNotSuspended,
  auditWebhookChange,
  findWebhookEndpoint,
  WEBHOOK_ADMINS,
  type WebhookEndpointRef,
} from "./webhook-endpoint-rules.ts";
import { enqueueWebhookAttempt } from "./webhook-outbox.ts";
import { webhookDeliveryNotFound } from "./webhook-views.ts";

/** Sends a logged delivery's event again: same webhook-id, a new series of attempts. */
export async function redeliverWebhookDelivery(
  actor: Actor,
  input: WebhookEndpointRef & { deliveryId: string },
  deps: CoreDeps,
): Promise<{ eventId: string }> {
  await requirePermission(actor, input.organizationId, WEBHOOK_ADMINS, deps);
  return deps.db.$transaction(async (tx) => {
    const endpoint = await findWebhookEndpoint(tx, input);
    const delivery = await tx.webhookDelivery.findFirst({
      where: { id: input.deliveryId, endpointId: endpoint.id, organizationId: input.organizationId },
    });
    if (!delivery) throw webhookDeliveryNotFound();
    assertNotSuspended(endpoint);
    // serialises concurrent redeliveries of the same event, so each takes its own series number
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`webhook-series:${endpoint.id}:${delivery.eventId}`}, 0))`;
    const last = await tx.webhookDelivery.aggregate({
      where: { endpointId: endpoint.id, eventId: delivery.eventId },
      _max: { series: true },
    });
    const series = (last._max.series ?? 0) + 1;
    await enqueueWebhookAttempt(tx, { endpointId: endpoint.id, eventId: delivery.eventId, series, attempt: 1 });
    await auditWebhookChange(tx, actor, input.organizationId, "webhook.redelivered", {
      webhookId: endpoint.id,
      eventId: delivery.eventId,
      series,
    });
    return { eventId: delivery.eventId };
  });
}
