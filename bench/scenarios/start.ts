import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { applyMigrations } from "@signet/core";
import type { BenchOptions } from "../lib/bench-options.ts";
import { allOf, extraAtMost } from "../lib/goals.ts";
import type { LoadSettings, Measurement, Target } from "../lib/measurement.ts";
import { recreateDatabase } from "../lib/recreate-database.ts";
import {
  answersReady,
  freePort,
  measureStart,
  median,
  repositoryRoot,
  type StartSpec,
  startOf,
} from "../lib/start-measurement.mjs";
import type { PreparedScenario, Scenario } from "./scenario.ts";

const DATABASE_NAME = "signet_bench_start";
const STARTS = 3;
// long enough for what a start leaves behind (timers, first collections) to settle; the RSS is read then
const IDLE_MS = 5_000;
const START_GOAL_MS = 2000;

/**
 * A target that starts its process STARTS times (after one unmeasured start that warms the file
 * cache when the run has a warm-up) and reports the medians. req/s is starts per second of the
 * median start, so "× baseline" reads as the floor's start time over this one's.
 */
function startTarget(name: string, path: string, spec: () => Promise<StartSpec>): Pick<Target, "name" | "measure"> {
  return {
    name,
    async measure(load: LoadSettings): Promise<Measurement> {
      if (load.warmupSeconds > 0) await measureStart({ ...(await spec()), idleMs: 0 });
      const began = performance.now();
      const results = [];
      for (let round = 0; round < STARTS; round++)
        results.push(await measureStart({ ...(await spec()), idleMs: IDLE_MS }));
      const startMs = median(results.map((result) => result.startMs));
      return {
        target: name,
        path,
        connections: 1,
        requestsPerSecond: 1000 / startMs,
        totalRequests: STARTS,
        durationSeconds: (performance.now() - began) / 1000,
        p50Ms: startMs,
        p99Ms: Math.max(...results.map((result) => result.startMs)),
        errors: 0,
        timeouts: 0,
        non2xx: 0,
        statusCodes: {},
        extra: {
          startMs,
          startCpuMs: median(results.map((result) => result.startCpuMs)),
          rssMb: median(results.map((result) => result.rssMb)),
        },
      };
    },
  };
}

export const startScenario: Scenario = {
  name: "start",
  description:
    `The compiled API (spawn → GET /ready answers 200) and the compiled worker (spawn → "worker started"), ` +
    `each started ${STARTS} times on a migrated database: median start time, and resident memory after ` +
    `${IDLE_MS / 1000} s idle. Against plain node with Fastify and a pg pool that has answered once (the ` +
    "floor on this machine). Compiled first (scripts/build-server.mjs), so the sources are what is measured.",
  extraTimeSeconds: () => 60,

  async setup(options: BenchOptions): Promise<PreparedScenario> {
    await promisify(execFile)(process.execPath, ["scripts/build-server.mjs"], { cwd: repositoryRoot });
    const databaseUrl = await recreateDatabase(options.serverUrl, DATABASE_NAME);
    // every measured start finds the database up to date, as a restart does
    await applyMigrations(databaseUrl);
    const dataDir = await mkdtemp(join(tmpdir(), "signet-bench-start-"));
    // explicit, not the shell's: a LOG_LEVEL above info would hide the worker's ready line
    const env = {
      DATABASE_URL: databaseUrl,
      REDIS_URL: process.env.REDIS_URL || "redis://127.0.0.1:6379",
      REDIS_PREFIX: `bench-start-${process.pid}`,
      LOG_LEVEL: "info",
      SEED_DEMO: "false",
      DATA_DIR: dataDir,
    };
    const bare = async (): Promise<StartSpec> => {
      const port = await freePort();
      return {
        args: ["lib/bare-start-server.mjs"],
        cwd: join(repositoryRoot, "bench"),
        env: { DATABASE_URL: databaseUrl, PORT: String(port) },
        ready: answersReady(port),
      };
    };
    return {
      targets: [
        {
          ...startTarget("api: compiled, start and idle RSS", "spawn → /ready", () => startOf("api", "compiled", env)),
          goal: allOf(extraAtMost("startMs", START_GOAL_MS, "ms"), extraAtMost("rssMb", 150, "MB")),
        },
        {
          ...startTarget("worker: compiled, start and idle RSS", "spawn → worker started", () =>
            startOf("worker", "compiled", env),
          ),
          goal: allOf(extraAtMost("startMs", START_GOAL_MS, "ms"), extraAtMost("rssMb", 120, "MB")),
        },
        { ...startTarget("baseline: node + Fastify + pg pool", "spawn → /ready", bare), baseline: true },
      ],
      close: () => rm(dataDir, { recursive: true, force: true }),
    };
  },
};
