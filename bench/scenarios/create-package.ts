import type { BenchOptions } from "../lib/bench-options.ts";
import { ratioAtLeast } from "../lib/goals.ts";
import { prepareApiOrganization } from "../lib/prepare-api-organization.ts";
import { signIn } from "../lib/sign-in.ts";
import { startChildServer } from "../lib/start-child-server.ts";
import type { PreparedScenario, Scenario } from "./scenario.ts";

const DATABASE_NAME = "signet_bench_create_package";

export const createPackageScenario: Scenario = {
  name: "create-package",
  description:
    "POST /api/v9/organizations/:orgId/packages with a name and two groups (the use case: access check, " +
    "group checks, the package, its groups and the audit event in one transaction, the package view back), " +
    "against bare Fastify + pg making the same rows in one statement (SQL in lib/create-package-baseline-server.ts).",

  async setup(options: BenchOptions): Promise<PreparedScenario> {
    const prepared = await prepareApiOrganization(options, DATABASE_NAME);
    const closers: (() => Promise<void>)[] = [prepared.api.stop];
    const close = async () => {
      for (const closer of closers.reverse()) await closer().catch(() => {});
    };
    try {
      const { seeded, api } = prepared;
      const baseline = await startChildServer(
        new URL("../lib/create-package-baseline-server.ts", import.meta.url),
        {
          BASELINE_DATABASE_URL: prepared.databaseUrl,
          BASELINE_POOL_MAX: String(options.poolMax),
          BASELINE_ORGANIZATION_ID: seeded.organizationId,
          BASELINE_USER_ID: prepared.benchUserId,
        },
        "create-package baseline",
      );
      closers.push(baseline.stop);
      const token = await signIn(api.url, seeded.benchUser);
      // two groups where the bench user manages packages (Sender in Sales, inherited by Sales East)
      const body = JSON.stringify({
        name: "Okafor refinance",
        groupIds: [seeded.groupIds.Sales, seeded.groupIds["Sales East"]],
      });
      const json = { "content-type": "application/json" };
      return {
        targets: [
          {
            name: "api: create package",
            url: `${api.url}/api/v9/organizations/${seeded.organizationId}/packages`,
            method: "POST",
            headers: { ...json, authorization: `Bearer ${token}` },
            body,
            goal: ratioAtLeast(0.8),
            serverPid: api.pid,
          },
          {
            name: "baseline: same rows, one statement",
            url: `${baseline.url}/baseline/packages`,
            method: "POST",
            headers: json,
            body,
            baseline: true,
            serverPid: baseline.pid,
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
