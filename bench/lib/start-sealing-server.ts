import { type ChildServer, startChildServer } from "./start-child-server.ts";

/**
 * Starts lib/sealing-server.ts in its own process: GET /seal, GET /stamp over a 50-page document,
 * GET /seal-117, GET /stamp-117 over the 117-page one.
 */
export function startSealingServer(): Promise<ChildServer> {
  return startChildServer(new URL("./sealing-server.ts", import.meta.url), {}, "sealing server", 120_000);
}
