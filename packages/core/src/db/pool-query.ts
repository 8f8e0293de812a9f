import { createHash } from "node:crypto";
import type { Prisma } from "./generated/client.ts";
import { type Db, pgPoolOf } from "./prisma-client.ts";

type Runner = Db | Prisma.TransactionClient;

// The hottest statements (sign-in, the outbox) go on the pg pool under the Prisma client: Prisma's
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

/** How many rows one statement with $1… placeholders wrote. */
export async function execute(db: Runner, text: string, values: readonly unknown[]): Promise<number> {
  const pool = pgPoolOf(db);
  if (pool) return (await pool.query(prepared(text, values))).rowCount ?? 0;
  return db.$executeRawUnsafe(text, ...values);
}
