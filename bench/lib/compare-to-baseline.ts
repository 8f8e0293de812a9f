import type { Measurement, Target } from "./measurement.ts";

export interface ReportRow extends Measurement {
  scenario: string;
  baseline: boolean;
  /** req/s over the scenario baseline's req/s; null when the scenario has no baseline */
  ratioToBaseline: number | null;
  /** the target's goal in words, and whether this run met it; null without a goal */
  goal: string | null;
  met: boolean | null;
}

/** measurements[i] belongs to targets[i]. */
export function compareToBaseline(scenario: string, targets: Target[], measurements: Measurement[]): ReportRow[] {
  const baselineIndex = targets.findIndex((target) => target.baseline);
  const baselineRate = baselineIndex >= 0 ? measurements[baselineIndex]?.requestsPerSecond : undefined;
  const rows: ReportRow[] = measurements.map((measurement, index) => ({
    scenario,
    ...measurement,
    baseline: index === baselineIndex,
    ratioToBaseline: baselineRate ? measurement.requestsPerSecond / baselineRate : null,
    goal: targets[index]?.goal?.text ?? null,
    met: null,
  }));
  // goals may compare rows with each other, so they are checked once every row exists
  for (const [index, row] of rows.entries()) {
    const goal = targets[index]?.goal;
    if (goal) row.met = goal.met(row, rows);
  }
  return rows;
}
