import { type ChildServer, startChildServer } from "./start-child-server.ts";

/** Starts lib/sealing-server.ts (GET /seal, GET /rewrite over the fixture) in its own process. */
export function startSealingServer(fixturePdf: string): Promise<ChildServer> {
  return startChildServer(
    new URL("./sealing-server.ts", import.meta.url),
    { SEALING_FIXTURE_PDF: fixturePdf },
    "sealing server",
  );
}
