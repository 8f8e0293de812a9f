import { applyMigrations, createPrismaClient } from "@signet/core";
import { assertSameShape } from "../lib/assert-same-shape.ts";
import type { BenchOptions } from "../lib/bench-options.ts";
import { ratioAtLeast } from "../lib/goals.ts";
import type { Target } from "../lib/measurement.ts";
import { recreateDatabase } from "../lib/recreate-database.ts";
import { seedAccessOrganization } from "../lib/seed-access-organization.ts";
import { signIn } from "../lib/sign-in.ts";
import { startBenchServers, withServerPids } from "../lib/start-bench-servers.ts";
import type { PreparedScenario, Scenario } from "./scenario.ts";

const DATABASE_NAME = "signet_bench";

export const permissionsScenario: Scenario = {
  name: "permissions",
  description:
    "Authenticated reads: the bench user's permissions in their organization and their organizations, each " +
    "against bare Fastify + pg answering the same JSON with one hand-written statement (JWT verified with the " +
    "same secret, token row, group tree and roles, organization row — bench/lib/baselines/permissions.ts).",

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
      const targets: Target[] = [
        {
          name: "api: permissions",
          url: `${servers.apiUrl}/api/v1/organizations/${orgId}/users/me/permissions`,
          headers,
          goal: ratioAtLeast(0.8),
          compareWith: "baseline: permissions",
        },
        {
          name: "api: my organizations",
          url: `${servers.apiUrl}/api/v1/users/me/organizations`,
          headers,
          goal: ratioAtLeast(0.8),
          compareWith: "baseline: my organizations",
        },
        {
          name: "baseline: permissions",
          url: `${servers.baselineUrl}/baseline/organizations/${orgId}/users/me/permissions`,
          headers,
          baseline: true,
        },
        {
          name: "baseline: my organizations",
          url: `${servers.baselineUrl}/baseline/users/me/organizations`,
          headers,
          baseline: true,
        },
      ];
      await assertSameShape(targets[0]!, targets[2]!);
      await assertSameShape(targets[1]!, targets[3]!);
      return { targets: withServerPids(servers, targets), close: servers.close };
    } catch (error) {
      await servers.close();
      throw error;
    }
  },
};
