import { randomUUID } from "node:crypto";
import {
  type CreateWebhookEndpoint,
  type UpdateWebhookEndpoint,
  WEBHOOK_MESSAGES,
  WEBHOOK_SECRET_OVERLAP_HOURS,
  WEBHOOK_TEST_EVENT_TYPE,
  type WebhookDeliveryList,
  type WebhookEndpoint,
  type WebhookEndpointList,
  type WebhookEndpointWithSecret,
  type WebhookEventPayload,
  webhookUrlProblem,
} from "@signet/contract";
import { requirePermission } from "../access/organization-access.ts";
import type { Actor } from "../actor.ts";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import type { CoreDeps } from "../core-deps.ts";
import type { Prisma } from "../db/generated/client.ts";
import { AppError } from "../errors/app-error.ts";
import { packageVersionConflict } from "../packages/package-access.ts";
import { enqueueWebhookAttempt } from "./webhook-outbox.ts";
import { generateWebhookSecret } from "./webhook-signature.ts";
import { toWebhookDelivery, toWebhookEndpoint, webhookDeliveryNotFound, webhookNotFound } from "./webhook-views.ts";

type Tx = Prisma.TransactionClient;
const READERS = ["VIEW_ADMIN_SETTINGS", "MANAGE_ADMIN_SETTINGS"] as const;
const ADMINS = ["MANAGE_ADMIN_SETTINGS"] as const;

interface EndpointRef {
  organizationId: string;
  webhookId: string;
}

function assertUrl(url: string, deps: CoreDeps) {
  const problem = webhookUrlProblem(url, { allowPrivate: deps.config.WEBHOOKS_ALLOW_PRIVATE });
  if (problem) throw new AppError("BAD_REQUEST", problem, [{ path: "url", message: problem }]);
}

function audit(tx: Tx, actor: Actor, organizationId: string, type: string, data: Record<string, unknown>) {
  return appendAuditEvent(tx, actor, {
    organizationId,
    streamType: "organization",
    streamId: organizationId,
    type,
    data,
  });
}

async function findEndpoint(db: Tx | CoreDeps["db"], ref: EndpointRef) {
  const row = await db.webhookEndpoint.findFirst({ where: { id: ref.webhookId, organizationId: ref.organizationId } });
  if (!row) throw webhookNotFound();
  return row;
}

export async function listWebhookEndpoints(
  actor: Actor,
  input: { organizationId: string },
  deps: CoreDeps,
): Promise<WebhookEndpointList> {
  await requirePermission(actor, input.organizationId, READERS, deps);
  const rows = await deps.db.webhookEndpoint.findMany({
    where: { organizationId: input.organizationId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  return { records: rows.map(toWebhookEndpoint), count: rows.length };
}

export async function getWebhookEndpoint(actor: Actor, input: EndpointRef, deps: CoreDeps): Promise<WebhookEndpoint> {
  await requirePermission(actor, input.organizationId, READERS, deps);
  return toWebhookEndpoint(await findEndpoint(deps.db, input));
}

export async function createWebhookEndpoint(
  actor: Actor,
  input: CreateWebhookEndpoint & { organizationId: string },
  deps: CoreDeps,
): Promise<WebhookEndpointWithSecret> {
  const { organizationId, ...fields } = input;
  await requirePermission(actor, organizationId, ADMINS, deps);
  assertUrl(fields.url, deps);
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
    await audit(tx, actor, organizationId, "webhook.created", {
      webhookId: created.id,
      url: created.url,
      eventTypes: created.eventTypes,
    });
    return created;
  });
  return { endpoint: toWebhookEndpoint(row), secret };
}

export async function updateWebhookEndpoint(
  actor: Actor,
  input: UpdateWebhookEndpoint & EndpointRef,
  deps: CoreDeps,
): Promise<WebhookEndpoint> {
  const { organizationId, webhookId, version, ...changes } = input;
  await requirePermission(actor, organizationId, ADMINS, deps);
  if (changes.url !== undefined) assertUrl(changes.url, deps);
  const data = {
    ...(changes.url !== undefined ? { url: changes.url } : {}),
    ...(changes.description !== undefined ? { description: changes.description } : {}),
    ...(changes.eventTypes ? { eventTypes: [...new Set(changes.eventTypes)] } : {}),
    ...(changes.enabled !== undefined ? { enabled: changes.enabled } : {}),
  };
  const row = await deps.db.$transaction(async (tx) => {
    await findEndpoint(tx, input);
    const { count } = await tx.webhookEndpoint.updateMany({
      where: { id: webhookId, organizationId, version },
      data: { ...data, version: { increment: 1 } },
    });
    if (count === 0) throw packageVersionConflict();
    await audit(tx, actor, organizationId, "webhook.updated", { webhookId, changes: Object.keys(data) });
    return tx.webhookEndpoint.findUniqueOrThrow({ where: { id: webhookId } });
  });
  return toWebhookEndpoint(row);
}

export async function deleteWebhookEndpoint(
  actor: Actor,
  input: EndpointRef & { version: number },
  deps: CoreDeps,
): Promise<void> {
  await requirePermission(actor, input.organizationId, ADMINS, deps);
  await deps.db.$transaction(async (tx) => {
    const row = await findEndpoint(tx, input);
    const { count } = await tx.webhookEndpoint.deleteMany({
      where: { id: input.webhookId, organizationId: input.organizationId, version: input.version },
    });
    if (count === 0) throw packageVersionConflict();
    await audit(tx, actor, input.organizationId, "webhook.deleted", { webhookId: row.id, url: row.url });
  });
}

/** Suspends one endpoint (spec §4 Webhook: suspend); suspending a suspended endpoint changes nothing. */
export async function suspendWebhookEndpoint(
  actor: Actor,
  input: EndpointRef & { reason?: string | undefined },
  deps: CoreDeps,
): Promise<WebhookEndpoint> {
  await requirePermission(actor, input.organizationId, ADMINS, deps);
  const row = await deps.db.$transaction(async (tx) => {
    const current = await findEndpoint(tx, input);
    if (current.suspendedAt) return current;
    await tx.webhookEndpoint.update({
      where: { id: current.id },
      data: {
        suspendedAt: new Date(),
        suspendedReason: input.reason || "Suspended by an administrator",
        version: { increment: 1 },
      },
    });
    await audit(tx, actor, input.organizationId, "webhook.suspended", { webhookId: current.id, automatic: false });
    return tx.webhookEndpoint.findUniqueOrThrow({ where: { id: current.id } });
  });
  return toWebhookEndpoint(row);
}

/** Spec §4 Webhook: suspend-all. Answers how many endpoints this call suspended. */
export async function suspendAllWebhookEndpoints(
  actor: Actor,
  input: { organizationId: string; reason?: string | undefined },
  deps: CoreDeps,
): Promise<{ suspended: number }> {
  await requirePermission(actor, input.organizationId, ADMINS, deps);
  return deps.db.$transaction(async (tx) => {
    const { count } = await tx.webhookEndpoint.updateMany({
      where: { organizationId: input.organizationId, suspendedAt: null },
      data: {
        suspendedAt: new Date(),
        suspendedReason: input.reason || "Suspended by an administrator (all endpoints)",
        version: { increment: 1 },
      },
    });
    if (count > 0) await audit(tx, actor, input.organizationId, "webhook.suspended-all", { count });
    return { suspended: count };
  });
}

/**
 * Resumes an endpoint: deliveries start again with a clean failure streak. Events that arrived
 * while it was suspended are in its log as not sent, for an administrator to redeliver.
 */
export async function resumeWebhookEndpoint(
  actor: Actor,
  input: EndpointRef,
  deps: CoreDeps,
): Promise<WebhookEndpoint> {
  await requirePermission(actor, input.organizationId, ADMINS, deps);
  const row = await deps.db.$transaction(async (tx) => {
    const current = await findEndpoint(tx, input);
    if (!current.suspendedAt) return current;
    await tx.webhookEndpoint.update({
      where: { id: current.id },
      data: {
        suspendedAt: null,
        suspendedReason: null,
        failedEventStreak: 0,
        failedAttemptStreak: 0,
        version: { increment: 1 },
      },
    });
    await audit(tx, actor, input.organizationId, "webhook.resumed", { webhookId: current.id });
    return tx.webhookEndpoint.findUniqueOrThrow({ where: { id: current.id } });
  });
  return toWebhookEndpoint(row);
}

/** A new secret, shown once; the current one keeps signing beside it for the overlap. */
export async function rotateWebhookSecret(
  actor: Actor,
  input: EndpointRef,
  deps: CoreDeps,
): Promise<WebhookEndpointWithSecret> {
  await requirePermission(actor, input.organizationId, ADMINS, deps);
  const secret = generateWebhookSecret();
  const row = await deps.db.$transaction(async (tx) => {
    const current = await findEndpoint(tx, input);
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
    await audit(tx, actor, input.organizationId, "webhook.secret-rotated", {
      webhookId: current.id,
      previousSecretExpiresAt: previousSecretExpiresAt.toISOString(),
    });
    return tx.webhookEndpoint.findUniqueOrThrow({ where: { id: current.id } });
  });
  return { endpoint: toWebhookEndpoint(row), secret };
}

function assertNotSuspended(row: { suspendedAt: Date | null }) {
  if (row.suspendedAt) throw new AppError("CONFLICT", WEBHOOK_MESSAGES.suspended);
}

/** Queues a webhook.test event to this endpoint alone. */
export async function sendWebhookTestEvent(
  actor: Actor,
  input: EndpointRef,
  deps: CoreDeps,
): Promise<{ eventId: string }> {
  await requirePermission(actor, input.organizationId, ADMINS, deps);
  return deps.db.$transaction(async (tx) => {
    const endpoint = await findEndpoint(tx, input);
    assertNotSuspended(endpoint);
    const id = randomUUID();
    const createdAt = new Date();
    const payload: WebhookEventPayload = {
      id,
      type: WEBHOOK_TEST_EVENT_TYPE,
      timestamp: createdAt.toISOString(),
      data: { organizationId: input.organizationId },
    };
    await tx.webhookEvent.create({
      data: { id, organizationId: input.organizationId, type: WEBHOOK_TEST_EVENT_TYPE, payload, createdAt },
    });
    await enqueueWebhookAttempt(tx, { endpointId: endpoint.id, eventId: id, series: 0, attempt: 1 });
    await audit(tx, actor, input.organizationId, "webhook.test-sent", { webhookId: endpoint.id, eventId: id });
    return { eventId: id };
  });
}

export async function listWebhookDeliveries(
  actor: Actor,
  input: EndpointRef & { pageNumber: number; pageSize: number; sortDirection: "asc" | "desc" },
  deps: CoreDeps,
): Promise<WebhookDeliveryList> {
  await requirePermission(actor, input.organizationId, READERS, deps);
  const endpoint = await findEndpoint(deps.db, input);
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

/** Sends a logged delivery's event again: same webhook-id, a new series of attempts. */
export async function redeliverWebhookDelivery(
  actor: Actor,
  input: EndpointRef & { deliveryId: string },
  deps: CoreDeps,
): Promise<{ eventId: string }> {
  await requirePermission(actor, input.organizationId, ADMINS, deps);
  return deps.db.$transaction(async (tx) => {
    const endpoint = await findEndpoint(tx, input);
    const delivery = await tx.webhookDelivery.findFirst({
      where: { id: input.deliveryId, endpointId: endpoint.id, organizationId: input.organizationId },
    });
    if (!delivery) throw webhookDeliveryNotFound();
    assertNotSuspended(endpoint);
    // serialises concurrent redeliveries of the same event, so each takes its own series number
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`webhook-series:${endpoint.id}:${delivery.eventId}`}, 0))`;
    const last = await tx.webhookDelivery.aggregate({
      where: { endpointId: endpoint.id, eventId: delivery.eventId },
      _max: { series: true },
    });
    const series = (last._max.series ?? 0) + 1;
    await enqueueWebhookAttempt(tx, { endpointId: endpoint.id, eventId: delivery.eventId, series, attempt: 1 });
    await audit(tx, actor, input.organizationId, "webhook.redelivered", {
      webhookId: endpoint.id,
      eventId: delivery.eventId,
      series,
    });
    return { eventId: delivery.eventId };
  });
}
