import { randomBytes } from "node:crypto";
import pg from "pg";
import { expect, inject } from "vitest";
import { withDatabaseName } from "../db/database-url.ts";
import { createPrismaClient, type Db } from "../db/prisma-client.ts";
import { timestampedDatabaseName } from "../db/timestamped-database-name.ts";
import { adminQuery } from "./admin-query.ts";
import { TEST_DATABASE_PREFIX } from "./database-prefixes.ts";
import "./provided-context.ts";

export interface TestDatabase {
  url: string;
  db: Db;
  /** Disconnects the client and drops the database, even if other connections are open. */
  drop(): Promise<void>;
}

function provided(): { databaseUrl: string; templateDatabase: string } {
  const databaseUrl = inject("databaseUrl");
  const templateDatabase = inject("templateDatabase");
  if (!databaseUrl || !templateDatabase) {
    throw new Error(
      "createTestDatabase() needs the globalSetup packages/core/src/testing/global-setup.ts in this vitest project",
    );
  }
  return { databaseUrl, templateDatabase };
}

/** A fresh, fully migrated database of its own, cloned from the template in milliseconds. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const { databaseUrl, templateDatabase } = provided();
  const name = timestampedDatabaseName(TEST_DATABASE_PREFIX);
  await adminQuery(
    databaseUrl,
    `CREATE DATABASE ${pg.escapeIdentifier(name)} TEMPLATE ${pg.escapeIdentifier(templateDatabase)}`,
  );
  const url = withDatabaseName(databaseUrl, name);
  const db = createPrismaClient(url, { max: 5 });
  let dropped: Promise<void> | undefined;
  const drop = () => {
    dropped ??= (async () => {
      await db.$disconnect().catch(() => {});
      await adminQuery(databaseUrl, `DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`);
    })();
    return dropped;
  };
  try {
    await db.$connect();
  } catch (error) {
    await drop().catch(() => {});
    throw error;
  }
  return { url, db, drop };
}

const redisPrefixes = new Map<string, string>();

/**
 * A Redis key prefix of this test file's own, so files running in parallel on one Redis, or one
 * after another in a worker that keeps its modules between files (`isolate: false`), never see each
 * other's keys or queues.
 */
export function testRedisPrefix(): string {
  const file = expect.getState().testPath ?? "";
  let prefix = redisPrefixes.get(file);
  if (!prefix) {
    prefix = `signet:test:${Date.now().toString(36)}_${randomBytes(4).toString("hex")}:`;
    redisPrefixes.set(file, prefix);
  }
  return prefix;
}
