import type { WebhookEndpoint } from "@signet/contract";
import { requirePermission } from "../access/organization-access.ts";
import type { Actor } from "../actor.ts";
import type { CoreDeps } from "../core-deps.ts";
import {
  auditWebhookChange,
  findWebhookEndpoint,
  WEBHOOK_ADMINS,
  type WebhookEndpointRef,
} from "./webhook-endpoint-rules.ts";
import { toWebhookEndpoint } from "./webhook-views.ts";

/**
 * Resumes an endpoint: deliveries start again with a clean failure streak. Events that arrived
 * while it was suspended are in its log as not sent, for an administrator to redeliver.
 */
export async function resumeWebhookEndpoint(
  actor: Actor,
  input: WebhookEndpointRef,
  deps: CoreDeps,
): Promise<WebhookEndpoint> {
  await requirePermission(actor, input.organizationId, WEBHOOK_ADMINS, deps);
  const row = await deps.db.$transaction(async (tx) => {
    const current = await findWebhookEndpoint(tx, input);
    if (!current.suspendedAt) return current;
    await tx.webhookEndpoint.update({
      where: { id: current.id },
      data: {
        suspendedAt: null,
        suspendedReason: null,
        failedEventStreak: 0,
        failedAttemptStreak: 0,
        version: { increment: 1 },
      },
    });
    await auditWebhookChange(tx, actor, input.organizationId, "webhook.resumed", { webhookId: current.id });
    return tx.webhookEndpoint.findUniqueOrThrow({ where: { id: current.id } });
  });
  return toWebhookEndpoint(row);
}
