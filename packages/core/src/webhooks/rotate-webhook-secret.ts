import { WEBHOOK_SECRET_OVERLAP_HOURS, type WebhookEndpointWithSecret } from "@signet/contract";
import { requirePermission } from "../access/organization-access.ts";
import type { Actor } from "../actor.ts";
import type { CoreDeps } from "../core-deps.ts";
import {
  auditWebhookChange,
  findWebhookEndpoint,
  WEBHOOK_ADMINS,
  type WebhookEndpointRef,
} from "./webhook-endpoint-rules.ts";
import { generateWebhookSecret } from "./webhook-signature.ts";
import { toWebhookEndpoint } from "./webhook-views.ts";

/** A new secret, shown once; the current one keeps signing beside it for the overlap. */
export async function rotateWebhookSecret(
  actor: Actor,
  input: WebhookEndpointRef,
  deps: CoreDeps,
): Promise<WebhookEndpointWithSecret> {
  await requirePermission(actor, input.organizationId, WEBHOOK_ADMINS, deps);
  const secret = generateWebhookSecret();
  const row = await deps.db.$transaction(async (tx) => {
    const current = await findWebhookEndpoint(tx, input);
    const previousSecretExpiresAt = new Date(Date.now() + WEBHOOK_SECRET_OVERLAP_HOURS * 3_600_000);
    await tx.webhookEndpoint.update({
      where: { id: current.id },
      data: {
        secretEncrypted: deps.fieldCipher.encrypt(secret),
        previousSecretEncrypted: current.secretEncrypted,
        previousSecretExpiresAt,
        version: { increment: 1 },
      },
    });
    await auditWebhookChange(tx, actor, input.organizationId, "webhook.secret-rotated", {
      webhookId: current.id,
      previousSecretExpiresAt: previousSecretExpiresAt.toISOString(),
    });
    return tx.webhookEndpoint.findUniqueOrThrow({ where: { id: current.id } });
  });
  return { endpoint: toWebhookEndpoint(row), secret };
}
