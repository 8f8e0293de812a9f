import type { Prisma } from "../db/generated/client.ts";
import type { AuditEventInput } from "./append-audit-event.ts";

/**
 * What an audited change triggers besides its event (webhook events, notification emails), run in
 * the change's own transaction so each exists exactly when the change commits. The list is given
 * once per process by its composition root (the API, the worker, the command-line tools), in the
 * open: appending an audit event imports none of the features that listen to it.
 */
export type AuditSubscriber = (
  tx: Prisma.TransactionClient,
  change: AuditEventInput,
  occurredAt: Date,
) => Promise<void>;

let subscribers: readonly AuditSubscriber[] | undefined;

export function subscribeToAuditEvents(list: readonly AuditSubscriber[]): void {
  subscribers = list;
}

/** Runs every subscriber, in order, in the caller's transaction. */
export async function runAuditSubscribers(
  tx: Prisma.TransactionClient,
  change: AuditEventInput,
  occurredAt: Date,
): Promise<void> {
  // a process that forgot to subscribe would drop webhooks and emails without a word: refuse instead
  if (!subscribers) {
    throw new Error("No audit subscribers: the process's composition root must call subscribeToAuditEvents first");
  }
  for (const subscriber of subscribers) await subscriber(tx, change, occurredAt);
}
