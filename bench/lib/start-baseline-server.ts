import { type ChildServer, startChildServer } from "./start-child-server.ts";

export type BaselineServer = ChildServer;

/** Starts lib/baseline-server.ts in its own process, so it gets a core of its own as the API does; it verifies the API's tokens with the same secret. */
export function startBaselineServer(databaseUrl: string, poolMax: number, authSecret: string): Promise<BaselineServer> {
  return startChildServer(
    new URL("./baseline-server.ts", import.meta.url),
    { BASELINE_DATABASE_URL: databaseUrl, BASELINE_POOL_MAX: String(poolMax), BASELINE_AUTH_SECRET: authSecret },
    "baseline server",
  );
}
