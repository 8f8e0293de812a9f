import { requirePermission } from "../access/organization-access.ts";
import type { Actor } from "../actor.ts";
import type { CoreDeps } from "../core-deps.ts";
import { packageVersionConflict } from "../packages/package-access.ts";
import {
  auditWebhookChange,
  findWebhookEndpoint,
  WEBHOOK_ADMINS,
  type WebhookEndpointRef,
} from "./webhook-endpoint-rules.ts";

export async function deleteWebhookEndpoint(
  actor: Actor,
  input: WebhookEndpointRef & { version: number },
  deps: CoreDeps,
): Promise<void> {
  await requirePermission(actor, input.organizationId, WEBHOOK_ADMINS, deps);
  await deps.db.$transaction(async (tx) => {
    const row = await findWebhookEndpoint(tx, input);
    const { count } = await tx.webhookEndpoint.deleteMany({
      where: { id: input.webhookId, organizationId: input.organizationId, version: input.version },
    });
    if (count === 0) throw packageVersionConflict();
    await auditWebhookChange(tx, actor, input.organizationId, "webhook.deleted", { webhookId: row.id, url: row.url });
  });
}
