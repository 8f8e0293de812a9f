import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import base from "./vitest.config.ts";

// `pnpm test:compiled` (issue 18): the API and browser suites against the compiled server
// (`pnpm build` output) instead of the TypeScript sources. The workspace packages resolve through
// their `signet-dist` export condition, as `node --conditions=signet-dist` does in production, and
// the tests that start the server in-process take the compiled start-server.
const compiledApi = fileURLToPath(new URL("./apps/api/dist/index.js", import.meta.url));
const conditions = ["signet-dist", "node", "development"];
const compiled = {
  resolve: { conditions, alias: [{ find: /^(\.\.\/)+src\/start-server\.ts$/, replacement: compiledApi }] },
  ssr: { resolve: { conditions, externalConditions: ["signet-dist"] } },
};
// the compiled files run as Node runs them in production: loaded natively, not through Vite
const native = {
  execArgv: ["--conditions=signet-dist"],
  server: { deps: { external: [/\/dist\//] } },
  env: { SIGNET_TEST_COMPILED: "1" },
};

type Project = { test?: { name?: string } };
const projects = (base.test?.projects ?? []) as Project[];

export default defineConfig({
  ...base,
  test: {
    ...base.test,
    projects: projects
      .filter((project) => project.test?.name !== "unit")
      .map((project) => ({ ...project, ...compiled, test: { ...project.test, ...native } })),
  },
});
