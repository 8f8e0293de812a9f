import { forkChild } from "./fork-child.ts";

export interface BaselineServer {
  url: string;
  stop(): Promise<void>;
}

/** Starts lib/baseline-server.ts in its own process, so it gets a core of its own as the API does. */
export async function startBaselineServer(databaseUrl: string, poolMax: number): Promise<BaselineServer> {
  const child = forkChild(new URL("./baseline-server.ts", import.meta.url), {
    BASELINE_DATABASE_URL: databaseUrl,
    BASELINE_POOL_MAX: String(poolMax),
  });
  try {
    const message = await child.nextMessage<{ type: "listening"; url: string }>("baseline server start", 30_000);
    return { url: message.url, stop: () => child.stop() };
  } catch (error) {
    await child.stop();
    throw error;
  }
}
