import { mkdir, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import type { ReportRow } from "./compare-to-baseline.ts";
import type { MachineInfo } from "./machine-info.ts";
import type { LoadSettings } from "./measurement.ts";

export interface BenchReport {
  startedAt: string;
  finishedAt: string;
  machine: MachineInfo;
  load: LoadSettings;
  poolMax: number;
  /** 1-minute load average before and after: other work on the machine skews every number */
  loadAverage: { start: number; end: number };
  rows: ReportRow[];
}

const RESULTS_DIR = fileURLToPath(new URL("../results/", import.meta.url));

/** bench/results/<ISO start time>.json (colons made dashes, for every file system) and latest.json. */
export async function writeResults(report: BenchReport): Promise<string> {
  await mkdir(RESULTS_DIR, { recursive: true });
  const json = `${JSON.stringify(report, null, 2)}\n`;
  const file = `${RESULTS_DIR}${report.startedAt.replaceAll(":", "-")}.json`;
  await writeFile(file, json);
  await writeFile(`${RESULTS_DIR}latest.json`, json);
  return file;
}
