import { defineConfig } from "vitest/config";

// One runner for every suite: pure rules (unit), the API against real PostgreSQL/Redis (api),
// and browser journeys in Debian chromium against the built app (e2e).
// `isolate: false`: a worker keeps the modules it loaded from one test file to the next. Loading the
// API and core took seconds per file, most of the run; every file still gets its own database,
// Redis prefix, server and browser context.
export default defineConfig({
  test: {
    maxWorkers: 2,
    reporters: ["default", "./scripts/summary-reporter.ts"],
    projects: [
      {
        test: {
          name: "unit",
          isolate: false,
          // scripts/: the documentation's link check; bench/lib: the bench's report writers
          include: [
            "packages/*/src/**/*.test.ts",
            "apps/*/src/**/*.test.ts",
            "scripts/**/*.test.ts",
            "bench/lib/**/*.test.ts",
          ],
          environment: "node",
        },
      },
      {
        test: {
          name: "api",
          isolate: false,
          include: [
            "apps/api/test/**/*.test.ts",
            "apps/worker/test/**/*.test.ts",
            "apps/evault/test/**/*.test.ts",
            "apps/print-vendor/test/**/*.test.ts",
            "apps/idproof/test/**/*.test.ts",
            "apps/trust-services/test/**/*.test.ts",
            "packages/core/test/**/*.test.ts",
          ],
          globalSetup: ["packages/core/src/testing/global-setup.ts"],
          setupFiles: ["packages/core/src/testing/subscribe-audit-events.ts"],
          // tests that start processes (a compiled API, workers, `pnpm keys`) wait for them as long as a
          // loaded machine needs (at load 10, 30 s was not enough); a hang still fails, later
          testTimeout: 120_000,
          hookTimeout: 240_000,
          // expect.poll's own default (1 s) is shorter than a busy 2-core machine needs to answer
          expect: { poll: { timeout: 10_000 } },
        },
      },
      {
        test: {
          name: "e2e",
          include: ["e2e/**/*.test.ts"],
          globalSetup: ["packages/core/src/testing/global-setup.ts"],
          // after unit and api (a group of its own), two files at a time: a journey spends much of its
          // time waiting on the browser, so two keep both cores busy (one left the run 80% e2e)
          isolate: false,
          sequence: { groupOrder: 1 },
          testTimeout: 90_000,
          hookTimeout: 120_000,
          // a page under a loaded machine may take seconds to show what a poll waits for
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
});
