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
