import { createHash } from "node:crypto";
import type { Prisma } from "./generated/client.ts";
import { type Db, pgPoolOf } from "./prisma-client.ts";

type Runner = Db | Prisma.TransactionClient;

// The hottest statements (sign-in, creating a package, the outbox) go on the pg pool under the Prisma client: Prisma's
// own work per raw query cost about as much CPU as the statement (1.3 ms of a password sign-in's 2.6
// beyond argon2, measured). A transaction client has no pool of its own: its statements stay on its
// connection, through Prisma. Statements sent this way cast what they read (::int, json) so that
// both paths answer the same values. On the pool each statement is prepared once per connection
// (named by its text's hash), so PostgreSQL parses and plans it once, not on every call.

const names = new Map<string, string>();
function prepared(text: string, values: readonly unknown[]) {
  let name = names.get(text);
  if (!name) {
    name = `signet_${createHash("sha256").update(text).digest("hex").slice(0, 24)}`;
    names.set(text, name);
  }
  return { name, text, values: values as unknown[] };
}

/** The rows of one statement with $1… placeholders. */
export async function queryRows<T>(db: Runner, text: string, values: readonly unknown[]): Promise<T[]> {
  const pool = pgPoolOf(db);
  if (pool) return (await pool.query(prepared(text, values))).rows as T[];
  return db.$queryRawUnsafe<T[]>(text, ...values);
}

/**
 * The rows of one statement on the pool without preparing it: for statements whose text varies
 * without bound (literals chosen per call), where a prepared statement per text would pile up on
 * every connection.
 */
export async function queryRowsUnprepared<T>(db: Runner, text: string, values: readonly unknown[]): Promise<T[]> {
  const pool = pgPoolOf(db);
  if (pool) return (await pool.query({ text, values: values as unknown[] })).rows as T[];
  return db.$queryRawUnsafe<T[]>(text, ...values);
}

/** How many rows one statement with $1… placeholders wrote. */
export async function execute(db: Runner, text: string, values: readonly unknown[]): Promise<number> {
  const pool = pgPoolOf(db);
  if (pool) return (await pool.query(prepared(text, values))).rowCount ?? 0;
  return db.$executeRawUnsafe(text, ...values);
}

/** Statements of one transaction (see inPoolTransaction). */
export interface TransactionStatements {
  rows<T>(text: string, values: readonly unknown[]): Promise<T[]>;
  execute(text: string, values: readonly unknown[]): Promise<number>;
}

/**
 * Runs `work` in one transaction on a connection of the pg pool (a Prisma interactive transaction
 * for a client without one), for hot paths whose statements are few and written by hand. A
 * transaction left idle for `idleTimeoutMs` (its work waiting on something that hangs) is ended by
 * PostgreSQL, which rolls it back and frees its row locks, as Prisma's transaction timeout did.
 */
export async function inPoolTransaction<T>(
  db: Db,
  work: (statements: TransactionStatements) => Promise<T>,
  idleTimeoutMs = 60_000,
): Promise<T> {
  const pool = pgPoolOf(db);
  if (!pool) {
    return db.$transaction(
      (tx) =>
        work({
          rows: <R>(text: string, values: readonly unknown[]) => queryRows<R>(tx, text, values),
          execute: (text, values) => execute(tx, text, values),
        }),
      { timeout: idleTimeoutMs },
    );
  }
  const client = await pool.connect();
  let broken: Error | undefined;
  // a checked-out connection's errors (PostgreSQL ending an idle transaction) come here, not to
  // the pool; unheard they would end the process
  const onError = (error: Error) => {
    broken = error;
  };
  client.on("error", onError);
  try {
    // one round trip: both statements in one simple query (the timeout is a literal integer)
    await client.query(
      `BEGIN; SET LOCAL idle_in_transaction_session_timeout = ${Math.max(1, Math.round(idleTimeoutMs))}`,
    );
    const result = await work({
      rows: async <R>(text: string, values: readonly unknown[]) =>
        (await client.query(prepared(text, values))).rows as R[],
      execute: async (text, values) => (await client.query(prepared(text, values))).rowCount ?? 0,
    });
    await client.query("COMMIT");
    return result;
  } catch (error) {
    await client.query("ROLLBACK").catch((rollbackError: Error) => {
      broken = rollbackError;
    });
    throw error;
  } finally {
    client.off("error", onError);
    // a connection that failed or could not roll back is closed, not handed to the next caller
    client.release(broken);
  }
}
