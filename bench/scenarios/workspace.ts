import { assertSameAnswer, assertSameShape } from "../lib/assert-same-shape.ts";
import type { BenchOptions } from "../lib/bench-options.ts";
import { allOf, p99AtMost, ratioAtLeast } from "../lib/goals.ts";
import type { Target } from "../lib/measurement.ts";
import { seedLargeOrganization } from "../lib/seed-large-organization.ts";
import { signIn } from "../lib/sign-in.ts";
import { startBenchServers, withServerPids } from "../lib/start-bench-servers.ts";
import type { PreparedScenario, Scenario } from "./scenario.ts";

const DATABASE_NAME = "signet_bench_workspace";
const PACKAGES = 100_000;

export const workspaceScenario: Scenario = {
  name: "workspace",
  description:
    `The workspace over an organization of ${PACKAGES.toLocaleString("en")} packages (seeded by COPY: two ` +
    "participants each, statuses spread, seven groups, every tenth package shared with a second group; the " +
    "caller sees three groups, about 3/7 of them): first page, a participant-name search ('garcia': a quarter " +
    "of the packages) and the status counts, each against bare Fastify + pg answering the same JSON in one " +
    "hand-written statement (bench/lib/baselines/workspace.ts).",

  async setup(options: BenchOptions): Promise<PreparedScenario> {
    const organization = await seedLargeOrganization(options.serverUrl, DATABASE_NAME);
    await organization.growTo(PACKAGES);
    const { seeded } = organization;
    const servers = await startBenchServers(organization.databaseUrl, options);
    try {
      const token = await signIn(servers.apiUrl, seeded.benchUser);
      const headers = { authorization: `Bearer ${token}` };
      const api = `${servers.apiUrl}/api/v1/organizations/${seeded.organizationId}`;
      const baseline = `${servers.baselineUrl}/baseline/organizations/${seeded.organizationId}`;
      const pairs: [Target, Target][] = [
        [
          {
            name: "api: workspace first page",
            url: `${api}/workspace-packages`,
            headers,
            goal: allOf(ratioAtLeast(0.8), p99AtMost(50)),
            compareWith: "baseline: workspace first page",
          },
          { name: "baseline: workspace first page", url: `${baseline}/workspace-packages`, headers, baseline: true },
        ],
        [
          {
            name: "api: workspace search 'garcia'",
            url: `${api}/workspace-packages?text=garcia`,
            headers,
            goal: ratioAtLeast(0.8),
            compareWith: "baseline: workspace search 'garcia'",
          },
          {
            name: "baseline: workspace search 'garcia'",
            url: `${baseline}/workspace-packages?text=garcia`,
            headers,
            baseline: true,
          },
        ],
        [
          {
            name: "api: status counts",
            url: `${api}/package-status-counts`,
            headers,
            goal: ratioAtLeast(0.8),
            compareWith: "baseline: status counts",
          },
          { name: "baseline: status counts", url: `${baseline}/package-status-counts`, headers, baseline: true },
        ],
      ];
      for (const [apiTarget, baselineTarget] of pairs) await assertSameShape(apiTarget, baselineTarget);
      // the same totals too: both read counts the database keeps, which the seeding must have kept right
      const total = (answer: { count: number }) => answer.count;
      await assertSameAnswer(pairs[0]![0], pairs[0]![1], total);
      await assertSameAnswer(pairs[1]![0], pairs[1]![1], total);
      await assertSameAnswer(pairs[2]![0], pairs[2]![1]);
      return { targets: withServerPids(servers, pairs.flat()), close: servers.close };
    } catch (error) {
      await servers.close();
      throw error;
    }
  },
};
