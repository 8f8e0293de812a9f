import { defineConfig } from "vitest/config";

// One runner for every suite: pure rules (unit), the API against real PostgreSQL/Redis (api),
// and browser journeys in Debian chromium against the built app (e2e).
export default defineConfig({
  test: {
    maxWorkers: 2,
    reporters: ["default", "./scripts/summary-reporter.ts"],
    projects: [
      {
        test: {
          name: "unit",
          include: ["packages/*/src/**/*.test.ts", "apps/*/src/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        test: {
          name: "api",
          include: ["apps/api/test/**/*.test.ts", "apps/worker/test/**/*.test.ts", "packages/core/test/**/*.test.ts"],
          globalSetup: ["packages/core/src/testing/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: "e2e",
          include: ["e2e/**/*.test.ts"],
          globalSetup: ["packages/core/src/testing/global-setup.ts"],
          fileParallelism: false,
          testTimeout: 90_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
