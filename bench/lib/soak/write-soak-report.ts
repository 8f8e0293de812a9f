import { mkdir, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import type { SoakSummary } from "./soak-report.ts";

const RESULTS_DIR = fileURLToPath(new URL("../../results/", import.meta.url));

/**
 * bench/results/soak-<start>.md (the report) and .json (the summary with every minute), and
 * soak-latest.md; answers the Markdown file's path.
 */
export async function writeSoakReport(summary: SoakSummary, markdown: string): Promise<string> {
  await mkdir(RESULTS_DIR, { recursive: true });
  const base = `${RESULTS_DIR}soak-${summary.startedAt.replaceAll(":", "-")}`;
  // the whole run's response times would make the file megabytes: the minutes hold what matters
  const { total, ...rest } = summary;
  const json = { ...rest, total: { requests: total.requests, journeys: total.journeys, errors: total.errors } };
  await writeFile(`${base}.json`, `${JSON.stringify(json, null, 2)}\n`);
  await writeFile(`${base}.md`, markdown);
  await writeFile(`${RESULTS_DIR}soak-latest.md`, markdown);
  return `${base}.md`;
}
