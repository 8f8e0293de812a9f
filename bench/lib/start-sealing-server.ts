import { type ChildServer, startChildServer } from "./start-child-server.ts";

/** Starts lib/sealing-server.ts (GET /seal, GET /stamp over a 50-page document) in its own process. */
export function startSealingServer(): Promise<ChildServer> {
  return startChildServer(new URL("./sealing-server.ts", import.meta.url), {}, "sealing server", 120_000);
}
