import pg from "pg";
import { databaseNameOf, redactDatabaseUrl, withDatabaseName } from "./database-url.ts";
import { pgErrorCode, UNIQUE_VIOLATION } from "./pg-error-code.ts";

const INVALID_CATALOG_NAME = "3D000";
const DUPLICATE_DATABASE = "42P04";

/**
 * Creates the database named in `databaseUrl` if it does not exist yet. Concurrent callers are
 * fine: losing the creation race counts as success.
 */
export async function ensureDatabase(databaseUrl: string): Promise<{ created: boolean }> {
  const probe = new pg.Client({ connectionString: databaseUrl });
  probe.on("error", () => {});
  try {
    await probe.connect();
    return { created: false };
  } catch (error) {
    if (pgErrorCode(error) !== INVALID_CATALOG_NAME) {
      throw new Error(`Cannot connect to ${redactDatabaseUrl(databaseUrl)}: ${(error as Error).message}`, {
        cause: error,
      });
    }
  } finally {
    await probe.end().catch(() => {});
  }

  const name = databaseNameOf(databaseUrl);
  const admin = new pg.Client({ connectionString: withDatabaseName(databaseUrl, "postgres") });
  admin.on("error", () => {});
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
    return { created: true };
  } catch (error) {
    const code = pgErrorCode(error);
    if (code === DUPLICATE_DATABASE || code === UNIQUE_VIOLATION) return { created: false };
    throw new Error(`Cannot create database "${name}": ${(error as Error).message}`, { cause: error });
  } finally {
    await admin.end().catch(() => {});
  }
}
