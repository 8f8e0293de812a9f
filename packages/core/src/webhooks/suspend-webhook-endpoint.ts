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

/** Suspends one endpoint (spec §4 Webhook: suspend); suspending a suspended endpoint changes nothing. */
export async function suspendWebhookEndpoint(
  actor: Actor,
  input: WebhookEndpointRef & { reason?: string | undefined },
  deps: CoreDeps,
): Promise<WebhookEndpoint> {
  await requirePermission(actor, input.organizationId, WEBHOOK_ADMINS, deps);
  const row = await deps.db.$transaction(async (tx) => {
    const current = await findWebhookEndpoint(tx, input);
    if (current.suspendedAt) return current;
    await tx.webhookEndpoint.update({
      where: { id: current.id },
      data: {
        suspendedAt: new Date(),
        suspendedReason: input.reason || "Suspended by an administrator",
        version: { increment: 1 },
      },
    });
    await auditWebhookChange(tx, actor, input.organizationId, "webhook.suspended", {
      webhookId: current.id,
      automatic: false,
    });
    return tx.webhookEndpoint.findUniqueOrThrow({ where: { id: current.id } });
  });
  return toWebhookEndpoint(row);
}
