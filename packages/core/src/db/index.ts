export { CharAsTextClient } from "./char-as-text-client.ts";
export { databaseNameOf, redactDatabaseUrl, withDatabaseName } from "./database-url.ts";
export { type EmbeddedPostgres, type EmbeddedPostgresOptions, startEmbeddedPostgres } from "./embedded-postgres.ts";
export { ensureDatabase } from "./ensure-database.ts";
export * from "./migrations/index.ts";
export { isDatabaseConnectionLost, isDatabaseTimeout } from "./pg-error-code.ts";
export { createPrismaClient, type Db, databaseTimeouts, type PrismaClientOptions } from "./prisma-client.ts";
export { withAdvisoryLock } from "./with-advisory-lock.ts";
