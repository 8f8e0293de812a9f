import { randomBytes } from "node:crypto";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startServer } from "@signet/api";
import type { CoreDeps } from "@signet/core";
import type { BenchOptions } from "./bench-options.ts";
import { startBaselineServer } from "./start-baseline-server.ts";

export interface BenchServers {
  apiUrl: string;
  /** the participants' listener (signing room API) */
  signingUrl: string;
  baselineUrl: string;
  /** the API process's own use-case dependencies, for seeding through core (same pool, same keys) */
  deps: CoreDeps;
  /** stops both; safe to call when a start failed half-way */
  close(): Promise<void>;
}

/**
 * The real API (with its signing-room listener) and the bare Fastify + pg baseline on the same database with the same pool size.
 * The API gets an explicit environment, not process.env: a REDIS_URL or LOG_LEVEL of the shell must
 * not change the numbers.
 */
export async function startBenchServers(databaseUrl: string, options: BenchOptions): Promise<BenchServers> {
  const closers: (() => Promise<void>)[] = [];
  const close = async () => {
    for (const closer of closers.reverse()) await closer().catch(() => {});
  };
  // the baseline verifies the same tokens: it gets the secret too
  const authSecret = randomBytes(48).toString("base64url");
  try {
    const api = await startServer(
      {
        DATABASE_URL: databaseUrl,
        DATABASE_POOL_MAX: String(options.poolMax),
        HOST: "127.0.0.1",
        PORT: "0",
        SIGNING_ROOM_LISTEN_PORT: "0",
        LOG_LEVEL: "silent",
        SEED_DEMO: "false",
        AUTH_SECRET: authSecret,
        LOGIN_RATE_LIMIT_MAX: "1000000",
        DATA_DIR: join(tmpdir(), "signet-bench"),
      },
      { logLevel: "silent" },
    );
    closers.push(() => api.close());
    if (!api.signingRoom) throw new Error("The signing-room listener did not start");
    // the listener answers on 127.0.0.1; "localhost" may resolve to ::1 first for the load generator
    const signingUrl = api.signingRoom.url.replace("//localhost:", "//127.0.0.1:");
    const baseline = await startBaselineServer(databaseUrl, options.poolMax, authSecret);
    closers.push(() => baseline.stop());
    return { apiUrl: api.url, signingUrl, baselineUrl: baseline.url, deps: api.deps, close };
  } catch (error) {
    await close();
    throw error;
  }
}
