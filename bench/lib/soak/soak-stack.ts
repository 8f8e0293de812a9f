import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { WEBHOOK_EVENT_TYPES } from "@signet/contract";
import { applyMigrations, createPrismaClient, createRedis, grantRoles } from "@signet/core";
import type { BenchOptions } from "../bench-options.ts";
import { recreateDatabase } from "../recreate-database.ts";
import { type SeededOrganization, seedAccessOrganization } from "../seed-access-organization.ts";
import { signIn } from "../sign-in.ts";
import { type CompiledProcess, startCompiled, waitUntil } from "./compiled-process.ts";
import { startWebhookCounter, type WebhookCounter } from "./webhook-counter.ts";

const REPO_ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const DATABASE_NAME = "signet_bench_soak";
export const WORKERS = 2;

export interface SoakStack {
  apiUrl: string;
  signingUrl: string;
  databaseUrl: string;
  databaseName: string;
  /** the processes' DATA_DIR: its blobs/ folder is the object store */
  dataDir: string;
  redisUrl: string;
  redisPrefix: string;
  authSecret: string;
  metricsToken: string;
  organization: SeededOrganization;
  api: CompiledProcess;
  workers: CompiledProcess[];
  webhooks: WebhookCounter;
  close(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Removes the run's BullMQ keys: the Redis server is shared with whatever else runs on the machine. */
async function deleteRedisKeys(redisUrl: string, prefix: string) {
  const redis = createRedis(redisUrl);
  try {
    let cursor = "0";
    do {
      const [next, keys] = await redis.scan(cursor, "MATCH", `${prefix}:*`, "COUNT", 1000);
      cursor = next;
      if (keys.length > 0) await redis.del(...keys);
    } while (cursor !== "0");
  } finally {
    redis.disconnect();
  }
}

/**
 * The production shape the soak loads: the compiled API (`pnpm build`, run as `pnpm start:prod`
 * runs it) on a fresh database, BullMQ on Redis, two compiled workers in processes of their own,
 * and a webhook subscription of the organization delivering every event to a loopback counter.
 */
export async function startSoakStack(options: BenchOptions): Promise<SoakStack> {
  const closers: (() => Promise<unknown>)[] = [];
  const close = async () => {
    for (const closer of closers.reverse()) await closer().catch(() => {});
  };
  try {
    // esbuild takes a second; a stale dist would soak yesterday's code
    await promisify(execFile)(process.execPath, ["scripts/build-server.mjs"], { cwd: REPO_ROOT });
    const databaseUrl = await recreateDatabase(options.serverUrl, DATABASE_NAME);
    await applyMigrations(databaseUrl);
    const organization = await seedOrganization(databaseUrl);
    const dataDir = await mkdtemp(join(tmpdir(), "signet-soak-"));
    closers.push(() => rm(dataDir, { recursive: true, force: true }));
    // a journey ends at its seal (journey.ts)
    const webhooks = await startWebhookCounter(["package.sealed"]);
    closers.push(() => webhooks.close());

    const [apiPort, roomPort] = [await freePort(), await freePort()];
    const redisUrl = process.env.REDIS_URL || "redis://127.0.0.1:6379";
    const redisPrefix = `signet-soak-${randomBytes(4).toString("hex")}`;
    closers.push(() => deleteRedisKeys(redisUrl, redisPrefix));
    const authSecret = randomBytes(48).toString("base64url");
    const metricsToken = randomBytes(24).toString("base64url");
    const env = {
      DATABASE_URL: databaseUrl,
      DATABASE_POOL_MAX: String(options.poolMax),
      REDIS_URL: redisUrl,
      REDIS_PREFIX: redisPrefix,
      AUTH_SECRET: authSecret,
      DATA_DIR: dataDir,
      HOST: "127.0.0.1",
      PORT: String(apiPort),
      PUBLIC_URL: `http://127.0.0.1:${apiPort}`,
      SIGNING_ROOM_LISTEN_PORT: String(roomPort),
      SIGNING_ROOM_URL: `http://127.0.0.1:${roomPort}`,
      SEED_DEMO: "false",
      // participants' addresses come as X-Forwarded-For (journey.ts), as behind a load balancer
      TRUST_PROXY: "true",
      // the webhook receiver is on loopback: the operator's allow-list names it (docs/security/outbound-policy.md)
      OUTBOUND_ALLOWED_HOSTS: "127.0.0.1",
      // one sender signs in at every journey: the limiter would measure itself
      LOGIN_RATE_LIMIT_MAX: "1000000",
      METRICS_TOKEN: metricsToken,
      LOG_LEVEL: "warn",
      // e.g. --heapsnapshot-signal=SIGUSR2, to look into a growth the soak found (docs/operations/soak.md)
      ...(process.env.SOAK_NODE_OPTIONS ? { NODE_OPTIONS: process.env.SOAK_NODE_OPTIONS } : {}),
    };
    const api = startCompiled("api", "apps/api/dist/main.js", env);
    closers.push(() => api.stop());
    const apiUrl = `http://127.0.0.1:${apiPort}`;
    await waitUntil("ready", api, async () => (await fetch(`${apiUrl}/ready`)).status === 200);
    const workers: CompiledProcess[] = [];
    for (let index = 0; index < WORKERS; index++) {
      // "info": the worker says "worker started" once its queues listen
      const worker = startCompiled(`worker ${index + 1}`, "apps/worker/dist/main.js", { ...env, LOG_LEVEL: "info" });
      closers.push(() => worker.stop());
      workers.push(worker);
    }
    for (const worker of workers) {
      await waitUntil("its start", worker, async () => worker.output().includes("worker started"));
    }
    await subscribeWebhooks(apiUrl, organization, webhooks.url);
    return {
      apiUrl,
      signingUrl: `http://127.0.0.1:${roomPort}`,
      databaseUrl,
      databaseName: DATABASE_NAME,
      dataDir,
      redisUrl,
      redisPrefix,
      authSecret,
      metricsToken,
      organization,
      api,
      workers,
      webhooks,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/** The bench organization, its user also Administrator at the top (to subscribe the webhook). */
async function seedOrganization(databaseUrl: string): Promise<SeededOrganization> {
  const db = createPrismaClient(databaseUrl, { max: 2 });
  try {
    const organization = await seedAccessOrganization(db, 10);
    const { organizationId } = organization;
    const [user, administrator] = await Promise.all([
      db.user.findFirstOrThrow({ where: { email: organization.benchUser.email }, select: { id: true } }),
      db.role.findFirstOrThrow({ where: { organizationId, name: "Administrator" }, select: { id: true } }),
    ]);
    await grantRoles(db, {
      organizationId,
      groupId: organization.groupIds["Head Office"]!,
      userId: user.id,
      roleIds: [administrator.id],
    });
    return organization;
  } finally {
    await db.$disconnect();
  }
}

async function subscribeWebhooks(apiUrl: string, organization: SeededOrganization, url: string) {
  const token = await signIn(apiUrl, organization.benchUser);
  const response = await fetch(`${apiUrl}/api/v1/organizations/${organization.organizationId}/webhooks`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ url, description: "soak counter", eventTypes: [...WEBHOOK_EVENT_TYPES], enabled: true }),
    signal: AbortSignal.timeout(15_000),
  });
  if (response.status !== 201)
    throw new Error(`Subscribing the webhook answered ${response.status}: ${await response.text()}`);
}
