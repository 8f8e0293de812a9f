import type { AnonymousActor } from "../actor.ts";
import { type AuditEventInput, nextAuditEvent } from "../audit/append-audit-event.ts";
import type { Prisma } from "../db/generated/client.ts";
import type { Db } from "../db/prisma-client.ts";

type Writer = Db | Prisma.TransactionClient;
type SignInRecord = { userId: string; audit: AuditEventInput };

/**
 * A successful password sign-in's bookkeeping: the failed-attempt count and lock cleared, the
 * sign-in time stamped and the user stream's audit event appended, as one statement after a read
 * of the stream's last event.
 *
 * The chain stays appendAuditEvent's: the stream's advisory lock is taken first in the statement
 * (the InitPlan on stream_lock runs before any row is written), so a writer that holds it finishes
 * first and reads this event once it holds it. The last event read just before may predate a writer
 * that committed in between: the event's sequence then exists already and the insert adds nothing
 * (ON CONFLICT DO NOTHING rather than an error: pg's pool closes a connection whose query failed, and
 * opening another costs more than the sign-in). The stream is contended then, so the second try
 * holds the lock across the read, as appendAuditEvent does, and cannot clash.
 *
 * Sign-ins of one user in this process go one after the other, so they do not race each other at all;
 * only writers elsewhere (another replica, the user's other audit events) can send one to the second try.
 */
export function recordSignIn(db: Db, actor: AnonymousActor, input: SignInRecord): Promise<void> {
  const streamKey = `${input.audit.streamType}:${input.audit.streamId}`;
  const previous = inFlight.get(streamKey) ?? Promise.resolve();
  const recorded = previous.then(() => writeOrRetryLocked(db, actor, input, streamKey));
  const settled = recorded.then(
    () => {},
    () => {},
  );
  inFlight.set(streamKey, settled);
  void settled.then(() => {
    if (inFlight.get(streamKey) === settled) inFlight.delete(streamKey);
  });
  return recorded;
}

const inFlight = new Map<string, Promise<void>>();

async function writeOrRetryLocked(db: Db, actor: AnonymousActor, input: SignInRecord, streamKey: string) {
  if (await writeSignIn(db, actor, input, streamKey)) return;
  await db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${streamKey}, 0))`;
    if (!(await writeSignIn(tx, actor, input, streamKey))) {
      throw new Error(`The audit stream ${streamKey} moved while its lock was held`);
    }
  });
}

/** false when the stream's next sequence was taken in the meantime; nothing of the statement is kept then */
async function writeSignIn(db: Writer, actor: AnonymousActor, input: SignInRecord, streamKey: string) {
  const { streamType, streamId } = input.audit;
  const [last] = await db.$queryRaw<{ sequence: number; hash: string }[]>`
    SELECT sequence, hash FROM "AuditEvent" WHERE "streamType" = ${streamType} AND "streamId" = ${streamId}
     ORDER BY sequence DESC LIMIT 1`;
  const occurredAt = new Date();
  const { event, prevHash, hash } = nextAuditEvent(actor, input.audit, last ?? null, occurredAt);
  const inserted = await db.$executeRaw`
    WITH stream_lock AS (SELECT pg_advisory_xact_lock(hashtextextended(${streamKey}, 0))),
         appended AS (
           INSERT INTO "AuditEvent" ("organizationId", "streamType", "streamId", sequence, type, "occurredAt",
                                     "actorId", "actorRole", ip, "userAgent", data, "prevHash", hash)
           SELECT ${event.organizationId}::uuid, ${event.streamType}, ${event.streamId}, ${event.sequence}::int,
                  ${event.type}, ${occurredAt}, ${event.actorId}::uuid, ${event.actorRole}, ${event.ip},
                  ${event.userAgent}, ${JSON.stringify(event.data)}::jsonb, ${prevHash}, ${hash}
            WHERE EXISTS (SELECT FROM stream_lock)
           ON CONFLICT ("streamType", "streamId", sequence) DO NOTHING
           RETURNING 1),
         credential AS (
           UPDATE "Credential" SET "failedAttempts" = 0, "lockedUntil" = NULL
            WHERE "userId" = ${input.userId}::uuid AND EXISTS (SELECT FROM appended))
    UPDATE "User" SET "lastSignInAt" = ${occurredAt}, "lastUpdatedAt" = ${occurredAt}
     WHERE id = ${input.userId}::uuid AND EXISTS (SELECT FROM appended)`;
  return inserted > 0;
}
