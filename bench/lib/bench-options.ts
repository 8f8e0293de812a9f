import { parseArgs } from "node:util";
import type { LoadSettings } from "./measurement.ts";

export interface BenchOptions {
  load: LoadSettings;
  /** scenarios to run by name; empty means all */
  scenarioNames: string[];
  /** a PostgreSQL server URL; the bench makes its own databases there */
  serverUrl: string;
  /** pool size of the API and of the baseline alike */
  poolMax: number;
  /** the whole run is stopped past this */
  timeLimitSeconds: number;
}

const DEFAULT_SERVER_URL = "postgresql://postgres@127.0.0.1:5432/postgres";

function positiveInteger(name: string, value: string | undefined, fallback: number, min = 1): number {
  if (value === undefined) return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < min)
    throw new Error(`--${name} must be an integer ≥ ${min}, got "${value}"`);
  return number;
}

/** `pnpm bench [--connections 10] [--duration 10] [--warmup 2] [--scenario name]…` */
export function readBenchOptions(
  argv: string[] = process.argv.slice(2),
  env: Record<string, string | undefined> = process.env,
): BenchOptions {
  const { values } = parseArgs({
    args: argv.filter((arg) => arg !== "--"),
    options: {
      connections: { type: "string" },
      duration: { type: "string" },
      warmup: { type: "string" },
      scenario: { type: "string", multiple: true },
      "time-limit": { type: "string" },
    },
    strict: true,
  });
  return {
    load: {
      connections: positiveInteger("connections", values.connections, 10),
      durationSeconds: positiveInteger("duration", values.duration, 10),
      warmupSeconds: positiveInteger("warmup", values.warmup, 2, 0),
    },
    scenarioNames: values.scenario ?? [],
    serverUrl: env.DATABASE_URL || DEFAULT_SERVER_URL,
    poolMax: positiveInteger("DATABASE_POOL_MAX", env.DATABASE_POOL_MAX, 10),
    timeLimitSeconds: positiveInteger("time-limit", values["time-limit"], 900),
  };
}
