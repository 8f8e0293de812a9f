import { randomUUID } from "node:crypto";
import { WEBHOOK_TEST_EVENT_TYPE, type WebhookEventPayload } from "@signet/contract";
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

/** Queues a webhook.test event to this endpoint alone. */
export async function sendWebhookTestEvent(
  actor: Actor,
  input: WebhookEndpointRef,
  deps: CoreDeps,
): Promise<{ eventId: string }> {
  await requirePermission(actor, input.organizationId, WEBHOOK_ADMINS, deps);
  return deps.db.$transaction(async (tx) => {
    const endpoint = await findWebhookEndpoint(tx, input);
    assertNotSuspended(endpoint);
    const id = randomUUID();
    const createdAt = new Date();
    const payload: WebhookEventPayload = {
      id,
      type: WEBHOOK_TEST_EVENT_TYPE,
      timestamp: createdAt.toISOString(),
      data: { organizationId: input.organizationId },
    };
    await tx.webhookEvent.create({
      data: { id, organizationId: input.organizationId, type: WEBHOOK_TEST_EVENT_TYPE, payload, createdAt },
    });
    await enqueueWebhookAttempt(tx, { endpointId: endpoint.id, eventId: id, series: 0, attempt: 1 });
    await auditWebhookChange(tx, actor, input.organizationId, "webhook.test-sent", {
      webhookId: endpoint.id,
      eventId: id,
    });
    return { eventId: id };
  });
}
