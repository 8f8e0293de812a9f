import type { BenchOptions } from "../lib/bench-options.ts";
import type { Goal } from "../lib/goals.ts";
import { startSealingServer } from "../lib/start-sealing-server.ts";
import type { PreparedScenario, Scenario } from "./scenario.ts";

/** Issue 35: sealing the 117-page document at most 1.5× pdf-lib's load + stamp + save of it. */
const AT_MOST_TIMES = 1.5;
const sealGoal: Goal = {
  text: `≤ ${AT_MOST_TIMES}× load + stamp + save (≥ ${(1 / AT_MOST_TIMES).toFixed(2)}×)`,
  met: (row) => row.ratioToBaseline !== null && row.ratioToBaseline >= 1 / AT_MOST_TIMES,
};

export const sealing117Scenario: Scenario = {
  name: "sealing-117",
  description:
    "Documents sealed per second: a 117-page real-world document (the fixtures' pages repeated, written by qpdf " +
    "with object streams, 17 raster images; lib/build-real-world-pdf.ts) with 8 tag fills (text and checks) and 4 images flattened " +
    "and PAdES-sealed, credentials loaded once; against pdf-lib loading the same file, stamping the same fills and " +
    "images and saving it (lib/sealing-117-workload.ts). No database; 2 connections, sealing being CPU-bound.",
  connections: 2,
  // a close ratio of two CPU-bound targets: turns, so the machine's drift falls on both
  rounds: 3,

  async setup(_options: BenchOptions): Promise<PreparedScenario> {
    const server = await startSealingServer();
    return {
      targets: [
        { name: "sealing: 117 pages, flatten + seal", url: `${server.url}/seal-117`, goal: sealGoal },
        { name: "baseline: pdf-lib load + stamp + save", url: `${server.url}/stamp-117`, baseline: true },
      ],
      close: server.stop,
    };
  },
};
