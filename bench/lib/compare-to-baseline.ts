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
  const firstBaseline = targets.findIndex((target) => target.baseline);
  const baselineOf = (target: Target | undefined): number => {
    if (!target || target.baseline) return -1;
    if (target.compareWith === undefined) return firstBaseline;
    const named = targets.findIndex((other) => other.baseline && other.name === target.compareWith);
    if (named < 0) throw new Error(`${target.name} names a baseline "${target.compareWith}" its scenario lacks`);
    return named;
  };
  const rows: ReportRow[] = measurements.map((measurement, index) => {
    const baselineRate = measurements[baselineOf(targets[index])]?.requestsPerSecond;
    return {
      scenario,
      ...measurement,
      baseline: targets[index]?.baseline === true,
      ratioToBaseline: baselineRate ? measurement.requestsPerSecond / baselineRate : null,
      goal: targets[index]?.goal?.text ?? null,
      met: null,
    };
  });
  // goals may compare rows with each other, so they are checked once every row exists
  for (const [index, row] of rows.entries()) {
    const goal = targets[index]?.goal;
    if (goal) row.met = goal.met(row, rows);
  }
  return rows;
}
