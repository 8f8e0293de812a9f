import type { AnonymousActor } from "../actor.ts";
import { type AuditEventInput, nextAuditEvent } from "../audit/append-audit-event.ts";
import type { Prisma } from "../db/generated/client.ts";
import { execute, queryRows } from "../db/pool-query.ts";
import type { Db } from "../db/prisma-client.ts";
import { type TokenRow, tokenRowCtes, tokenRowValues } from "./issue-token.ts";

type Writer = Db | Prisma.TransactionClient;
type StreamEvent = { sequence: number; hash: string };
type SignInRecord = {
  userId: string;
  audit: AuditEventInput;
  /** the stream's last event as read with the account (readSignInAccount), before the password check */
  lastEvent: StreamEvent | null;
  /** the session's token row (issueToken's writeTokenRow) */
  token: TokenRow;
};

/**
 * A successful password sign-in's bookkeeping: the session's token row written, the failed-attempt
 * count and lock cleared, the sign-in time stamped and the user stream's audit event appended, as
 * one statement.
 *
 * The chain stays appendAuditEvent's: the stream's advisory lock is taken first in the statement
 * (the InitPlan on stream_lock runs before any row is written), so a writer that holds it finishes
 * first. The event follows the last one read with the account, or the one the previous sign-in of
 * this user in this process wrote: sign-ins of one user here go one after the other, so they never
 * race each other. A writer elsewhere (another replica, the user's other audit events) may have
 * appended since: the event's sequence then exists already and the statement keeps nothing
 * (ON CONFLICT DO NOTHING rather than an error: pg's pool closes the connection of a failed query,
 * and opening another costs more than the sign-in). The second try then holds the lock across the
 * read, as appendAuditEvent does, and cannot clash.
 */
export function recordSignIn(db: Db, actor: AnonymousActor, input: SignInRecord): Promise<void> {
  const streamKey = `${input.audit.streamType}:${input.audit.streamId}`;
  const previous = chains.get(streamKey) ?? Promise.resolve(null);
  const written = previous.then((previousEvent) =>
    writeOrRetryLocked(db, actor, { ...input, lastEvent: newer(previousEvent, input.lastEvent) }, streamKey),
  );
  const settled = written.catch(() => null);
  chains.set(streamKey, settled);
  void settled.then(() => {
    // kept a little while after: a sign-in whose account was read before this one wrote (its
    // password check takes longer than the write) would otherwise follow the older event and clash
    const forget = setTimeout(() => {
      if (chains.get(streamKey) === settled) chains.delete(streamKey);
    }, REMEMBER_MS);
    forget.unref();
  });
  return written.then(() => {});
}

/** How long the last event a sign-in wrote is remembered: well beyond a password check. */
const REMEMBER_MS = 10_000;

const newer = (a: StreamEvent | null, b: StreamEvent | null) => (a && (!b || a.sequence > b.sequence) ? a : b);

/** per user stream, the event its latest sign-in in this process wrote (null: unknown) */
const chains = new Map<string, Promise<StreamEvent | null>>();

async function writeOrRetryLocked(db: Db, actor: AnonymousActor, input: SignInRecord, streamKey: string) {
  const written = await writeSignIn(db, actor, input, streamKey);
  if (written) return written;
  return db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${streamKey}, 0))`;
    const [last] = await queryRows<StreamEvent>(tx, LAST_EVENT, [input.audit.streamType, input.audit.streamId]);
    const retried = await writeSignIn(tx, actor, { ...input, lastEvent: last ?? null }, streamKey);
    if (!retried) throw new Error(`The audit stream ${streamKey} moved while its lock was held`);
    return retried;
  });
}

const LAST_EVENT = `
  SELECT sequence, hash FROM "AuditEvent" WHERE "streamType" = $1 AND "streamId" = $2
   ORDER BY sequence DESC LIMIT 1`;

const WRITE_SIGN_IN = `
  WITH stream_lock AS (SELECT pg_advisory_xact_lock(hashtextextended($1, 0))),
       appended AS (
         INSERT INTO "AuditEvent" ("organizationId", "streamType", "streamId", sequence, type, "occurredAt",
                                   "actorId", "actorRole", ip, "userAgent", data, "prevHash", hash)
         SELECT $2::uuid, $3, $4, $5::int, $6, $7::timestamptz, $8::uuid, $9, $10, $11, $12::jsonb, $13, $14
          WHERE EXISTS (SELECT FROM stream_lock)
         ON CONFLICT ("streamType", "streamId", sequence) DO NOTHING
         RETURNING 1),
       credential AS (
         -- only when there is something to clear: an update that changes nothing still writes a row version
         UPDATE "Credential" SET "failedAttempts" = 0, "lockedUntil" = NULL
          WHERE "userId" = $15::uuid AND ("failedAttempts" <> 0 OR "lockedUntil" IS NOT NULL)
            AND EXISTS (SELECT FROM appended)),
       signed_in AS (
         UPDATE "User" SET "lastSignInAt" = $7::timestamptz, "lastUpdatedAt" = $7::timestamptz
          WHERE id = $15::uuid AND EXISTS (SELECT FROM appended)),
       ${tokenRowCtes(16, "EXISTS (SELECT FROM appended)")}
  SELECT FROM appended`;

/** the event written; null when the stream's next sequence was taken meanwhile (nothing is kept then) */
async function writeSignIn(
  db: Writer,
  actor: AnonymousActor,
  input: SignInRecord,
  streamKey: string,
): Promise<StreamEvent | null> {
  const occurredAt = new Date();
  const { event, prevHash, hash } = nextAuditEvent(actor, input.audit, input.lastEvent, occurredAt);
  const written = await execute(db, WRITE_SIGN_IN, [
    streamKey,
    event.organizationId,
    event.streamType,
    event.streamId,
    event.sequence,
    event.type,
    occurredAt,
    event.actorId,
    event.actorRole,
    event.ip,
    event.userAgent,
    JSON.stringify(event.data),
    prevHash,
    hash,
    input.userId,
    ...tokenRowValues(input.token),
  ]);
  return written > 0 ? { sequence: event.sequence, hash } : null;
}
