import type { WebhookDeliveryList } from "@signet/contract";
import { requirePermission } from "../access/organization-access.ts";
import type { Actor } from "../actor.ts";
import type { CoreDeps } from "../core-deps.ts";
import { findWebhookEndpoint, WEBHOOK_READERS, type WebhookEndpointRef } from "./webhook-endpoint-rules.ts";
import { toWebhookDelivery } from "./webhook-views.ts";

export async function listWebhookDeliveries(
  actor: Actor,
  input: WebhookEndpointRef & { pageNumber: number; pageSize: number; sortDirection: "asc" | "desc" },
  deps: CoreDeps,
): Promise<WebhookDeliveryList> {
  await requirePermission(actor, input.organizationId, WEBHOOK_READERS, deps);
  const endpoint = await findWebhookEndpoint(deps.db, input);
  const where = { endpointId: endpoint.id };
  const [rows, count] = await Promise.all([
    deps.db.webhookDelivery.findMany({
      where,
      include: { event: { select: { type: true } } },
      orderBy: [{ attemptedAt: input.sortDirection }, { id: input.sortDirection }],
      skip: (input.pageNumber - 1) * input.pageSize,
      take: input.pageSize,
    }),
    deps.db.webhookDelivery.count({ where }),
  ]);
  return { records: rows.map(toWebhookDelivery), count };
}
