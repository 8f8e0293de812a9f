import { IDEMPOTENCY_RULES } from "@signet/contract";
import type { Db } from "../db/prisma-client.ts";
import { AppError } from "../errors/app-error.ts";

type Store = Pick<Db, "idempotentRequest">;

/** What a POST under an Idempotency-Key does: run (its claim's id records the answer), or answer again. */
export type IdempotencyClaim =
  | { kind: "run"; id: string }
  | { kind: "replay"; status: number; body: string | null; location: string | null };

/**
 * A first request still marked running after this long died with its process (requests time out
 * well before): the key is taken over rather than refused for a day.
 */
const ABANDONED_AFTER_MS = 10 * 60_000;

const isTaken = (error: unknown) => (error as { code?: string }).code === "P2002";

/**
 * Claims a caller's key for one request. The same request again (same fingerprint) gets the
 * first answer once there is one, and is refused while the first still runs; another request
 * under the key is refused. A key older than the retention period is free again.
 */
export async function claimIdempotencyKey(
  db: Store,
  input: { principal: string; key: string; fingerprint: string },
  now = new Date(),
): Promise<IdempotencyClaim> {
  const expiresAt = new Date(now.getTime() + IDEMPOTENCY_RULES.retentionHours * 3_600_000);
  await db.idempotentRequest.deleteMany({
    where: { principal: input.principal, key: input.key, expiresAt: { lte: now } },
  });
  try {
    const row = await db.idempotentRequest.create({ data: { ...input, expiresAt }, select: { id: true } });
    return { kind: "run", id: row.id };
  } catch (error) {
    if (!isTaken(error)) throw error;
  }
  const first = await db.idempotentRequest.findUnique({
    where: { principal_key: { principal: input.principal, key: input.key } },
  });
  // released between our insert and this read: the caller's retry will claim it
  if (!first) throw new AppError("IDEMPOTENCY_KEY_IN_USE");
  if (first.fingerprint !== input.fingerprint) throw new AppError("IDEMPOTENCY_KEY_REUSED");
  if (first.status !== null) {
    return { kind: "replay", status: first.status, body: first.responseBody, location: first.location };
  }
  const takenOver = await db.idempotentRequest.updateMany({
    where: { id: first.id, status: null, createdAt: { lt: new Date(now.getTime() - ABANDONED_AFTER_MS) } },
    data: { createdAt: now, expiresAt },
  });
  if (takenOver.count === 1) return { kind: "run", id: first.id };
  throw new AppError("IDEMPOTENCY_KEY_IN_USE");
}

/** The first request succeeded: its answer is what every retry under the key gets. */
export async function recordIdempotentAnswer(
  db: Store,
  id: string,
  answer: { status: number; body: string | null; location: string | null },
) {
  await db.idempotentRequest.updateMany({
    where: { id, status: null },
    data: { status: answer.status, responseBody: answer.body, location: answer.location, completedAt: new Date() },
  });
}

/** The first request failed: nothing was done, so a retry under the key runs again. */
export async function releaseIdempotencyKey(db: Store, id: string) {
  await db.idempotentRequest.deleteMany({ where: { id, status: null } });
}

/** Forgets answers past the retention period. */
export async function purgeExpiredIdempotentRequests(db: Store, now = new Date()) {
  const { count } = await db.idempotentRequest.deleteMany({ where: { expiresAt: { lte: now } } });
  return count;
}
