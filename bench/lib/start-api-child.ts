import { randomBytes } from "node:crypto";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { BenchOptions } from "./bench-options.ts";
import { forkChild } from "./fork-child.ts";

export interface ApiChild {
  url: string;
  /** the participants' listener, when the environment opened it (SIGNING_ROOM_LISTEN_PORT) */
  signingUrl: string | null;
  /** the environment the API was started with: a process making its own core deps reads the same keys */
  env: Record<string, string>;
  /** the API process, for reading its memory from /proc */
  pid: number;
  stop(): Promise<void>;
}

/**
 * The real API (lib/api-child.ts) in a process of its own, with an explicit environment as in
 * start-bench-servers.ts: a REDIS_URL or LOG_LEVEL of the shell must not change the numbers, and the
 * login rate limit is lifted so that a sign-in load measures argon2, not the limiter.
 */
export async function startApiChild(
  databaseUrl: string,
  options: BenchOptions,
  extraEnv: Record<string, string> = {},
): Promise<ApiChild> {
  const env = {
    DATABASE_URL: databaseUrl,
    DATABASE_POOL_MAX: String(options.poolMax),
    HOST: "127.0.0.1",
    PORT: "0",
    SIGNING_ROOM_LISTEN_PORT: "-1",
    LOG_LEVEL: "silent",
    SEED_DEMO: "false",
    AUTH_SECRET: randomBytes(48).toString("base64url"),
    LOGIN_RATE_LIMIT_MAX: "1000000",
    DATA_DIR: join(tmpdir(), "signet-bench"),
    ...extraEnv,
  };
  const child = forkChild(new URL("./api-child.ts", import.meta.url), { SIGNET_BENCH_API_ENV: JSON.stringify(env) });
  try {
    const message = await child.nextMessage<{ type: "listening"; url: string; signingUrl: string | null }>(
      "API start",
      60_000,
    );
    // the listeners answer on 127.0.0.1; "localhost" may resolve to ::1 first for the load generator
    const local = (url: string) => url.replace("//localhost:", "//127.0.0.1:");
    return {
      url: local(message.url),
      signingUrl: message.signingUrl && local(message.signingUrl),
      env,
      pid: child.pid!,
      stop: () => child.stop(),
    };
  } catch (error) {
    await child.stop();
    throw error;
  }
}
