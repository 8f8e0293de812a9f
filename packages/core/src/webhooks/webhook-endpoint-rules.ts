import { WEBHOOK_MESSAGES, webhookUrlProblem } from "@signet/contract";
import type { Actor } from "../actor.ts";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import type { CoreDeps } from "../core-deps.ts";
import type { Prisma } from "../db/generated/client.ts";
import { AppError } from "../errors/app-error.ts";
import { outboundPolicy } from "../outbound/outbound-fetch.ts";
import { webhookNotFound } from "./webhook-views.ts";

// What every webhook endpoint use case shares: who may read and manage them, the URL rule, the
// audit event on the organization's stream, and the lookup that answers 404 across organizations.

export type Tx = Prisma.TransactionClient;

export const WEBHOOK_READERS = ["VIEW_ADMIN_SETTINGS", "MANAGE_ADMIN_SETTINGS"] as const;

export const WEBHOOK_ADMINS = ["MANAGE_ADMIN_SETTINGS"] as const;

export interface WebhookEndpointRef {
  organizationId: string;
  webhookId: string;
}

export function assertWebhookUrl(url: string, deps: CoreDeps) {
  const problem = webhookUrlProblem(url, outboundPolicy(deps.config));
  if (problem) throw new AppError("BAD_REQUEST", problem, [{ path: "url", message: problem }]);
}

export function auditWebhookChange(
  tx: Tx,
  actor: Actor,
  organizationId: string,
  type: string,
  data: Record<string, unknown>,
) {
  return appendAuditEvent(tx, actor, {
    organizationId,
    streamType: "organization",
    streamId: organizationId,
    type,
    data,
  });
}

export async function findWebhookEndpoint(db: Tx | CoreDeps["db"], ref: WebhookEndpointRef) {
  const row = await db.webhookEndpoint.findFirst({ where: { id: ref.webhookId, organizationId: ref.organizationId } });
  if (!row) throw webhookNotFound();
  return row;
}

export function assertNotSuspended(row: { suspendedAt: Date | null }) {
  if (row.suspendedAt) throw new AppError("CONFLICT", WEBHOOK_MESSAGES.suspended);
}
