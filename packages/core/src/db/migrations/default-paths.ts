import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

let cachedRoot: string | undefined;

/** The monorepo root: the nearest ancestor of this file holding pnpm-workspace.yaml. */
export function findRepoRoot(): string {
  if (cachedRoot) return cachedRoot;
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, "pnpm-workspace.yaml"))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`No pnpm-workspace.yaml above ${fileURLToPath(import.meta.url)}`);
    dir = parent;
  }
  cachedRoot = dir;
  return dir;
}

/** The compiled package carries its own copy (dist/migrations, scripts/build-server.mjs): a deploy has no repository. */
export function defaultMigrationsDir(): string {
  const bundled = fileURLToPath(new URL("./migrations", import.meta.url));
  if (import.meta.url.endsWith("/dist/index.js") && existsSync(bundled)) return bundled;
  return path.join(findRepoRoot(), "prisma", "migrations");
}

export function defaultSchemaDir(): string {
  return path.join(findRepoRoot(), "prisma", "schema");
}
