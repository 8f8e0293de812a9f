import { randomBytes } from "node:crypto";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startServer } from "@signet/api";
import type { BenchOptions } from "./bench-options.ts";
import { startBaselineServer } from "./start-baseline-server.ts";

export interface BenchServers {
  apiUrl: string;
  baselineUrl: string;
  /** stops both; safe to call when a start failed half-way */
  close(): Promise<void>;
}

/**
 * The real API and the bare Fastify + pg baseline on the same database with the same pool size.
 * The API gets an explicit environment, not process.env: a REDIS_URL or LOG_LEVEL of the shell must
 * not change the numbers.
 */
export async function startBenchServers(databaseUrl: string, options: BenchOptions): Promise<BenchServers> {
  const closers: (() => Promise<void>)[] = [];
  const close = async () => {
    for (const closer of closers.reverse()) await closer().catch(() => {});
  };
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
        AUTH_SECRET: randomBytes(48).toString("base64url"),
        LOGIN_RATE_LIMIT_MAX: "1000000",
        DATA_DIR: join(tmpdir(), "signet-bench"),
      },
      { logLevel: "silent" },
    );
    closers.push(() => api.close());
    const baseline = await startBaselineServer(databaseUrl, options.poolMax);
    closers.push(() => baseline.stop());
    return { apiUrl: api.url, baselineUrl: baseline.url, close };
  } catch (error) {
    await close();
    throw error;
  }
}
