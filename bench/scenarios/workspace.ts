import { randomBytes } from "node:crypto";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startServer } from "@signet/api";
import { applyMigrations, createPrismaClient } from "@signet/core";
import type { BenchOptions } from "../lib/bench-options.ts";
import { recreateDatabase } from "../lib/recreate-database.ts";
import { seedAccessOrganization } from "../lib/seed-access-organization.ts";
import { seedPackages } from "../lib/seed-packages.ts";
import { signIn } from "../lib/sign-in.ts";
import { startBaselineServer } from "../lib/start-baseline-server.ts";
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

    const closers: (() => Promise<void>)[] = [];
    const close = async () => {
      for (const closer of closers.reverse()) await closer().catch(() => {});
    };
    try {
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
      const org = `${api.url}/api/v1/organizations/${seeded.organizationId}`;
      return {
        targets: [
          { name: "api: workspace first page", url: `${org}/workspace-packages`, headers },
          { name: "api: workspace search 'garcia'", url: `${org}/workspace-packages?text=garcia`, headers },
          { name: "api: status counts", url: `${org}/package-status-counts`, headers },
          {
            name: "baseline: workspace first page",
            url: `${baseline.url}/baseline/organizations/${seeded.organizationId}/workspace-packages`,
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
