import { groupCommit } from "../db/group-commit.ts";
import { execute, queryRows } from "../db/pool-query.ts";
import type { Db } from "../db/prisma-client.ts";
import type { WebhookAttemptRef } from "./webhook-outbox.ts";

// The statements every delivery attempt makes, written by hand on the pool (see pool-query.ts): one
// to read what the attempt needs, one (shared) to log a success. Through Prisma they were three
// reads and an interactive transaction of two writes, and the transactions of concurrent deliveries
// to one endpoint queued on its row's lock from their UPDATE to their COMMIT: those round trips, not
// the POST, set the pace (58 deliveries a second against 1,600 POSTs of a bare client, measured).

export interface AttemptEndpoint {
  id: string;
  organizationId: string;
  url: string;
  enabled: boolean;
  suspendedAt: Date | null;
  secretEncrypted: string;
  previousSecretEncrypted: string | null;
  previousSecretExpiresAt: Date | null;
}

export interface AttemptEvent {
  id: string;
  payload: unknown;
}

const READ_ATTEMPT = `
  SELECT e.id, e."organizationId", e.url, e.enabled, e."suspendedAt", e."secretEncrypted",
    e."previousSecretEncrypted", e."previousSecretExpiresAt", ev.id AS "eventId", ev.payload,
    EXISTS (
      SELECT 1 FROM "WebhookDelivery" d
      WHERE d."endpointId" = e.id AND d."eventId" = ev.id AND d.series = $3::int AND d.attempt = $4::int
    ) AS done
  FROM "WebhookEndpoint" e CROSS JOIN "WebhookEvent" ev
  WHERE e.id = $1::uuid AND ev.id = $2::uuid`;

/**
 * The endpoint and the event of an attempt, and whether the attempt is already logged (a job run
 * twice); null when the endpoint or the event was deleted.
 */
export async function readAttempt(
  db: Db,
  ref: WebhookAttemptRef,
): Promise<{ endpoint: AttemptEndpoint; event: AttemptEvent; done: boolean } | null> {
  const [row] = await queryRows<AttemptEndpoint & { eventId: string; payload: unknown; done: boolean }>(
    db,
    READ_ATTEMPT,
    [ref.endpointId, ref.eventId, ref.series, ref.attempt],
  );
  if (!row) return null;
  const { eventId, payload, done, ...endpoint } = row;
  return { endpoint, event: { id: eventId, payload }, done };
}

// The deliveries logged together, then their endpoints' rows, locked in the order of their ids so
// that two workers' statements never wait on each other in a circle. An attempt another worker
// logged first (a job run twice) keeps that record and leaves the endpoint alone. updatedAt as
// Prisma's @updatedAt would set it.
const LOG_SUCCESSES = `
  WITH delivery AS (
    INSERT INTO "WebhookDelivery" (id, "organizationId", "endpointId", "eventId", series, attempt,
      "statusCode", succeeded, "latencyMs", "responseExcerpt")
    SELECT gen_random_uuid(), t.organization, t.endpoint, t.event, t.series, t.attempt, t.status, true,
      t.latency, t.excerpt
    FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::int[], $5::int[], $6::int[], $7::int[], $8::text[])
      AS t(organization, endpoint, event, series, attempt, status, latency, excerpt)
    ON CONFLICT ("endpointId", "eventId", series, attempt) DO NOTHING
    RETURNING "endpointId"
  ), endpoint AS (
    SELECT id FROM "WebhookEndpoint" WHERE id IN (SELECT "endpointId" FROM delivery) ORDER BY id FOR NO KEY UPDATE
  )
  UPDATE "WebhookEndpoint"
  SET "failedEventStreak" = 0, "failedAttemptStreak" = 0, "lastSuccessAt" = now(), "updatedAt" = now()
  WHERE id IN (SELECT id FROM endpoint)`;

/** Most successes one statement logs; more wait for the next one. */
const MAX_LOGGED = 200;

type Success = WebhookAttemptRef & {
  organizationId: string;
  statusCode: number;
  latencyMs: number;
  responseExcerpt: string | null;
};

const loggers = new WeakMap<Db, (row: Success) => Promise<void>>();

/**
 * Logs a successful attempt and clears its endpoint's failure streaks; resolves once written. The
 * successes of concurrent deliveries share a statement (groupCommit): one statement each made the
 * deliveries to one endpoint queue on its row's lock, each held through its own commit.
 */
export function logSuccess(db: Db, row: Success): Promise<void> {
  let log = loggers.get(db);
  if (!log) {
    log = groupCommit<Success>(
      (rows) =>
        execute(db, LOG_SUCCESSES, [
          rows.map((r) => r.organizationId),
          rows.map((r) => r.endpointId),
          rows.map((r) => r.eventId),
          rows.map((r) => r.series),
          rows.map((r) => r.attempt),
          rows.map((r) => r.statusCode),
          rows.map((r) => r.latencyMs),
          rows.map((r) => r.responseExcerpt),
        ]),
      MAX_LOGGED,
    );
    loggers.set(db, log);
  }
  return log(row);
}
