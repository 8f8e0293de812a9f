import type { WebhookEndpointList } from "@signet/contract";
import { requirePermission } from "../access/organization-access.ts";
import type { Actor } from "../actor.ts";
import type { CoreDeps } from "../core-deps.ts";
import { WEBHOOK_READERS } from "./webhook-endpoint-rules.ts";
import { toWebhookEndpoint } from "./webhook-views.ts";

export async function listWebhookEndpoints(
  actor: Actor,
  input: { organizationId: string },
  deps: CoreDeps,
): Promise<WebhookEndpointList> {
  await requirePermission(actor, input.organizationId, WEBHOOK_READERS, deps);
  const rows = await deps.db.webhookEndpoint.findMany({
    where: { organizationId: input.organizationId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  return { records: rows.map(toWebhookEndpoint), count: rows.length };
}
