import type { WebhookEndpoint } from "@signet/contract";
import { requirePermission } from "../access/organization-access.ts";
import type { Actor } from "../actor.ts";
import type { CoreDeps } from "../core-deps.ts";
import { findWebhookEndpoint, WEBHOOK_READERS, type WebhookEndpointRef } from "./webhook-endpoint-rules.ts";
import { toWebhookEndpoint } from "./webhook-views.ts";

export async function getWebhookEndpoint(
  actor: Actor,
  input: WebhookEndpointRef,
  deps: CoreDeps,
): Promise<WebhookEndpoint> {
  await requirePermission(actor, input.organizationId, WEBHOOK_READERS, deps);
  return toWebhookEndpoint(await findWebhookEndpoint(deps.db, input));
}
