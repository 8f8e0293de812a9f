export const UNIQUE_VIOLATION = "23505";
export const FOREIGN_KEY_VIOLATION = "23503";

/**
 * PostgreSQL's SQLSTATE of a failed query: a pg client's error carries it as `code`; Prisma wraps a
 * failed raw query ($queryRaw, $executeRaw) as P2010 and keeps the driver adapter's error, whose
 * cause carries the original code.
 */
export function pgErrorCode(error: unknown): string | undefined {
  const meta = (error as { meta?: { driverAdapterError?: { cause?: { originalCode?: unknown } } } } | null)?.meta;
  const wrapped = meta?.driverAdapterError?.cause?.originalCode;
  if (typeof wrapped === "string") return wrapped;
  // pg's DatabaseError (a server's answer) has a severity; Prisma's own errors have codes like P2002
  const direct = error as { code?: unknown; severity?: unknown } | null;
  return typeof direct?.code === "string" && direct.severity !== undefined ? direct.code : undefined;
}

/** statement_timeout passed (query_canceled) */
const QUERY_CANCELED = "57014";
/** idle_in_transaction_session_timeout passed: the session was ended */
const IDLE_IN_TRANSACTION_TIMEOUT = "25P03";
/** Prisma: the interactive transaction passed its timeout (or could not start within maxWait) */
const PRISMA_TRANSACTION_API_ERROR = "P2028";

/**
 * True when a database call failed because a time limit passed: the transaction's (Prisma), a
 * statement's or an idle transaction's (PostgreSQL). Nothing of the transaction was kept.
 */
export function isDatabaseTimeout(error: unknown): boolean {
  const code = pgErrorCode(error);
  if (code === QUERY_CANCELED || code === IDLE_IN_TRANSACTION_TIMEOUT) return true;
  if ((error as { code?: unknown } | null)?.code === PRISMA_TRANSACTION_API_ERROR) return true;
  const message = error instanceof Error ? error.message : "";
  return /statement timeout|expired transaction/.test(message);
}

/**
 * True when the connection a call ran on was lost mid-way: the server ended the session (an idle
 * transaction past its limit, a restart, an administrator) or the network dropped it. The
 * transaction it held was rolled back by the server.
 */
export function isDatabaseConnectionLost(error: unknown): boolean {
  const message = error instanceof Error ? error.message : "";
  return /connection error and is not queryable|Connection terminated|terminating connection|Server has closed the connection/i.test(
    message,
  );
}
