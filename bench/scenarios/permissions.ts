import { applyMigrations, createPrismaClient } from "@signet/core";
import type { BenchOptions } from "../lib/bench-options.ts";
import { ratioAtLeast } from "../lib/goals.ts";
import { recreateDatabase } from "../lib/recreate-database.ts";
import { seedAccessOrganization } from "../lib/seed-access-organization.ts";
import { signIn } from "../lib/sign-in.ts";
import { startBenchServers } from "../lib/start-bench-servers.ts";
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
    const servers = await startBenchServers(databaseUrl, options);
    try {
      const token = await signIn(servers.apiUrl, seeded.benchUser);
      const headers = { authorization: `Bearer ${token}` };
      const orgId = seeded.organizationId;
      return {
        targets: [
          {
            name: "api: permissions",
            url: `${servers.apiUrl}/api/v1/organizations/${orgId}/users/me/permissions`,
            headers,
            goal: ratioAtLeast(0.5),
          },
          {
            name: "api: my organizations",
            url: `${servers.apiUrl}/api/v1/users/me/organizations`,
            headers,
            goal: ratioAtLeast(0.5),
          },
          {
            name: "baseline: permissions",
            url: `${servers.baselineUrl}/baseline/organizations/${orgId}/users/me/permissions`,
            headers,
            baseline: true,
          },
        ],
        close: servers.close,
      };
    } catch (error) {
      await servers.close();
      throw error;
    }
  },
};
