import type { UpdateWebhookEndpoint, WebhookEndpoint } from "@signet/contract";
import { requirePermission } from "../access/organization-access.ts";
import type { Actor } from "../actor.ts";
import type { CoreDeps } from "../core-deps.ts";
import { packageVersionConflict } from "../packages/package-access.ts";
import {
  assertWebhookUrl,
  auditWebhookChange,
  findWebhookEndpoint,
  WEBHOOK_ADMINS,
  type WebhookEndpointRef,
} from "./webhook-endpoint-rules.ts";
import { toWebhookEndpoint } from "./webhook-views.ts";

export async function updateWebhookEndpoint(
  actor: Actor,
  input: UpdateWebhookEndpoint & WebhookEndpointRef,
  deps: CoreDeps,
): Promise<WebhookEndpoint> {
  const { organizationId, webhookId, version, ...changes } = input;
  await requirePermission(actor, organizationId, WEBHOOK_ADMINS, deps);
  if (changes.url !== undefined) assertWebhookUrl(changes.url, deps);
  const data = {
    ...(changes.url !== undefined ? { url: changes.url } : {}),
    ...(changes.description !== undefined ? { description: changes.description } : {}),
    ...(changes.eventTypes ? { eventTypes: [...new Set(changes.eventTypes)] } : {}),
    ...(changes.enabled !== undefined ? { enabled: changes.enabled } : {}),
  };
  const row = await deps.db.$transaction(async (tx) => {
    await findWebhookEndpoint(tx, input);
    const { count } = await tx.webhookEndpoint.updateMany({
      where: { id: webhookId, organizationId, version },
      data: { ...data, version: { increment: 1 } },
    });
    if (count === 0) throw packageVersionConflict();
    await auditWebhookChange(tx, actor, organizationId, "webhook.updated", { webhookId, changes: Object.keys(data) });
    return tx.webhookEndpoint.findUniqueOrThrow({ where: { id: webhookId } });
  });
  return toWebhookEndpoint(row);
}
