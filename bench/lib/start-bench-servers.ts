import { resolve } from "node:path";
import { type CoreDeps, createCoreDeps, createPrismaClient, loadConfig, silentLogger } from "@signet/core";
import type { BenchOptions } from "./bench-options.ts";
import type { Target } from "./measurement.ts";
import { startApiChild } from "./start-api-child.ts";
import { startBaselineServer } from "./start-baseline-server.ts";

export interface BenchServers {
  apiUrl: string;
  /** the participants' listener (signing room API) */
  signingUrl: string;
  baselineUrl: string;
  /** the processes answering, for their CPU per request (Target.serverPid) */
  apiPid: number;
  baselinePid: number;
  /**
   * Use-case dependencies for seeding through core, made from the API's own environment (the same
   * keys hash the session secrets and encrypt the fields, the same data directory stores the blobs)
   */
  deps: CoreDeps;
  /** stops everything; safe to call when a start failed half-way */
  close(): Promise<void>;
}

/**
 * The real API (with its signing-room listener) and the bare Fastify + pg baseline on the same
 * database with the same pool size, each in a process of its own: the API once ran inside this one,
 * where the seeding's garbage and the load generator's bookkeeping shared its heap and its event loop
 * (the collector's pauses were in the API's p99, not the baseline's). The API gets an explicit
 * environment, not process.env: a REDIS_URL or LOG_LEVEL of the shell must not change the numbers.
 */
export async function startBenchServers(databaseUrl: string, options: BenchOptions): Promise<BenchServers> {
  const closers: (() => Promise<void>)[] = [];
  const close = async () => {
    for (const closer of closers.reverse()) await closer().catch(() => {});
  };
  try {
    const api = await startApiChild(databaseUrl, options, { SIGNING_ROOM_LISTEN_PORT: "0" });
    closers.push(api.stop);
    if (!api.signingUrl) throw new Error("The signing-room listener did not start");
    const authSecret = api.env.AUTH_SECRET!;
    const config = loadConfig(api.env);
    const db = createPrismaClient(databaseUrl, { max: 2 });
    closers.push(() => db.$disconnect());
    const deps = createCoreDeps({ db, config, authSecret, dataDir: resolve(config.DATA_DIR), logger: silentLogger });
    // the baseline verifies the same tokens: it gets the secret too
    const baseline = await startBaselineServer(databaseUrl, options.poolMax, authSecret);
    closers.push(() => baseline.stop());
    return {
      apiUrl: api.url,
      signingUrl: api.signingUrl,
      baselineUrl: baseline.url,
      apiPid: api.pid,
      baselinePid: baseline.pid,
      deps,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/** The targets with the process answering each (the API's listeners or the baseline), by their URL. */
export function withServerPids(servers: BenchServers, targets: Target[]): Target[] {
  const pidOf = (url: string | undefined) =>
    url?.startsWith(servers.baselineUrl)
      ? servers.baselinePid
      : url?.startsWith(servers.apiUrl) || url?.startsWith(servers.signingUrl)
        ? servers.apiPid
        : undefined;
  return targets.map((target) => ({ ...target, serverPid: target.serverPid ?? pidOf(target.url) }));
}
