// `pnpm build`: compiles the server side to JavaScript, one ES module per workspace package, so that
// production runs plain `node` with no TypeScript loader (issue 18 §1). Each package keeps its own
// dependencies external (they resolve from its own node_modules, as pnpm installed them) and the
// workspace packages find each other's compiled entry through the `signet-dist` export condition
// (`node --conditions=signet-dist …`); tests and `pnpm start` keep running the sources.
import { cp, rm } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = fileURLToPath(new URL("..", import.meta.url));

const targets = [
  { dir: "packages/contract", entries: { index: "src/index.ts" } },
  { dir: "packages/core", entries: { index: "src/index.ts" } },
  {
    dir: "apps/api",
    entries: { index: "src/index.ts", main: "src/main.ts", keys: "src/cli/keys.ts", backup: "src/cli/backup.ts" },
  },
  { dir: "apps/worker", entries: { main: "src/main.ts" } },
  // what the reference services below share (tokens, protocol errors, test faults)
  { dir: "packages/reference-service", entries: { index: "src/index.ts" } },
  // the reference eVault (issue 15 §1): its own process and image stage, nothing shared with the API
  { dir: "apps/evault", entries: { index: "src/index.ts", main: "src/main.ts" } },
  // the reference identity-proofing provider (issue 16 §2)
  { dir: "apps/idproof", entries: { index: "src/index.ts", main: "src/main.ts" } },
  // the reference print vendor (issue 16 §4)
  { dir: "apps/print-vendor", entries: { index: "src/index.ts", main: "src/main.ts" } },
  // the reference trust services: CA, TSA, OCSP, CRLs (issue 32 §2)
  { dir: "apps/trust-services", entries: { index: "src/index.ts", main: "src/main.ts" } },
];

const started = performance.now();
for (const target of targets) {
  const cwd = `${root}${target.dir}/`;
  await rm(`${cwd}dist`, { recursive: true, force: true });
  await build({
    absWorkingDir: cwd,
    entryPoints: target.entries,
    outdir: "dist",
    bundle: true,
    // bare imports (npm packages and the other workspace packages) stay imports
    packages: "external",
    platform: "node",
    format: "esm",
    target: "node20.19",
    sourcemap: true,
    logLevel: "warning",
    // a dependency that is only CommonJS may call require(): give the ES module one
    banner: {
      js: "import { createRequire as __signetRequire } from 'node:module'; const require = __signetRequire(import.meta.url);",
    },
  });
}
// what the compiled core reads from disk: the seal font and the database migrations
await cp(`${root}prisma/migrations`, `${root}packages/core/dist/migrations`, { recursive: true });
console.log(`  compiled ${targets.map((t) => t.dir).join(", ")} in ${Math.round(performance.now() - started)} ms`);
