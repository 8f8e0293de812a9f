import { randomBytes } from "node:crypto";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startServer } from "@signet/api";
import { applyMigrations, createPrismaClient } from "@signet/core";
import type { BenchOptions } from "../lib/bench-options.ts";
import { recreateDatabase } from "../lib/recreate-database.ts";
import { seedAccessOrganization } from "../lib/seed-access-organization.ts";
import { signIn } from "../lib/sign-in.ts";
import { startBaselineServer } from "../lib/start-baseline-server.ts";
import type { PreparedScenario, Scenario } from "./scenario.ts";

const DATABASE_NAME = "signet_bench";

export const permissionsScenario: Scenario = {
  name: "permissions",
  description:
    "An authenticated read: the bench user's permissions in their organization (token check, groups, " +
    "member roles, organization row), against bare Fastify + pg doing the same queries.",

  async setup(options: BenchOptions): Promise<PreparedScenario> {
    const databaseUrl = await recreateDatabase(options.serverUrl, DATABASE_NAME);
    await applyMigrations(databaseUrl);
    const seedDb = createPrismaClient(databaseUrl, { max: 2 });
    const seeded = await seedAccessOrganization(seedDb).finally(() => seedDb.$disconnect());

    const closers: (() => Promise<void>)[] = [];
    const close = async () => {
      for (const closer of closers.reverse()) await closer().catch(() => {});
    };
    try {
      // An explicit environment, not process.env: a REDIS_URL or LOG_LEVEL of the shell must not change the numbers.
      const api = await startServer(
        {
          DATABASE_URL: databaseUrl,
          DATABASE_POOL_MAX: String(options.poolMax),
          HOST: "127.0.0.1",
          PORT: "0",
          LOG_LEVEL: "silent",
          SEED_DEMO: "false",
          AUTH_SECRET: randomBytes(48).toString("base64url"),
          LOGIN_RATE_LIMIT_MAX: "1000000",
          DATA_DIR: join(tmpdir(), "signet-bench"),
        },
        { logLevel: "silent" },
      );
      closers.push(() => api.close());
      const baseline = await startBaselineServer(databaseUrl, options.poolMax);
      closers.push(() => baseline.stop());

      const token = await signIn(api.url, seeded.benchUser);
      const headers = { authorization: `Bearer ${token}` };
      const orgId = seeded.organizationId;
      return {
        targets: [
          { name: "api: permissions", url: `${api.url}/api/v1/organizations/${orgId}/users/me/permissions`, headers },
          { name: "api: my organizations", url: `${api.url}/api/v1/users/me/organizations`, headers },
          {
            name: "baseline: permissions",
            url: `${baseline.url}/baseline/organizations/${orgId}/users/me/permissions`,
            headers,
            baseline: true,
          },
        ],
        close,
      };
    } catch (error) {
      await close();
      throw error;
    }
  },
};
