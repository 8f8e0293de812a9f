export const UNIQUE_VIOLATION = "23505";
export const FOREIGN_KEY_VIOLATION = "23503";

/**
 * PostgreSQL's SQLSTATE of a failed raw query ($queryRaw, $executeRaw): Prisma wraps it as P2010
 * and keeps the driver adapter's error, whose cause carries the original code.
 */
export function pgErrorCode(error: unknown): string | undefined {
  const meta = (error as { meta?: { driverAdapterError?: { cause?: { originalCode?: unknown } } } } | null)?.meta;
  const code = meta?.driverAdapterError?.cause?.originalCode;
  return typeof code === "string" ? code : undefined;
}
