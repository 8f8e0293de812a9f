import { readFileSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Logger } from "@signet/core";
import { testRedisPrefix, testRedisUrl } from "@signet/core/testing";
import { startWorker } from "@signet/worker";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deleteRedisKeys } from "./support/redis-keys.ts";
import { startTestApp, TEST_AUTH_SECRET, type TestApp } from "./support/test-app.ts";

// Issue 31 §4: workers serve /health, /ready (database, Redis, storage) and /metrics as the API
// does, and every metric the shipped alert rules and dashboard name is served by one of them.

const quiet = { info() {}, warn() {}, error() {}, debug() {} } as unknown as Logger;
const METRICS_TOKEN = "metrics-token-0123456789";
const root = fileURLToPath(new URL("../../../", import.meta.url));
const redisUrl = testRedisUrl();
const prefix = testRedisPrefix();

let app: TestApp;
let worker: Awaited<ReturnType<typeof startWorker>>;
let dataDir: string;
let workerEnv: Record<string, string>;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "signet-worker-ops-"));
  const env = { REDIS_URL: redisUrl, REDIS_PREFIX: prefix, METRICS_TOKEN, DATA_DIR: dataDir };
  app = await startTestApp(env);
  workerEnv = { ...env, DATABASE_URL: app.server.config.DATABASE_URL!, AUTH_SECRET: TEST_AUTH_SECRET };
  worker = await startWorker(workerEnv, quiet);
});

afterAll(async () => {
  await worker?.close();
  await app?.close();
  await deleteRedisKeys(redisUrl, prefix);
  await rm(dataDir, { recursive: true, force: true });
});

const get = (url: string, token?: string) => fetch(url, token ? { headers: { authorization: `Bearer ${token}` } } : {});

describe("a worker's operational endpoints", () => {
  it("answers /health, and /ready once the database, Redis and storage answer", async () => {
    expect((await get(`${worker.url}/health`)).status).toBe(200);
    // as an orchestrator does: a worker whose Redis connection is still opening is not ready yet
    await expect.poll(async () => (await get(`${worker.url}/ready`)).status).toBe(200);
    const ready = await get(`${worker.url}/ready`);
    expect(await ready.json()).toEqual({
      status: "ready",
      checks: { database: "ok", redis: "ok", storage: "ok" },
    });
  });

  it("serves /metrics only with the metrics token", async () => {
    expect((await get(`${worker.url}/metrics`)).status).toBe(401);
    expect((await get(`${worker.url}/metrics`, "wrong-token-0123456789")).status).toBe(401);
    const metrics = await get(`${worker.url}/metrics`, METRICS_TOKEN);
    expect(metrics.status).toBe(200);
    const text = await metrics.text();
    expect(text).toMatch(/^signet_queue_jobs\{queue="[^"]+",state="waiting"\} \d+$/m);
    expect(text).toMatch(/^signet_outbox_lag_seconds \d/m);
  });

  it("is not ready when its storage cannot store", async () => {
    const broken = await mkdtemp(join(tmpdir(), "signet-worker-broken-"));
    // a file where the blob folder should be: nothing can be written under it, even as root
    await writeFile(join(broken, "blobs"), "not a folder");
    const second = await startWorker({ ...workerEnv, DATA_DIR: broken }, quiet);
    try {
      // its Redis connection is still opening at first: wait for it, so only storage is down
      const answer = async () => {
        const reply = await get(`${second.url}/ready`);
        return { status: reply.status, body: (await reply.json()) as { checks: { redis: string } } };
      };
      await expect.poll(async () => (await answer()).body.checks.redis).toBe("ok");
      const ready = await answer();
      expect(ready.status).toBe(503);
      expect(ready.body).toEqual({
        status: "not ready",
        checks: { database: "ok", redis: "ok", storage: "down" },
      });
    } finally {
      await second.close();
      await rm(broken, { recursive: true, force: true });
    }
  });
});

/** Metric names in PromQL expressions; a histogram's series (_bucket, _count, _sum) name the histogram. */
function metricNames(text: string): string[] {
  const names = [...text.matchAll(/\b((?:signet|process|nodejs)_[a-z0-9_]+)\b/g)].map((match) => match[1]!);
  return [...new Set(names.map((name) => name.replace(/_(bucket|count|sum)$/, "")))];
}

describe("the shipped alert rules and dashboard", () => {
  it("name only metrics that the API or a worker serves", async () => {
    const served = new Set<string>();
    for (const url of [`${app.url}/metrics`, `${worker.url}/metrics`]) {
      const text = await (await get(url, METRICS_TOKEN)).text();
      for (const match of text.matchAll(/^# TYPE (\S+) /gm)) served.add(match[1]!);
    }
    const alerts = readFileSync(join(root, "ops/prometheus/alerts.yml"), "utf8");
    const dashboard = JSON.parse(readFileSync(join(root, "ops/grafana/signet-dashboard.json"), "utf8")) as {
      panels: { targets: { expr: string }[] }[];
    };
    const exprs = [
      ...[...alerts.matchAll(/expr: >?\s*([\s\S]*?)\n\s+for:/g)].map((match) => match[1]!),
      ...dashboard.panels.flatMap((panel) => panel.targets.map((target) => target.expr)),
    ];
    expect(exprs.length).toBeGreaterThan(10);
    const named = metricNames(exprs.join("\n"));
    expect(named).toEqual(expect.arrayContaining(["signet_outbox_lag_seconds", "signet_jobs_total"]));
    expect(named.filter((name) => !served.has(name))).toEqual([]);
  });
});
