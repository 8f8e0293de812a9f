import { mkdir, writeFile } from "node:fs/promises";
import { basename, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { ReportRow } from "./compare-to-baseline.ts";
import type { MachineInfo } from "./machine-info.ts";
import type { LoadSettings } from "./measurement.ts";
import { formatMarkdownTable } from "./print-table.ts";

export interface BenchReport {
  startedAt: string;
  finishedAt: string;
  machine: MachineInfo;
  load: LoadSettings;
  poolMax: number;
  /** 1-minute load average before and after: other work on the machine skews every number */
  loadAverage: { start: number; end: number };
  /** the scenarios this run measured, and those a plain `pnpm bench` runs that it left out */
  scenarios: { ran: string[]; notRun: string[] };
  rows: ReportRow[];
}

export interface ResultPlaces {
  /** every run's JSON, and latest.json (gitignored) */
  resultsDir: string;
  /** the page of the last run's figures, kept in git */
  page: string;
}

const DEFAULT_PLACES: ResultPlaces = {
  resultsDir: fileURLToPath(new URL("../results/", import.meta.url)),
  page: fileURLToPath(new URL("../RESULTS.md", import.meta.url)),
};

/**
 * bench/results/<ISO start time>.json (colons made dashes, for every file system), latest.json, and
 * bench/RESULTS.md in place of the last run's. A run of some scenarios only (`--scenario`, while
 * working on one path) leaves the page alone: the page is one whole run, every goal in one table.
 */
export async function writeResults(
  report: BenchReport,
  places: ResultPlaces = DEFAULT_PLACES,
): Promise<{ json: string; page: string | null }> {
  await mkdir(places.resultsDir, { recursive: true });
  const json = `${JSON.stringify(report, null, 2)}\n`;
  const file = join(places.resultsDir, `${report.startedAt.replaceAll(":", "-")}.json`);
  await writeFile(file, json);
  await writeFile(join(places.resultsDir, "latest.json"), json);
  if (report.scenarios.notRun.length > 0) return { json: file, page: null };
  await writeFile(places.page, formatResultsPage(report, basename(file)));
  return { json: file, page: places.page };
}

const minutes = (ms: number) => {
  const seconds = Math.round(ms / 1000);
  return seconds < 60 ? `${seconds} s` : `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
};
/** "2026-11-25 04:59 UTC" */
const utc = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

/**
 * The last run as a page people read in the repository: when, on what machine and under what
 * load, which scenarios, and the console's table. The method is described elsewhere (the link),
 * so the page holds figures only and a run can rewrite it whole.
 */
export function formatResultsPage(report: BenchReport, jsonName: string): string {
  const { machine, load, loadAverage, scenarios, rows } = report;
  const elapsed = Date.parse(report.finishedAt) - Date.parse(report.startedAt);
  const busy = loadAverage.start > machine.cpus / 2;
  const withGoal = rows.filter((row) => row.met !== null);
  const met = withGoal.filter((row) => row.met).length;
  const scenarioLine =
    scenarios.notRun.length === 0
      ? `${scenarios.ran.join(", ")} (all of a plain \`pnpm bench\`)`
      : `${scenarios.ran.join(", ")}; not run: ${scenarios.notRun.join(", ")}`;
  return [
    "# Benchmark results",
    "",
    "The figures of the last `pnpm bench` run, written by the run itself: each run replaces this page.",
    "How they are measured and what each scenario does:",
    "[docs/operations/benchmarks.md](../docs/operations/benchmarks.md).",
    "",
    `- **When:** ${utc(report.startedAt)} to ${utc(report.finishedAt)} (${minutes(elapsed)})`,
    `- **Scenarios:** ${scenarioLine}`,
    `- **Machine:** ${machine.cpus} × ${machine.cpuModel}, ${machine.memoryGb} GB, ${machine.platform} ${machine.arch}, ` +
      `Node ${machine.nodeVersion}, PostgreSQL ${machine.postgresVersion ?? "unknown"}, commit ${machine.commit ?? "unknown"}`,
    `- **Machine load** (1-minute average): ${loadAverage.start.toFixed(1)} at the start, ` +
      `${loadAverage.end.toFixed(1)} at the end, on ${machine.cpus} cores` +
      (busy ? ": the machine was busy, so the figures are noisy" : ""),
    `- **Load:** ${load.connections} connections unless the table says otherwise, ${load.warmupSeconds} s warm-up, ` +
      `${load.durationSeconds} s per target, database pool of ${report.poolMax}`,
    "",
    formatMarkdownTable(rows),
    "",
    `Goals met: ${met} of ${withGoal.length}. The full measurements, with status codes, are in ` +
      `\`bench/results/${jsonName}\` on the machine that ran them (not kept in git).`,
    "",
  ].join("\n");
}
