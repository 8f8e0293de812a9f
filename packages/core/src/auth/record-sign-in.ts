import type { AnonymousActor } from "../actor.ts";
import { type AuditEventInput, nextAuditEvent } from "../audit/append-audit-event.ts";
import { pgErrorCode, UNIQUE_VIOLATION } from "../db/pg-error-code.ts";
import type { Db } from "../db/prisma-client.ts";

const ATTEMPTS = 5;

/**
 * A successful password sign-in's bookkeeping as one statement: the failed-attempt count and lock
 * cleared, the sign-in time stamped and the user stream's audit event appended.
 *
 * The chain stays appendAuditEvent's: the stream's advisory lock is taken first in the statement
 * (the InitPlan on stream_lock runs before any row is written), so a writer that holds it finishes
 * first and reads this event once it holds it. The statement's snapshot (and the last event read
 * just before it) may predate a writer that committed while it waited: the event's sequence then
 * exists already, the unique key (streamType, streamId, sequence) refuses it, nothing of the
 * statement is kept, and it is tried again after the new last event.
 */
export async function recordSignIn(
  db: Db,
  actor: AnonymousActor,
  input: { userId: string; audit: AuditEventInput },
): Promise<void> {
  const { streamType, streamId } = input.audit;
  const streamKey = `${streamType}:${streamId}`;
  for (let attempt = 1; ; attempt++) {
    const [last] = await db.$queryRaw<{ sequence: number; hash: string }[]>`
      SELECT sequence, hash FROM "AuditEvent" WHERE "streamType" = ${streamType} AND "streamId" = ${streamId}
       ORDER BY sequence DESC LIMIT 1`;
    const occurredAt = new Date();
    const { event, prevHash, hash } = nextAuditEvent(actor, input.audit, last ?? null, occurredAt);
    try {
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
      return;
    } catch (error) {
      if (pgErrorCode(error) === UNIQUE_VIOLATION && attempt < ATTEMPTS) continue;
      throw error;
    }
  }
}
