import type { CreateWebhookEndpoint, WebhookEndpointWithSecret } from "@signet/contract";
import { requirePermission } from "../access/organization-access.ts";
import type { Actor } from "../actor.ts";
import type { CoreDeps } from "../core-deps.ts";
import { assertWebhookUrl, auditWebhookChange, WEBHOOK_ADMINS } from "./webhook-endpoint-rules.ts";
import { generateWebhookSecret } from "./webhook-signature.ts";
import { toWebhookEndpoint } from "./webhook-views.ts";

export async function createWebhookEndpoint(
  actor: Actor,
  input: CreateWebhookEndpoint & { organizationId: string },
  deps: CoreDeps,
): Promise<WebhookEndpointWithSecret> {
  const { organizationId, ...fields } = input;
  await requirePermission(actor, organizationId, WEBHOOK_ADMINS, deps);
  assertWebhookUrl(fields.url, deps);
  const secret = generateWebhookSecret();
  const row = await deps.db.$transaction(async (tx) => {
    const created = await tx.webhookEndpoint.create({
      data: {
        organizationId,
        url: fields.url,
        description: fields.description ?? null,
        eventTypes: [...new Set(fields.eventTypes)],
        enabled: fields.enabled,
        secretEncrypted: deps.fieldCipher.encrypt(secret),
      },
    });
    await auditWebhookChange(tx, actor, organizationId, "webhook.created", {
      webhookId: created.id,
      url: created.url,
      eventTypes: created.eventTypes,
    });
    return created;
  });
  return { endpoint: toWebhookEndpoint(row), secret };
}
