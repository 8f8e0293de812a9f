export { type ApplyMigrationsOptions, applyMigrations } from "./apply-migrations.ts";
export {
  checkMigrations,
  DEFAULT_DATABASE_URL,
  diffMigrationsToSchema,
  type MigrationPathsOptions,
  type SchemaDrift,
} from "./check-migrations.ts";
export { type CreatedMigration, createMigration, migrationSlug } from "./create-migration.ts";
export { defaultMigrationsDir, defaultSchemaDir, findRepoRoot } from "./default-paths.ts";
export { MigrationError } from "./migration-error.ts";
