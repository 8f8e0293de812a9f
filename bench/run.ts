// `pnpm bench`: runs each scenario's targets under the same load, one at a time, prints a table,
// writes bench/results/<time>.json and rewrites bench/RESULTS.md with the run's figures (the method is
// docs/operations/benchmarks.md). Not part of the test suite: numbers depend on the machine.
// The soak (half an hour) runs only when named: `pnpm bench --scenario soak` (docs/operations/soak.md).
import os from "node:os";
import { relative } from "node:path";
import { readBenchOptions } from "./lib/bench-options.ts";
import { checkTarget } from "./lib/check-target.ts";
import { compareToBaseline, type ReportRow } from "./lib/compare-to-baseline.ts";
import { describeMachine } from "./lib/machine-info.ts";
import { measureTarget } from "./lib/measure-target.ts";
import type { Measurement } from "./lib/measurement.ts";
import { mergeMeasurements } from "./lib/merge-measurements.ts";
import { formatTable } from "./lib/print-table.ts";
import { writeResults } from "./lib/write-results.ts";
import { allScenarios } from "./scenarios/all-scenarios.ts";

const progress = (line: string) => process.stderr.write(`bench: ${line}\n`);

async function main(): Promise<number> {
  const options = readBenchOptions();
  const unknown = options.scenarioNames.filter((name) => !allScenarios.some((scenario) => scenario.name === name));
  if (unknown.length > 0) {
    throw new Error(`Unknown scenario ${unknown.join(", ")}; known: ${allScenarios.map((s) => s.name).join(", ")}`);
  }
  const scenarios = allScenarios.filter((scenario) =>
    options.scenarioNames.length === 0 ? !scenario.optIn : options.scenarioNames.includes(scenario.name),
  );
  const timeLimitSeconds =
    options.timeLimitSeconds + scenarios.reduce((total, scenario) => total + (scenario.extraTimeSeconds?.() ?? 0), 0);
  // Every step has its own bound; this one catches whatever they miss.
  setTimeout(() => {
    progress(`stopped: over the time limit of ${timeLimitSeconds} s`);
    process.exit(2);
  }, timeLimitSeconds * 1000).unref();

  const startedAt = new Date().toISOString();
  const loadAtStart = os.loadavg()[0]!;
  const rows: ReportRow[] = [];
  for (const scenario of scenarios) {
    const load = {
      ...options.load,
      connections: scenario.connections ?? options.load.connections,
      durationSeconds: options.load.durationSeconds * (scenario.durationScale ?? 1),
    };
    const { connections, durationSeconds, warmupSeconds } = load;
    progress(`${scenario.name}: setting up`);
    const prepared = await scenario.setup(options);
    try {
      for (const target of prepared.targets) await checkTarget(target);
      const rounds = scenario.rounds ?? 1;
      const untakeable = rounds > 1 ? prepared.targets.find((target) => target.measure) : undefined;
      if (untakeable) throw new Error(`${scenario.name}: ${untakeable.name} cannot take turns`);
      const turns: Measurement[][] = prepared.targets.map(() => []);
      for (let round = 0; round < rounds; round++) {
        const turn = {
          ...load,
          durationSeconds: durationSeconds / rounds,
          warmupSeconds: round === 0 ? warmupSeconds : 0,
        };
        for (const [index, target] of prepared.targets.entries()) {
          progress(
            `${scenario.name}: ${target.name} — ${connections} connections, ${turn.warmupSeconds} s warm-up + ` +
              `${turn.durationSeconds} s${rounds > 1 ? ` (turn ${round + 1} of ${rounds})` : ""}`,
          );
          turns[index]!.push(await measureTarget(target, turn));
        }
      }
      const measurements = turns.map(mergeMeasurements);
      rows.push(...compareToBaseline(scenario.name, prepared.targets, measurements));
    } finally {
      await prepared.close();
    }
  }

  const written = await writeResults({
    startedAt,
    finishedAt: new Date().toISOString(),
    machine: await describeMachine(options.serverUrl),
    load: options.load,
    poolMax: options.poolMax,
    loadAverage: { start: loadAtStart, end: os.loadavg()[0]! },
    scenarios: {
      ran: scenarios.map((scenario) => scenario.name),
      notRun: allScenarios
        .filter((scenario) => !scenario.optIn && !scenarios.includes(scenario))
        .map((scenario) => scenario.name),
    },
    rows,
  });
  const withGoal = rows.filter((row) => row.met !== null);
  const met = withGoal.filter((row) => row.met).length;
  process.stdout.write(
    `\n${formatTable(rows)}\n\ngoals met: ${met} of ${withGoal.length}\nresults: ${relative(process.cwd(), written.json)}\n` +
      (written.page
        ? `summary: ${relative(process.cwd(), written.page)}\n`
        : "summary: bench/RESULTS.md left as it was (only a whole run rewrites it)\n"),
  );

  if (loadAtStart > os.availableParallelism() / 2) {
    progress(
      `the machine was busy (load ${loadAtStart.toFixed(1)} on ${os.availableParallelism()} cpus): numbers are noisy`,
    );
  }
  const failing = rows.filter((row) => row.errors > 0 || row.non2xx > 0);
  for (const row of failing) {
    progress(
      `${row.scenario}: ${row.target} had ${row.errors} errors and ${row.non2xx} non-2xx answers ${JSON.stringify(row.statusCodes)}`,
    );
  }
  return failing.length > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    progress(error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exit(1);
  },
);
