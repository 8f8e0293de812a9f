import { applyMigrations, createPrismaClient } from "@signet/core";
import type { BenchOptions } from "../lib/bench-options.ts";
import { allOf, p99AtMost, ratioAtLeast } from "../lib/goals.ts";
import { recreateDatabase } from "../lib/recreate-database.ts";
import { seedAccessOrganization } from "../lib/seed-access-organization.ts";
import { seedPackages } from "../lib/seed-packages.ts";
import { signIn } from "../lib/sign-in.ts";
import { startBenchServers } from "../lib/start-bench-servers.ts";
import type { PreparedScenario, Scenario } from "./scenario.ts";

const DATABASE_NAME = "signet_bench_workspace";
const PACKAGES = 20_000;

export const workspaceScenario: Scenario = {
  name: "workspace",
  description:
    `The workspace over ${PACKAGES} packages (two participants each, spread over seven groups, the caller seeing ` +
    "three): first page, a participant-name search and the status counts, against bare Fastify + pg " +
    "doing the first page's queries.",

  async setup(options: BenchOptions): Promise<PreparedScenario> {
    const databaseUrl = await recreateDatabase(options.serverUrl, DATABASE_NAME);
    await applyMigrations(databaseUrl);
    const seedDb = createPrismaClient(databaseUrl, { max: 2 });
    const seeded = await (async () => {
      const organization = await seedAccessOrganization(seedDb, 10);
      await seedPackages(seedDb, organization.organizationId, Object.values(organization.groupIds), PACKAGES);
      return organization;
    })().finally(() => seedDb.$disconnect());
    const servers = await startBenchServers(databaseUrl, options);
    try {
      const token = await signIn(servers.apiUrl, seeded.benchUser);
      const headers = { authorization: `Bearer ${token}` };
      const org = `${servers.apiUrl}/api/v1/organizations/${seeded.organizationId}`;
      return {
        targets: [
          {
            name: "api: workspace first page",
            url: `${org}/workspace-packages`,
            headers,
            goal: allOf(ratioAtLeast(0.5), p99AtMost(50)),
          },
          {
            name: "api: workspace search 'garcia'",
            url: `${org}/workspace-packages?text=garcia`,
            headers,
            goal: ratioAtLeast(0.5),
          },
          { name: "api: status counts", url: `${org}/package-status-counts`, headers, goal: ratioAtLeast(0.5) },
          {
            name: "baseline: workspace first page",
            url: `${servers.baselineUrl}/baseline/organizations/${seeded.organizationId}/workspace-packages`,
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
