// vitest globalSetup of the "api" and "e2e" projects: prepares the migrated template database that
// createTestDatabase() clones, and tells test files where PostgreSQL and Redis are.
import type { TestProject } from "vitest/node";
import { DEFAULT_DATABASE_URL } from "../db/migrations/check-migrations.ts";
import { dropStaleTestDatabases } from "./drop-stale-test-databases.ts";
import { ensureTemplateDatabase } from "./ensure-template-database.ts";
import "./provided-context.ts";

const DEFAULT_REDIS_URL = "redis://127.0.0.1:6379";

export default async function setup(project: TestProject): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL || DEFAULT_DATABASE_URL;
  const redisUrl = process.env.REDIS_URL || DEFAULT_REDIS_URL;
  const [templateDatabase] = await Promise.all([
    ensureTemplateDatabase(databaseUrl),
    dropStaleTestDatabases(databaseUrl),
  ]);
  project.provide("databaseUrl", databaseUrl);
  project.provide("redisUrl", redisUrl);
  project.provide("templateDatabase", templateDatabase);
}
