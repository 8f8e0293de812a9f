import { withDatabaseName } from "../database-url.ts";
import { defaultMigrationsDir, defaultSchemaDir } from "./default-paths.ts";
import { toMigrationError } from "./migration-error.ts";
import { readMigrationList, readSchemaFiles } from "./read-migrations.ts";
import { withSchemaEngine } from "./with-schema-engine.ts";

export const DEFAULT_DATABASE_URL = "postgresql://postgres@127.0.0.1:5432/postgres";

export interface MigrationPathsOptions {
  /** Any database on the server where the shadow database may be created; defaults to DATABASE_URL. */
  databaseUrl?: string;
  /** Defaults to <repo>/prisma/schema. */
  schemaDir?: string;
  /** Defaults to <repo>/prisma/migrations. */
  migrationsDir?: string;
}

export interface SchemaDrift {
  /** The SQL that would bring the migrations up to the schema; null when there is nothing to do. */
  script: string | null;
}

/**
 * Replays the migrations directory into a throw-away shadow database and diffs it against the
 * Prisma schema folder.
 */
export async function diffMigrationsToSchema(options: MigrationPathsOptions = {}): Promise<SchemaDrift> {
  const serverUrl = withDatabaseName(
    options.databaseUrl ?? process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL,
    "postgres",
  );
  const migrationsDir = options.migrationsDir ?? defaultMigrationsDir();
  const schemaDir = options.schemaDir ?? defaultSchemaDir();
  try {
    const [migrations, files] = await Promise.all([
      readMigrationList(migrationsDir, { assumeLockFile: true }),
      readSchemaFiles(schemaDir),
    ]);
    const { exitCode, stdout } = await withSchemaEngine(serverUrl, (engine) =>
      engine.diff({
        from: { tag: "migrations", ...migrations },
        to: { tag: "schemaDatamodel", files },
        script: true,
        // With exitCode the engine answers 2 when the diff is not empty, 0 when it is.
        exitCode: true,
        filters: { externalTables: [], externalEnums: [] },
      }),
    );
    return { script: exitCode === 2 ? (stdout ?? "") : null };
  } catch (error) {
    throw toMigrationError(error, `Comparing ${migrationsDir} with ${schemaDir} failed`);
  }
}

/** Whether the committed migrations produce exactly the schema: the CI check. */
export async function checkMigrations(
  options: MigrationPathsOptions = {},
): Promise<{ upToDate: boolean } & SchemaDrift> {
  const drift = await diffMigrationsToSchema(options);
  return { upToDate: drift.script === null, ...drift };
}
