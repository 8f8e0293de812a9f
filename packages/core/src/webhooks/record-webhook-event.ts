import { randomUUID } from "node:crypto";
import {
  IN_PERSON_METHODS,
  type InPersonMethod,
  type WebhookEventPayload,
  type WebhookEventType,
} from "@signet/contract";
import type { Prisma } from "../db/generated/client.ts";
import { enqueueWebhookAttempt } from "./webhook-outbox.ts";

/** The audit event types that are also webhook events, and the webhook type each becomes. */
export const WEBHOOK_TYPE_BY_AUDIT_TYPE: Readonly<Record<string, WebhookEventType>> = {
  "package.sent": "package.sent",
  "package.available": "package.available",
  "package.completed": "package.completed",
  "package.sealed": "package.sealed",
  "package.cancelled": "package.cancelled",
  "package.expired": "package.expired",
  "package.corrected": "package.corrected",
  "package.consent-withdrawn": "package.consent_withdrawn",
  "package.edeposit-started": "package.edeposit_started",
  "package.edeposit-failed": "package.edeposit_failed",
  "package.edeposited": "package.edeposited",
  "package.edeposit-cancelled": "package.edeposit_cancelled",
  "package.closing-center-shared": "package.closing_center_shared",
  "package.mailing-milestone": "package.mailing_milestone",
  "package.closing-center-unshared": "package.closing_center_unshared",
  "package.signing-step-started": "package.signing_step_started",
  "participant.authenticated": "participant.viewed",
  "participant.consent-granted": "participant.consented",
  "tag.signed": "participant.signed",
  "participant.declined": "participant.declined",
  "participant.finished": "participant.finished",
  "participant.consent-withdrawn": "participant.consent_withdrawn",
  "participant.delegated": "participant.delegated",
  "participant.witnessed": "participant.witnessed",
  "participant.identity-confirmed-in-person": "participant.signed_in_person",
};

const ONCE_PER_PARTICIPANT = new Set<WebhookEventType>(["participant.viewed", "participant.signed"]);

export interface AuditedChange {
  organizationId: string | null;
  streamType: string;
  streamId: string;
  type: string;
  data?: Record<string, unknown>;
}

const asId = (value: unknown) => (typeof value === "string" && /^[0-9a-f-]{36}$/i.test(value) ? value : undefined);
const asStatus = (value: unknown) => (typeof value === "string" ? value : null);

/**
 * Called by appendAuditEvent inside the change's transaction: when the audit event is also a
 * webhook event, writes the event and one delivery per enabled endpoint that takes its type, so
 * the deliveries exist exactly when the change commits. The payload is built from a whitelist of
 * ids and statuses: nothing else of the audit data (reasons, names, hashes) leaves.
 */
export async function recordWebhookEvent(tx: Prisma.TransactionClient, change: AuditedChange, occurredAt: Date) {
  for (const type of webhookTypesOf(change)) await recordOneWebhookEvent(tx, change, type, occurredAt);
}

/**
 * The webhook events an audited change is: its mapped type, and `package.available` too when a send
 * makes the package available at once (a scheduled package becomes available later, as its own
 * audit event), so integrators hear of availability however it came.
 */
export function webhookTypesOf(change: Pick<AuditedChange, "type" | "data">): WebhookEventType[] {
  const type = WEBHOOK_TYPE_BY_AUDIT_TYPE[change.type];
  if (!type) return [];
  if (change.type === "package.sent" && change.data?.to === "AVAILABLE_TO_SIGNERS") return [type, "package.available"];
  return [type];
}

async function recordOneWebhookEvent(
  tx: Prisma.TransactionClient,
  change: AuditedChange,
  type: WebhookEventType,
  occurredAt: Date,
) {
  if (!change.organizationId || change.streamType !== "package") return;
  const data = change.data ?? {};
  const participantId = asId(data.participantId);
  if (type.startsWith("participant.") && !participantId) return;
  const endpoints = await tx.webhookEndpoint.findMany({
    // suspended endpoints too: their log then lists what they missed, for a redelivery after resuming
    where: { organizationId: change.organizationId, enabled: true, eventTypes: { has: type } },
    select: { id: true },
  });
  if (endpoints.length === 0) return;
  const id = randomUUID();
  const from = "from" in data || "to" in data ? { from: asStatus(data.from), to: asStatus(data.to) } : undefined;
  // a step's number and its participants' ids: still only ids and a count, never names
  const step =
    type === "package.signing_step_started" && typeof data.step === "number"
      ? {
          step: data.step,
          participantIds: (Array.isArray(data.participantIds) ? data.participantIds : [])
            .map(asId)
            .filter((id): id is string => Boolean(id)),
        }
      : {};
  // issue 34: whom a witness attested, and how an in-person identity was confirmed (an id and a code
  // word; the ID details and the code's destination stay in the audit trail)
  const witnessed =
    type === "participant.witnessed" && asId(data.witnessedParticipantId)
      ? { witnessedParticipantId: asId(data.witnessedParticipantId) }
      : {};
  const method =
    type === "participant.signed_in_person" && IN_PERSON_METHODS.includes(data.method as InPersonMethod)
      ? { method: data.method as InPersonMethod }
      : {};
  const payload: WebhookEventPayload = {
    id,
    type,
    timestamp: occurredAt.toISOString(),
    data: {
      organizationId: change.organizationId,
      packageId: change.streamId,
      ...(participantId ? { participantId } : {}),
      ...(from ? { status: from } : {}),
      ...step,
      ...witnessed,
      ...method,
    },
  };
  // A participant opens the room and signs tags many times; integrators hear of the first time
  // only. ON CONFLICT DO NOTHING (skipDuplicates) rather than a read first: a duplicate must never
  // fail the participant's own change.
  const dedupeKey = ONCE_PER_PARTICIPANT.has(type) ? `${type}:${participantId}` : null;
  const { count } = await tx.webhookEvent.createMany({
    data: [
      {
        id,
        organizationId: change.organizationId,
        type,
        payload: payload as Prisma.InputJsonValue,
        dedupeKey,
        createdAt: occurredAt,
      },
    ],
    skipDuplicates: true,
  });
  if (count === 0) return;
  for (const endpoint of endpoints) {
    await enqueueWebhookAttempt(tx, { endpointId: endpoint.id, eventId: id, series: 0, attempt: 1 });
  }
}
