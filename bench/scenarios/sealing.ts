import type { BenchOptions } from "../lib/bench-options.ts";
import type { Goal } from "../lib/goals.ts";
import { startSealingServer } from "../lib/start-sealing-server.ts";
import type { PreparedScenario, Scenario } from "./scenario.ts";

/** Issue 35 (issue 17 had 1.5×): sealing at most 1.25× the time of stamping + save, i.e. its throughput ≥ 1/1.5 of it. */
const AT_MOST_TIMES = 1.25;
const sealGoal: Goal = {
  text: `≤ ${AT_MOST_TIMES}× stamping + save (≥ ${(1 / AT_MOST_TIMES).toFixed(2)}×)`,
  met: (row) => row.ratioToBaseline !== null && row.ratioToBaseline >= 1 / AT_MOST_TIMES,
};

export const sealingScenario: Scenario = {
  name: "sealing",
  description:
    "Packages sealed per second: a 50-page document of real-world fixture pages with 100 tag fills and 10 " +
    "signature images flattened and PAdES-sealed, and the certificate of completion (120 events) rendered and " +
    "sealed, credentials loaded once; against stamping + save alone: the same fills and images drawn with " +
    "plain pdf-lib and saved (lib/sealing-server.ts). No database; 2 connections, sealing being CPU-bound.",
  connections: 2,

  async setup(_options: BenchOptions): Promise<PreparedScenario> {
    const server = await startSealingServer();
    return {
      targets: [
        { name: "sealing: flatten + seal + certificate", url: `${server.url}/seal`, goal: sealGoal },
        { name: "baseline: pdf-lib stamping + save", url: `${server.url}/stamp`, baseline: true },
      ],
      close: server.stop,
    };
  },
};
