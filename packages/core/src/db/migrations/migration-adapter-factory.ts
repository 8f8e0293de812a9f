import { PrismaPg } from "@prisma/adapter-pg";
import type { SqlDriverAdapter, SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import pg from "pg";
import { CharAsTextClient } from "../char-as-text-client.ts";
import { withDatabaseName } from "../database-url.ts";
import { timestampedDatabaseName } from "../timestamped-database-name.ts";

export const SHADOW_DATABASE_PREFIX = "signet_shadow_";

export interface MigrationAdapterFactory {
  factory: SqlMigrationAwareDriverAdapterFactory;
  /** Disposes every connection the engine opened and drops any shadow database left over. */
  close(): Promise<void>;
}

async function adminQuery(databaseUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: withDatabaseName(databaseUrl, "postgres") });
  client.on("error", () => {});
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end().catch(() => {});
  }
}

async function connect(databaseUrl: string): Promise<SqlDriverAdapter> {
  const adapter = await new PrismaPg({ connectionString: databaseUrl, Client: CharAsTextClient, max: 4 }).connect();
  // adapter-pg splits scripts on ";", which breaks function bodies and string literals in
  // hand-written migrations. Sent whole (simple protocol, no parameters), Postgres runs the
  // script as one implicit transaction, like Prisma's native engine does.
  adapter.executeScript = async (script: string) => {
    await adapter.executeRaw({ sql: script, args: [], argTypes: [] });
  };
  return adapter;
}

/**
 * The driver-adapter factory the wasm schema engine talks through. It creates the shadow database
 * itself: adapter-pg's own connectToShadowDb connects back to the main database (the connection
 * string overrides its `database` option) and then drops the wrong one.
 */
export function createMigrationAdapterFactory(databaseUrl: string): MigrationAdapterFactory {
  const open = new Set<SqlDriverAdapter>();
  const shadowDatabases = new Set<string>();

  async function dropShadow(name: string): Promise<void> {
    if (!shadowDatabases.delete(name)) return;
    await adminQuery(databaseUrl, `DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`);
  }

  function track(adapter: SqlDriverAdapter, onDispose?: () => Promise<void>): SqlDriverAdapter {
    const dispose = adapter.dispose.bind(adapter);
    open.add(adapter);
    adapter.dispose = async () => {
      if (!open.delete(adapter)) return;
      await dispose();
      await onDispose?.();
    };
    return adapter;
  }

  const factory: SqlMigrationAwareDriverAdapterFactory = {
    provider: "postgres",
    adapterName: "@prisma/adapter-pg",
    connect: async () => track(await connect(databaseUrl)),
    connectToShadowDb: async () => {
      const name = timestampedDatabaseName(SHADOW_DATABASE_PREFIX);
      await adminQuery(databaseUrl, `CREATE DATABASE ${pg.escapeIdentifier(name)}`);
      shadowDatabases.add(name);
      try {
        return track(await connect(withDatabaseName(databaseUrl, name)), () => dropShadow(name));
      } catch (error) {
        await dropShadow(name);
        throw error;
      }
    },
  };

  return {
    factory,
    async close() {
      const errors: unknown[] = [];
      for (const adapter of [...open]) await adapter.dispose().catch((error: unknown) => errors.push(error));
      for (const name of [...shadowDatabases]) await dropShadow(name).catch((error: unknown) => errors.push(error));
      if (errors.length > 0) throw new AggregateError(errors, "Closing the schema engine's connections failed");
    },
  };
}
