import type { ParkedJob } from "@signet/contract";
import type { Actor } from "../actor.ts";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import type { CoreDeps } from "../core-deps.ts";
import type { Prisma } from "../db/generated/client.ts";
import { AppError } from "../errors/app-error.ts";
import { MAX_OUTBOX_ATTEMPTS } from "../jobs/outbox-relay.ts";
import { assertSupportUser } from "./assert-support-user.ts";

/**
 * A parked row: the relay gave up publishing it (outbox-relay.ts marks it published with its last
 * error after MAX_OUTBOX_ATTEMPTS); nothing will run it until an operator requeues it.
 */
export const PARKED_OUTBOX_WHERE = {
  publishedAt: { not: null },
  processedAt: null,
  lastError: { not: null },
  attempts: { gte: MAX_OUTBOX_ATTEMPTS },
} satisfies Prisma.OutboxMessageWhereInput;

type OutboxRecord = Prisma.OutboxMessageGetPayload<object>;

function toParkedJob(row: OutboxRecord): ParkedJob {
  return {
    id: row.id.toString(),
    queue: row.queue,
    jobName: row.jobName,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    parkedAt: (row.publishedAt ?? row.createdAt).toISOString(),
  };
}

export interface ParkedJobQuery {
  pageNumber: number;
  pageSize: number;
  sortBy: "parkedAt" | "createdAt";
  sortDirection: "asc" | "desc";
}

export async function listParkedJobs(actor: Actor, query: ParkedJobQuery, deps: CoreDeps) {
  assertSupportUser(actor);
  const orderBy =
    query.sortBy === "parkedAt" ? { publishedAt: query.sortDirection } : { createdAt: query.sortDirection };
  const [rows, count] = await Promise.all([
    deps.db.outboxMessage.findMany({
      where: PARKED_OUTBOX_WHERE,
      orderBy: [orderBy, { id: "asc" }],
      skip: (query.pageNumber - 1) * query.pageSize,
      take: query.pageSize,
    }),
    deps.db.outboxMessage.count({ where: PARKED_OUTBOX_WHERE }),
  ]);
  return { records: rows.map(toParkedJob), count };
}

/**
 * Puts a parked row back in line with a fresh count of attempts. Only a parked row can be
 * requeued, so a row the relay is still retrying (or one that ran) answers 404 and is never run twice
 * by this call.
 */
export async function requeueParkedJob(actor: Actor, outboxId: string, deps: CoreDeps) {
  assertSupportUser(actor);
  const id = BigInt(outboxId);
  const availableAt = new Date();
  return deps.db.$transaction(async (tx) => {
    const claimed = await tx.outboxMessage.updateMany({
      where: { id, ...PARKED_OUTBOX_WHERE },
      data: { attempts: 0, lastError: null, publishedAt: null, availableAt },
    });
    if (claimed.count === 0) throw new AppError("NOT_FOUND");
    const row = await tx.outboxMessage.findUniqueOrThrow({ where: { id } });
    await appendAuditEvent(tx, actor, {
      organizationId: actor.organizationId,
      streamType: "organization",
      streamId: actor.organizationId as string,
      type: "outbox.requeued",
      data: { outboxId, queue: row.queue, jobName: row.jobName },
    });
    return { id: outboxId, queue: row.queue, jobName: row.jobName, availableAt: availableAt.toISOString() };
  });
}
