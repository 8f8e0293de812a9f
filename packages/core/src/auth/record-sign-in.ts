import type { AnonymousActor } from "../actor.ts";
import { type AuditEventInput, nextAuditEvent } from "../audit/append-audit-event.ts";
import type { Prisma } from "../db/generated/client.ts";
import { pgErrorCode, UNIQUE_VIOLATION } from "../db/pg-error-code.ts";
import type { Db } from "../db/prisma-client.ts";

type Writer = Db | Prisma.TransactionClient;

/**
 * A successful password sign-in's bookkeeping: the failed-attempt count and lock cleared, the
 * sign-in time stamped and the user stream's audit event appended, as one statement after a read
 * of the stream's last event.
 *
 * The chain stays appendAuditEvent's: the stream's advisory lock is taken first in the statement
 * (the InitPlan on stream_lock runs before any row is written), so a writer that holds it finishes
 * first and reads this event once it holds it. The last event read just before may predate a writer
 * that committed in between: the event's sequence then exists already, the unique key (streamType,
 * streamId, sequence) refuses it and nothing of the statement is kept. The stream is contended then,
 * so the second try holds the lock across the read, as appendAuditEvent does, and cannot clash.
 */
export async function recordSignIn(
  db: Db,
  actor: AnonymousActor,
  input: { userId: string; audit: AuditEventInput },
): Promise<void> {
  try {
    await writeSignIn(db, actor, input);
  } catch (error) {
    if (pgErrorCode(error) !== UNIQUE_VIOLATION) throw error;
    const streamKey = `${input.audit.streamType}:${input.audit.streamId}`;
    await db.$transaction(async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${streamKey}, 0))`;
      await writeSignIn(tx, actor, input);
    });
  }
}

async function writeSignIn(
  db: Writer,
  actor: AnonymousActor,
  input: { userId: string; audit: AuditEventInput },
): Promise<void> {
  const { streamType, streamId } = input.audit;
  const streamKey = `${streamType}:${streamId}`;
  const [last] = await db.$queryRaw<{ sequence: number; hash: string }[]>`
    SELECT sequence, hash FROM "AuditEvent" WHERE "streamType" = ${streamType} AND "streamId" = ${streamId}
     ORDER BY sequence DESC LIMIT 1`;
  const occurredAt = new Date();
  const { event, prevHash, hash } = nextAuditEvent(actor, input.audit, last ?? null, occurredAt);
  await db.$executeRaw`
    WITH stream_lock AS (SELECT pg_advisory_xact_lock(hashtextextended(${streamKey}, 0))),
         credential AS (
           UPDATE "Credential" SET "failedAttempts" = 0, "lockedUntil" = NULL
            WHERE "userId" = ${input.userId}::uuid AND EXISTS (SELECT FROM stream_lock)),
         signed_in AS (
           UPDATE "User" SET "lastSignInAt" = ${occurredAt}, "lastUpdatedAt" = ${occurredAt}
            WHERE id = ${input.userId}::uuid AND EXISTS (SELECT FROM stream_lock))
    INSERT INTO "AuditEvent" ("organizationId", "streamType", "streamId", sequence, type, "occurredAt",
                              "actorId", "actorRole", ip, "userAgent", data, "prevHash", hash)
    SELECT ${event.organizationId}::uuid, ${event.streamType}, ${event.streamId}, ${event.sequence}::int,
           ${event.type}, ${occurredAt}, ${event.actorId}::uuid, ${event.actorRole}, ${event.ip},
           ${event.userAgent}, ${JSON.stringify(event.data)}::jsonb, ${prevHash}, ${hash}
     WHERE EXISTS (SELECT FROM stream_lock)`;
}
