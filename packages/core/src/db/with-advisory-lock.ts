import { createHash } from "node:crypto";
import pg from "pg";

/** A stable 64-bit lock key for a name, so callers share locks by name rather than by magic number. */
export function advisoryLockKey(name: string): string {
  return createHash("sha256").update(name).digest().readBigInt64BE(0).toString();
}

/**
 * Runs `fn` while holding a session-level advisory lock on the database at `databaseUrl`.
 * The lock lives on a dedicated connection, so it is released even if the process dies mid-way.
 */
export async function withAdvisoryLock<T>(databaseUrl: string, lockName: string, fn: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  // An idle connection error (server restart) must not crash the process; the query fails instead.
  client.on("error", () => {});
  await client.connect();
  try {
    const key = advisoryLockKey(lockName);
    await client.query("SELECT pg_advisory_lock($1::bigint)", [key]);
    try {
      return await fn();
    } finally {
      await client.query("SELECT pg_advisory_unlock($1::bigint)", [key]).catch(() => {});
    }
  } finally {
    await client.end().catch(() => {});
  }
}
