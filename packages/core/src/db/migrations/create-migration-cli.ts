// `pnpm db:migration <name>` writes the next migration; `pnpm db:migration --check` fails (exit 1)
// when the Prisma schema has changes no migration captures (run in CI). `--schema-dir <dir>` and
// `--migrations-dir <dir>` point it elsewhere than prisma/schema and prisma/migrations.
import path from "node:path";
import { parseArgs } from "node:util";
import { checkMigrations } from "./check-migrations.ts";
import { createMigration } from "./create-migration.ts";
import { findRepoRoot } from "./default-paths.ts";

const USAGE =
  "Usage: pnpm db:migration <name>  |  pnpm db:migration --check  [--schema-dir <dir>] [--migrations-dir <dir>]";

async function main(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      check: { type: "boolean" },
      help: { type: "boolean", short: "h" },
      "schema-dir": { type: "string" },
      "migrations-dir": { type: "string" },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  // `pnpm db:migration` runs in packages/core; relative paths mean where the user typed them.
  const base = process.env.INIT_CWD ?? process.cwd();
  const paths = {
    ...(values["schema-dir"] ? { schemaDir: path.resolve(base, values["schema-dir"]) } : {}),
    ...(values["migrations-dir"] ? { migrationsDir: path.resolve(base, values["migrations-dir"]) } : {}),
  };
  if (values.check) {
    const { upToDate, script } = await checkMigrations(paths);
    if (upToDate) {
      console.log("Migrations are up to date with prisma/schema.");
      return 0;
    }
    console.error(
      "prisma/schema has changes that no migration captures. Run `pnpm db:migration <name>` and commit the result.\n" +
        "The missing migration would be:\n\n" +
        script,
    );
    return 1;
  }
  if (positionals.length !== 1 || !positionals[0]) {
    console.error(USAGE);
    return 2;
  }
  const created = await createMigration(positionals[0], paths);
  if (!created.file) {
    console.log("No schema changes");
    return 0;
  }
  console.log(`Created ${path.relative(findRepoRoot(), created.file)}`);
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  },
);
