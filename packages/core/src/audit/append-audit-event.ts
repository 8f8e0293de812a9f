import { createHash } from "node:crypto";
import { API_CLIENT_ACTOR_ROLE } from "@signet/contract";
import type { Actor } from "../actor.ts";
import type { Prisma } from "../db/generated/client.ts";
import { runAuditSubscribers } from "./audit-subscribers.ts";

type Tx = Prisma.TransactionClient;

export interface AuditEventInput {
  organizationId: string | null;
  /** installation: the installation's own events (key rotations), with organizationId null */
  streamType: "user" | "organization" | "package" | "installation";
  streamId: string;
  type: string;
  data?: Record<string, unknown>;
}

/** Canonical JSON: keys sorted at every level, so the hash does not depend on insertion order. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
}

export function auditEventHash(prevHash: string | null, event: Record<string, unknown>): string {
  return createHash("sha256")
    .update(prevHash ?? "")
    .update(canonicalJson(event))
    .digest("hex");
}

/** One audit event as it is stored: the hashed fields, the previous event's hash and its own. */
export interface AuditEventRow {
  event: {
    organizationId: string | null;
    streamType: string;
    streamId: string;
    sequence: number;
    type: string;
    /** ISO text, as hashed; stored as the same instant */
    occurredAt: string;
    actorId: string | null;
    actorRole: string;
    ip: string | null;
    userAgent: string | null;
    data: Record<string, unknown>;
  };
  prevHash: string | null;
  hash: string;
}

/**
 * The event that follows `last` in its stream (null: the stream's first), hashed. Pure: callers
 * that write it themselves must hold the stream (appendAuditEvent's lock, or a stream no other
 * transaction can know yet, such as a package created in the same statement).
 */
export function nextAuditEvent(
  actor: Actor,
  input: AuditEventInput,
  last: { sequence: number; hash: string } | null,
  occurredAt: Date,
): AuditEventRow {
  const event = {
    organizationId: input.organizationId,
    streamType: input.streamType,
    streamId: input.streamId,
    sequence: (last?.sequence ?? 0) + 1,
    type: input.type,
    occurredAt: occurredAt.toISOString(),
    actorId: actor.kind === "user" ? actor.userId : actor.kind === "participant" ? actor.participantId : null,
    // a bearer request of an API client names the API user (actorId) and the client that acted
    actorRole: actor.kind === "user" && actor.apiClient ? API_CLIENT_ACTOR_ROLE : actor.kind,
    ip: actor.ip,
    userAgent: actor.userAgent,
    data:
      actor.kind === "user" && actor.apiClient
        ? { ...input.data, clientId: actor.apiClient.clientId }
        : (input.data ?? {}),
  };
  const prevHash = last?.hash ?? null;
  return { event, prevHash, hash: auditEventHash(prevHash, event) };
}

/**
 * Appends one event to its stream's hash chain. Must run inside the transaction of the change it
 * records; a transaction-scoped advisory lock serialises writers of the same stream.
 */
export async function appendAuditEvent(tx: Tx, actor: Actor, input: AuditEventInput): Promise<void> {
  const streamKey = `${input.streamType}:${input.streamId}`;
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${streamKey}, 0))`;
  const last = await tx.auditEvent.findFirst({
    where: { streamType: input.streamType, streamId: input.streamId },
    orderBy: { sequence: "desc" },
    select: { sequence: true, hash: true },
  });
  const occurredAt = new Date();
  const { event, prevHash, hash } = nextAuditEvent(actor, input, last, occurredAt);
  await tx.auditEvent.create({
    data: { ...event, occurredAt, data: event.data as Prisma.InputJsonValue, prevHash, hash },
  });
  await runAuditSubscribers(tx, input, occurredAt);
}
