import { resolve } from "node:path";
import { testRedisPrefix, testRedisUrl } from "@signet/core/testing";
import { startWorker } from "@signet/worker";
import { expect } from "vitest";
import { sleep } from "./poll.ts";
import { deleteRedisKeys } from "./redis-keys.ts";
import { startTcpCutProxy, type TcpCutProxy } from "./tcp-cut-proxy.ts";
import { startTestApp, TEST_AUTH_SECRET, type TestApp } from "./test-app.ts";
import { spawnWorkerProcess, type WorkerProcess } from "./worker-process.ts";

/**
 * The deployed shape for a fault matrix (issue 29 §3): the API writes the outbox; a worker relays it
 * to BullMQ and runs the jobs (a process of its own where a case kills it). The worker reaches Redis and PostgreSQL
 * through proxies the test can cut (a Redis restart, PostgreSQL dropping its connections) while
 * the services themselves, shared with other test files, keep running; the test's own reads go
 * straight to PostgreSQL.
 */
export interface FaultStack {
  app: TestApp;
  redis: TcpCutProxy;
  postgres: TcpCutProxy;
  /**
   * Starts a worker unless one runs. The file's first is a process of its own, which a case can
   * kill -9; after that the worker runs in this process (as in edeposit-faults.test.ts): on a
   * loaded 2-core machine a worker process takes tens of seconds to start, this one a second.
   */
  ensureWorker(): Promise<void>;
  /** kill -9 of the worker process: no shutdown, its jobs left mid-way until their lock lapses. */
  crashWorker(): Promise<void>;
  /** Cuts the worker's connections to `proxy` and refuses new ones for `ms`. */
  outage(proxy: TcpCutProxy, ms: number): Promise<void>;
  close(): Promise<void>;
}

/** Short leases and retries, so a crashed worker's job is handed on within seconds. */
export const FAULT_ENV = {
  // the loopback stand-ins (SMTP, receivers, vendors) are allowed by name, as an operator would
  OUTBOUND_ALLOWED_HOSTS: "127.0.0.1,localhost",
  JOB_LOCK_SECONDS: "2",
};

/** A teardown step that cannot hold the hook: a connection left mid-reconnect gives up after `ms`. */
const bounded = (step: Promise<unknown> | undefined, ms = 15_000) =>
  Promise.race([step?.catch(() => undefined), sleep(ms)]);

export async function startFaultStack(env: Record<string, string>): Promise<FaultStack> {
  const redisUrl = testRedisUrl();
  const prefix = testRedisPrefix();
  const redis = await startTcpCutProxy(redisUrl);
  const app = await startTestApp({ ...FAULT_ENV, ...env, REDIS_URL: redisUrl, REDIS_PREFIX: prefix });
  expect(app.server.inProcessJobs).toBe(false);
  const postgres = await startTcpCutProxy(app.server.config.DATABASE_URL!);
  let child: WorkerProcess | undefined;
  let crashed = false;
  let inProcess: Awaited<ReturnType<typeof startWorker>> | undefined;
  const workerEnv = () => ({
    ...FAULT_ENV,
    ...env,
    DATABASE_URL: postgres.url,
    // the worker runs from its own folder: the API's blobs and development seal by absolute path
    DATA_DIR: resolve(app.server.config.DATA_DIR),
    REDIS_URL: redis.url,
    REDIS_PREFIX: prefix,
    AUTH_SECRET: TEST_AUTH_SECRET,
  });
  return {
    app,
    redis,
    postgres,
    async ensureWorker() {
      if (!crashed) {
        if (child?.process.exitCode !== null || child.process.signalCode !== null) {
          child = await spawnWorkerProcess(workerEnv());
        }
        return;
      }
      inProcess ??= await startWorker(workerEnv(), { info() {}, warn() {}, error() {}, debug() {} });
    },
    async crashWorker() {
      if (!child) throw new Error("only the worker process can be killed: start it first (ensureWorker)");
      await child.kill("SIGKILL");
      child = undefined;
      crashed = true;
    },
    async outage(proxy, ms) {
      proxy.cut();
      await sleep(ms);
      proxy.restore();
    },
    async close() {
      redis.restore();
      postgres.restore();
      await bounded(child?.kill("SIGTERM"));
      await bounded(inProcess?.close());
      await bounded(app.close());
      await bounded(redis.close(), 5_000);
      await bounded(postgres.close(), 5_000);
      await bounded(deleteRedisKeys(redisUrl, prefix), 5_000);
    },
  };
}
