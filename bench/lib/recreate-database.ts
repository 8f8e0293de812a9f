import { withDatabaseName } from "@signet/core";
import pg from "pg";

/** Drops (even with open connections) and creates a database on the server; returns its URL. */
export async function recreateDatabase(serverUrl: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: serverUrl });
  admin.on("error", () => {});
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
  } finally {
    await admin.end().catch(() => {});
  }
  return withDatabaseName(serverUrl, name);
}
