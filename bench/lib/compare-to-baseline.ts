import type { Measurement, Target } from "./measurement.ts";

export interface ReportRow extends Measurement {
  scenario: string;
  baseline: boolean;
  /** req/s over the scenario baseline's req/s; null when the scenario has no baseline */
  ratioToBaseline: number | null;
}

/** measurements[i] belongs to targets[i]. */
export function compareToBaseline(scenario: string, targets: Target[], measurements: Measurement[]): ReportRow[] {
  const baselineIndex = targets.findIndex((target) => target.baseline);
  const baselineRate = baselineIndex >= 0 ? measurements[baselineIndex]?.requestsPerSecond : undefined;
  return measurements.map((measurement, index) => ({
    scenario,
    ...measurement,
    baseline: index === baselineIndex,
    ratioToBaseline: baselineRate ? measurement.requestsPerSecond / baselineRate : null,
  }));
}
