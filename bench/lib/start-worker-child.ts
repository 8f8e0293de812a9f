import { forkChild } from "./fork-child.ts";

export interface WorkerChild {
  pid: number;
  stop(): Promise<void>;
}

/**
 * The real worker (lib/worker-child.ts) in a process of its own, with an explicit environment: it
 * must share the API's database, Redis prefix, AUTH_SECRET (the key of encrypted inputs) and DATA_DIR.
 */
export async function startWorkerChild(env: Record<string, string>): Promise<WorkerChild> {
  const child = forkChild(new URL("./worker-child.ts", import.meta.url), {
    SIGNET_BENCH_WORKER_ENV: JSON.stringify({ HOST: "127.0.0.1", WORKER_PORT: "0", LOG_LEVEL: "silent", ...env }),
  });
  try {
    await child.nextMessage<{ type: "ready" }>("worker start", 60_000);
    return { pid: child.pid!, stop: () => child.stop() };
  } catch (error) {
    await child.stop();
    throw error;
  }
}
