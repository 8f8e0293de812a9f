import { randomBytes } from "node:crypto";
import { fillPath, routes, routeUrl } from "@signet/contract";
import { createPrismaClient, grantRoles } from "@signet/core";
import type { BenchOptions } from "../lib/bench-options.ts";
import { allOf, extraAtMost, ratioAtLeast } from "../lib/goals.ts";
import type { LoadSettings, Measurement, Target } from "../lib/measurement.ts";
import { percentile } from "../lib/percentile.ts";
import { sampleRss } from "../lib/rss-sampler.ts";
import { seedLargeOrganization } from "../lib/seed-large-organization.ts";
import { signIn } from "../lib/sign-in.ts";
import { startApiChild } from "../lib/start-api-child.ts";
import { startBaselineServer } from "../lib/start-baseline-server.ts";
import type { PreparedScenario, Scenario } from "./scenario.ts";

const DATABASE_NAME = "signet_bench_report_csv";
const PACKAGES = 1_000_000;
/** Issue 35: "memory flat" — the API's RSS grows by at most this over whole downloads of the file. */
const RSS_GROWTH_MB = 64;
/** Nothing here filters by text: the trigram index over a million packages is not built (as in growth). */
const LEFT_OUT_INDEXES = ["Package_searchText_idx"];
const NEWLINE = 0x0a;

/** Downloads the file to its end; answers its rows (lines after the header: no cell of the bench's rows holds a line break). */
async function download(url: string, headers: Record<string, string>): Promise<number> {
  const response = await fetch(url, { headers, signal: AbortSignal.timeout(600_000) });
  if (response.status !== 200 || !response.body) {
    throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
  }
  let lines = 0;
  const reader = response.body.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    const chunk = read.value;
    for (let at = chunk.indexOf(NEWLINE); at >= 0; at = chunk.indexOf(NEWLINE, at + 1)) lines++;
  }
  return lines - 1;
}

/**
 * Whole downloads one after the other, first for the warm-up, then for the measured time (at least
 * one each, however long it takes); the rate is rows over the measured seconds. Every download must
 * hold every package, on both sides: a short file would look fast. The server's RSS is sampled over
 * the measured downloads.
 */
function csvTarget(name: string, url: string, headers: Record<string, string>, pid: number) {
  return async (load: LoadSettings): Promise<Measurement> => {
    const run = async (seconds: number) => {
      const times: number[] = [];
      let rows = 0;
      const startedAt = performance.now();
      do {
        const start = performance.now();
        const got = await download(url, headers);
        if (got !== PACKAGES) throw new Error(`${name}: the file held ${got} rows, not ${PACKAGES}`);
        times.push(performance.now() - start);
        rows += got;
      } while (performance.now() - startedAt < seconds * 1000);
      return { times, rows, seconds: (performance.now() - startedAt) / 1000 };
    };
    if (load.warmupSeconds > 0) await run(load.warmupSeconds);
    const rss = sampleRss(pid);
    const measured = await run(load.durationSeconds);
    const { growthMb, peakMb } = rss.stop();
    const sorted = Float64Array.from(measured.times).sort();
    return {
      target: name,
      path: new URL(url).pathname,
      connections: 1,
      requestsPerSecond: measured.rows / measured.seconds,
      totalRequests: measured.rows,
      durationSeconds: measured.seconds,
      p50Ms: percentile(sorted, 0.5),
      p99Ms: percentile(sorted, 0.99),
      errors: 0,
      timeouts: 0,
      non2xx: 0,
      statusCodes: { 200: measured.times.length },
      extra: { downloads: measured.times.length, rssGrowthMb: Math.round(growthMb), rssPeakMb: Math.round(peakMb) },
    };
  };
}

/** The bench user sees three of the seven groups; a Viewer role at the root makes the report the whole organization. */
async function letBenchUserSeeEverything(databaseUrl: string, organizationId: string, rootGroupId: string) {
  const db = createPrismaClient(databaseUrl, { max: 1 });
  try {
    const viewer = await db.role.findFirstOrThrow({ where: { organizationId, name: "Viewer" }, select: { id: true } });
    const user = await db.user.findFirstOrThrow({ where: { email: "bench@bench.signet.local" }, select: { id: true } });
    await grantRoles(db, { organizationId, groupId: rootGroupId, userId: user.id, roleIds: [viewer.id] });
  } finally {
    await db.$disconnect();
  }
}

export const reportCsvScenario: Scenario = {
  name: "report-csv",
  description:
    `The package report CSV of an organization of ${PACKAGES.toLocaleString("en")} packages, every one visible to ` +
    "the caller (GET …/reports/packages.csv with a bearer token, the API in its own process), whole downloads read " +
    "to the end one after the other, in rows a second, against bare Fastify piping PostgreSQL's own " +
    "COPY (SELECT the same columns, joins and order) TO STDOUT WITH CSV (pg-copy-streams). The API's RSS is " +
    `sampled over the downloads: goal ≥ 0.50× the baseline's rows a second and RSS growth ≤ ${RSS_GROWTH_MB} MB.`,
  connections: 1,
  // seeding a million packages by COPY and building their indexes (about 4 minutes on a busy 2-core
  // machine), then whole downloads of 40–100 s each: a warm-up one and at least one measured, each side
  extraTimeSeconds: () => 600,

  async setup(options: BenchOptions): Promise<PreparedScenario> {
    const organization = await seedLargeOrganization(options.serverUrl, DATABASE_NAME, LEFT_OUT_INDEXES);
    await organization.growTo(PACKAGES);
    const { seeded, databaseUrl } = organization;
    await letBenchUserSeeEverything(databaseUrl, seeded.organizationId, seeded.groupIds["Head Office"]!);

    const closers: (() => Promise<void>)[] = [];
    const close = async () => {
      for (const closer of closers.reverse()) await closer().catch(() => {});
    };
    try {
      // the baseline verifies the API's tokens: both get the same secret
      const authSecret = randomBytes(48).toString("base64url");
      const api = await startApiChild(databaseUrl, options, { AUTH_SECRET: authSecret });
      closers.push(api.stop);
      const baseline = await startBaselineServer(databaseUrl, options.poolMax, authSecret);
      closers.push(baseline.stop);
      const headers = { authorization: `Bearer ${await signIn(api.url, seeded.benchUser)}` };
      const orgId = seeded.organizationId;
      const apiUrl = `${api.url}${fillPath(routeUrl(routes.packageReportCsv), { orgId })}`;
      const baselineUrl = `${baseline.url}/baseline/organizations/${orgId}/package-report.csv`;
      const targets: Target[] = [
        {
          name: "api: package report CSV, 1M rows",
          measure: csvTarget("api: package report CSV, 1M rows", apiUrl, headers, api.pid),
          goal: allOf(ratioAtLeast(0.5), extraAtMost("rssGrowthMb", RSS_GROWTH_MB, "MB")),
        },
        {
          name: "baseline: COPY … TO STDOUT CSV piped",
          measure: csvTarget("baseline: COPY … TO STDOUT CSV piped", baselineUrl, headers, baseline.pid),
          baseline: true,
        },
      ];
      return { targets, close };
    } catch (error) {
      await close();
      throw error;
    }
  },
};
