import type { ReportRow } from "./compare-to-baseline.ts";

/** What a target must reach: its words for the table and the check over its row (and its scenario's rows). */
export interface Goal {
  text: string;
  met(row: ReportRow, scenarioRows: ReportRow[]): boolean;
}

/** req/s at least `ratio` of the scenario's baseline. */
export function ratioAtLeast(ratio: number): Goal {
  return {
    text: `≥ ${ratio.toFixed(2)}×`,
    met: (row) => row.ratioToBaseline !== null && row.ratioToBaseline >= ratio,
  };
}

/** p99 of the 2xx answers at most `ms`. */
export function p99AtMost(ms: number): Goal {
  return { text: `p99 ≤ ${ms} ms`, met: (row) => row.p99Ms <= ms };
}

/** One of the target's extra quantities at most `limit`. */
export function extraAtMost(key: string, limit: number, unit: string): Goal {
  return {
    text: `${key} ≤ ${limit} ${unit}`,
    met: (row) => row.extra?.[key] !== undefined && row.extra[key] <= limit,
  };
}

/** p50 at most `factor` times the p50 of another target of the same scenario (growth: big vs small). */
export function p50WithinOf(factor: number, reference: string): Goal {
  return {
    text: `p50 ≤ ${factor}× ${reference}`,
    met: (row, rows) => {
      const base = rows.find((candidate) => candidate.target === reference);
      return base !== undefined && row.p50Ms <= factor * base.p50Ms;
    },
  };
}

export function allOf(...goals: Goal[]): Goal {
  return {
    text: goals.map((goal) => goal.text).join(", "),
    met: (row, rows) => goals.every((goal) => goal.met(row, rows)),
  };
}
