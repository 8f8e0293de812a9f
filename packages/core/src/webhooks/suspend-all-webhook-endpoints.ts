import { requirePermission } from "../access/organization-access.ts";
import type { Actor } from "../actor.ts";
import type { CoreDeps } from "../core-deps.ts";
import { auditWebhookChange, WEBHOOK_ADMINS } from "./webhook-endpoint-rules.ts";

/** Spec §4 Webhook: suspend-all. Answers how many endpoints this call suspended. */
export async function suspendAllWebhookEndpoints(
  actor: Actor,
  input: { organizationId: string; reason?: string | undefined },
  deps: CoreDeps,
): Promise<{ suspended: number }> {
  await requirePermission(actor, input.organizationId, WEBHOOK_ADMINS, deps);
  return deps.db.$transaction(async (tx) => {
    const { count } = await tx.webhookEndpoint.updateMany({
      where: { organizationId: input.organizationId, suspendedAt: null },
      data: {
        suspendedAt: new Date(),
        suspendedReason: input.reason || "Suspended by an administrator (all endpoints)",
        version: { increment: 1 },
      },
    });
    if (count > 0) await auditWebhookChange(tx, actor, input.organizationId, "webhook.suspended-all", { count });
    return { suspended: count };
  });
}
