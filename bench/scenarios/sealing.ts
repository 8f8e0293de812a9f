import type { BenchOptions } from "../lib/bench-options.ts";
import { FIXTURE_PDF } from "../lib/seed-signing-room.ts";
import { startSealingServer } from "../lib/start-sealing-server.ts";
import type { PreparedScenario, Scenario } from "./scenario.ts";

export const sealingScenario: Scenario = {
  name: "sealing",
  description:
    "Documents sealed per second: the 4-page fixture with 10 tag fills (text, checks, a signature image) " +
    "flattened and PAdES-sealed with credentials loaded once, against a plain pdf-lib load + save of the " +
    "same bytes. No database; 2 connections, sealing being CPU-bound.",
  connections: 2,

  async setup(_options: BenchOptions): Promise<PreparedScenario> {
    const server = await startSealingServer(FIXTURE_PDF);
    return {
      targets: [
        { name: "sealing: flatten 10 fills + seal", url: `${server.url}/seal` },
        { name: "baseline: pdf-lib load + save", url: `${server.url}/rewrite`, baseline: true },
      ],
      close: server.stop,
    };
  },
};
