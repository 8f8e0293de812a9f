import { relative } from "node:path";
import type { BenchOptions } from "../lib/bench-options.ts";
import type { Goal } from "../lib/goals.ts";
import type { Measurement } from "../lib/measurement.ts";
import { percentile } from "../lib/percentile.ts";
import { runSoak } from "../lib/soak/run-soak.ts";
import { readSoakOptions } from "../lib/soak/soak-options.ts";
import { formatSoakReport, GROWTH_LIMIT_PERCENT, verdictOf } from "../lib/soak/soak-report.ts";
import { startSoakStack, WORKERS } from "../lib/soak/soak-stack.ts";
import { writeSoakReport } from "../lib/soak/write-soak-report.ts";
import type { PreparedScenario, Scenario } from "./scenario.ts";

const progress = (line: string) => process.stderr.write(`bench: soak: ${line}\n`);

/** Errors 0, and growth under the limit where the run was long enough to judge it (see the report). */
const soakGoal: Goal = {
  text: `errors 0, RSS/heap growth < ${GROWTH_LIMIT_PERCENT} %`,
  met: (row) => row.errors === 0 && (row.extra?.["worst growth %"] ?? Number.NEGATIVE_INFINITY) < GROWTH_LIMIT_PERCENT,
};

export const soakScenario: Scenario = {
  name: "soak",
  description:
    "Issue 29 §4: mixed journeys (sign-in, workspace, create, participant, upload, tags, send, signing link; the " +
    "participant's room, consent, document, signature, fills, finish; the seal and its webhooks) against the " +
    `compiled API with Redis and ${WORKERS} compiled workers: the maximum probed closed-loop, then an open loop at ` +
    "SOAK_LOAD (70 %) of it for SOAK_MINUTES (30), sampled every 10 s (bench/lib/soak, docs/operations/soak.md). " +
    "Only when named: `pnpm bench --scenario soak`.",
  optIn: true,
  extraTimeSeconds() {
    const soak = readSoakOptions();
    // the run, the probe's steps with their last journeys, the stack's start and the drain
    return soak.minutes * 60 + 6 * (soak.probeStepSeconds + 60) + 600;
  },

  async setup(options: BenchOptions): Promise<PreparedScenario> {
    const soak = readSoakOptions();
    const stack = await startSoakStack(options);
    return {
      targets: [
        {
          name:
            soak.fixedRate === null
              ? `soak: open loop at ${Math.round(soak.loadFraction * 100)} % of the maximum, ${soak.minutes} min`
              : `soak: open loop at ${soak.fixedRate} journeys/s, ${soak.minutes} min`,
          goal: soakGoal,
          async measure(): Promise<Measurement> {
            const summary = await runSoak(stack, soak, progress);
            const markdown = formatSoakReport(summary);
            const file = await writeSoakReport(summary, markdown);
            process.stdout.write(`\n${markdown}\nsoak report: ${relative(process.cwd(), file)}\n`);
            const verdict = verdictOf(summary);
            const sorted = Float64Array.from(summary.total.timesMs).sort();
            const seconds = summary.minutes * 60;
            const httpErrors = Object.entries(summary.total.errors)
              .filter(([kind]) => kind.includes(": HTTP "))
              .reduce((total, [, count]) => total + count, 0);
            return {
              target: "mixed journeys",
              path: "(journeys)",
              connections: 0,
              requestsPerSecond: summary.total.requests / seconds,
              totalRequests: summary.total.requests,
              durationSeconds: seconds,
              p50Ms: percentile(sorted, 0.5),
              p99Ms: percentile(sorted, 0.99),
              errors: verdict.errors - httpErrors,
              timeouts: 0,
              non2xx: httpErrors,
              statusCodes: {},
              extra: {
                "journeys/s": summary.total.journeys / seconds,
                ...(summary.maximumJourneysPerSecond === null
                  ? {}
                  : { "max journeys/s": summary.maximumJourneysPerSecond }),
                ...(verdict.worstGrowthPercent === null ? {} : { "worst growth %": verdict.worstGrowthPercent }),
              },
            };
          },
        },
      ],
      close: stack.close,
    };
  },
};
