import { createRedis } from "@signet/core";
import pg from "pg";
import { percentile } from "../percentile.ts";
import type { CompiledProcess } from "./compiled-process.ts";

const MB = 1024 * 1024;

/**
 * A process's memory over one interval, from its once-a-second readings (memory-reporter.mjs): the
 * median, and the floor (the lowest reading, what is left after a collection). The heap is V8's
 * heap in use, the RSS what the kernel counts (process.memoryUsage().rss, as /proc's VmRSS).
 */
export interface ProcessSample {
  name: string;
  rssMb: number;
  rssFloorMb: number;
  heapMb: number;
  heapFloorMb: number;
  /** pino lines at error level so far (a running total) */
  loggedErrors: number;
}

/** What the system looked like at one moment. */
export interface SystemSample {
  processes: ProcessSample[];
  /** the API's GET /metrics, scraped as Prometheus would, did not answer 200 */
  metricsFailed: boolean;
  /** connections to the soak's database (pg_stat_activity), and how many of them were running a statement */
  pgConnections: number;
  pgActive: number;
  /** used_memory of INFO memory: the whole Redis server, which others on the machine may share */
  redisMb: number;
  /** keys under the soak's BullMQ prefix: grows without bound if finished jobs are never removed */
  redisKeys: number;
  /** outbox rows not yet handed to BullMQ */
  outboxPending: number;
  /** due outbox rows whose job has not finished yet, and the age of the oldest of them in seconds */
  outboxUnprocessed: number;
  outboxLagSeconds: number;
}

export interface SystemSamplerTargets {
  databaseUrl: string;
  databaseName: string;
  redisUrl: string;
  redisPrefix: string;
  apiUrl: string;
  metricsToken: string;
  api: CompiledProcess;
  workers: CompiledProcess[];
}

function processSample(process: CompiledProcess): ProcessSample {
  const readings = process.takeMemory();
  const rss = Float64Array.from(readings.rssMb).sort();
  const heap = Float64Array.from(readings.heapMb).sort();
  return {
    name: process.name,
    rssMb: percentile(rss, 0.5),
    rssFloorMb: rss[0] ?? Number.NaN,
    heapMb: percentile(heap, 0.5),
    heapFloorMb: heap[0] ?? Number.NaN,
    loggedErrors: process.loggedErrors(),
  };
}

async function countKeys(redis: ReturnType<typeof createRedis>, prefix: string): Promise<number> {
  let count = 0;
  let cursor = "0";
  do {
    const [next, keys] = await redis.scan(cursor, "MATCH", `${prefix}:*`, "COUNT", 1000);
    cursor = next;
    count += keys.length;
  } while (cursor !== "0");
  return count;
}

const OUTBOX = `
  SELECT count(*) FILTER (WHERE "publishedAt" IS NULL)::int AS pending,
         count(*)::int AS unprocessed,
         coalesce(extract(epoch FROM now() - min("availableAt")), 0)::float AS lag
  FROM "OutboxMessage"
  WHERE "processedAt" IS NULL AND "availableAt" <= now()`;

/** Reads the processes, PostgreSQL, Redis and the outbox; one sampler for the whole soak. */
export function createSystemSampler(targets: SystemSamplerTargets) {
  const pool = new pg.Pool({ connectionString: targets.databaseUrl, max: 1 });
  pool.on("error", () => {});
  const redis = createRedis(targets.redisUrl);
  redis.on("error", () => {});

  // the operator's scraper runs all the time: its requests belong to the load (a label leak shows here)
  async function scrapeMetrics(): Promise<boolean> {
    const response = await fetch(`${targets.apiUrl}/metrics`, {
      headers: { authorization: `Bearer ${targets.metricsToken}` },
      signal: AbortSignal.timeout(10_000),
    });
    const text = await response.text();
    return response.ok && text.includes("signet_http_request_duration_seconds");
  }

  return {
    async sample(): Promise<SystemSample> {
      const [metricsOk, connections, outbox, info, redisKeys] = await Promise.all([
        scrapeMetrics().catch(() => false),
        pool.query<{ total: number; active: number }>(
          `SELECT count(*)::int AS total, count(*) FILTER (WHERE state = 'active')::int AS active
           FROM pg_stat_activity WHERE datname = $1`,
          [targets.databaseName],
        ),
        pool.query<{ pending: number; unprocessed: number; lag: number }>(OUTBOX),
        redis.info("memory"),
        countKeys(redis, targets.redisPrefix),
      ]);
      const processes = [targets.api, ...targets.workers].map(processSample);
      const usedMemory = /^used_memory:(\d+)/m.exec(info);
      return {
        processes,
        metricsFailed: !metricsOk,
        // the sampler's own connection is not the product's
        pgConnections: connections.rows[0]!.total - 1,
        pgActive: connections.rows[0]!.active - 1,
        redisMb: usedMemory ? Number(usedMemory[1]) / MB : Number.NaN,
        redisKeys,
        outboxPending: outbox.rows[0]!.pending,
        outboxUnprocessed: outbox.rows[0]!.unprocessed,
        outboxLagSeconds: outbox.rows[0]!.lag,
      };
    },
    async close() {
      redis.disconnect();
      await pool.end().catch(() => {});
    },
  };
}
