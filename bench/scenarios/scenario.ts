import type { BenchOptions } from "../lib/bench-options.ts";
import type { Target } from "../lib/measurement.ts";

export interface PreparedScenario {
  /** measured in this order, each with the same load; at most one is the baseline */
  targets: Target[];
  /** stops whatever setup started; called even when a measurement fails */
  close(): Promise<void>;
}

/** One situation to measure: setup makes the data and starts the servers, then hands out its targets. */
export interface Scenario {
  name: string;
  description: string;
  /**
   * Connections for this scenario's targets in place of --connections: for CPU-bound work, where
   * more connections only queue and p50 then measures the queue.
   */
  connections?: number;
  /**
   * Scale of --duration for this scenario: where each request is long (a 48 MiB upload), the
   * default duration sees too few of them for a ratio that holds from one run to the next.
   */
  durationScale?: number;
  /**
   * The targets take turns this many times, each for its share of the duration (the warm-up in the
   * first turn only), instead of one after the other: the speed of a shared virtual machine drifts
   * over minutes, and where a goal is a close ratio that drift, not the code, decided which side of
   * it a run fell. Targets measured by autocannon only (their measure function has no turns).
   */
  rounds?: number;
  /**
   * Run only when named with --scenario, never by a plain `pnpm bench`: the soak takes half an hour
   * and would make every bench run that long.
   */
  optIn?: boolean;
  /** Seconds this scenario adds to the run's time limit (--time-limit covers the usual scenarios). */
  extraTimeSeconds?(): number;
  setup(options: BenchOptions): Promise<PreparedScenario>;
}
