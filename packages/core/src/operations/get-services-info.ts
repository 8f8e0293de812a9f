import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import type { ServiceInfo, ServicesInfo } from "@signet/contract";
import type { Redis } from "ioredis";
import type { Actor } from "../actor.ts";
import type { CoreDeps } from "../core-deps.ts";
import type { QueueInspector } from "../jobs/queue-inspector.ts";
import { outboundFetch, outboundPolicy } from "../outbound/outbound-fetch.ts";
import { assertSupportUser } from "./assert-support-user.ts";
import { PARKED_OUTBOX_WHERE } from "./parked-jobs.ts";

const CHECK_TIMEOUT_MS = 3000;

/** What the API process can reach beyond CoreDeps (absent in the embedded default without Redis). */
export interface ServiceProbes {
  redis: Redis | null;
  queues: QueueInspector | null;
}

/** Where a service is, without what a URL may carry besides its host (user, password, path, query). */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return "an address that cannot be read";
  }
}

function reason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split("\n")[0]!.slice(0, 200);
}

/** Runs one check under a deadline and times it; a check that throws or hangs reports the service down. */
async function check(
  base: Pick<ServiceInfo, "id" | "name">,
  detail: string,
  probe: () => Promise<string | null>,
): Promise<ServiceInfo> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS / 1000} s`)), CHECK_TIMEOUT_MS);
  });
  try {
    const version = await Promise.race([probe(), deadline]);
    return { ...base, state: "up", version, detail, latencyMs: Math.round(performance.now() - started) };
  } catch (error) {
    return {
      ...base,
      state: "down",
      version: null,
      detail: `${detail}: ${reason(error)}`,
      latencyMs: Math.round(performance.now() - started),
    };
  } finally {
    clearTimeout(timer);
  }
}

function notConfigured(base: Pick<ServiceInfo, "id" | "name">, detail: string): ServiceInfo {
  return { ...base, state: "not-configured", version: null, detail, latencyMs: null };
}

async function checkDatabase(deps: CoreDeps): Promise<ServiceInfo> {
  const detail = deps.config.DATABASE_URL ? `PostgreSQL at ${hostOf(deps.config.DATABASE_URL)}` : "Embedded PostgreSQL";
  return check({ id: "database", name: "Database (PostgreSQL)" }, detail, async () => {
    const [row] = await deps.db.$queryRaw<{ server_version: string }[]>`SHOW server_version`;
    return row?.server_version ?? null;
  });
}

async function checkRedis(deps: CoreDeps, redis: Redis | null): Promise<ServiceInfo> {
  const base = { id: "redis", name: "Job queue (Redis)" } as const;
  if (!redis || !deps.config.REDIS_URL) return notConfigured(base, "Jobs run inside the API process");
  return check(base, `Redis at ${hostOf(deps.config.REDIS_URL)}`, async () => {
    // while disconnected, ioredis would queue the command until Redis is back
    if (redis.status !== "ready") throw new Error(`connection is ${redis.status}`);
    const info = await redis.info("server");
    return /redis_version:([^\r\n]+)/.exec(info)?.[1] ?? null;
  });
}

/** A real round trip: store, read back and remove a few bytes. */
async function checkStorage(deps: CoreDeps): Promise<ServiceInfo> {
  const { config, storage } = deps;
  const detail = config.S3_BUCKET
    ? `S3 bucket ${config.S3_BUCKET}${config.S3_ENDPOINT ? ` at ${hostOf(config.S3_ENDPOINT)}` : ""}`
    : `Files under ${config.DATA_DIR}`;
  return check({ id: "storage", name: "Document storage" }, detail, async () => {
    const key = `health/probe-${randomUUID()}`;
    const bytes = Buffer.from("signet storage probe");
    await storage.put(key, Readable.from([bytes]));
    try {
      const chunks: Buffer[] = [];
      for await (const chunk of await storage.get(key)) chunks.push(Buffer.from(chunk as Uint8Array));
      if (!Buffer.concat(chunks).equals(bytes)) throw new Error("read back different bytes than were stored");
    } finally {
      await storage.delete(key);
    }
    return null;
  });
}

async function checkSmtp(deps: CoreDeps): Promise<ServiceInfo> {
  const base = { id: "smtp", name: "Email (SMTP)" } as const;
  const url = deps.config.SMTP_URL;
  if (!url) return notConfigured(base, "Emails are kept in the dev mailbox, not sent");
  return check(base, `SMTP server at ${hostOf(url)}`, async () => {
    const { default: nodemailer } = await import("nodemailer");
    const transport = nodemailer.createTransport({
      url,
      connectionTimeout: CHECK_TIMEOUT_MS,
      greetingTimeout: CHECK_TIMEOUT_MS,
    });
    try {
      await transport.verify();
    } finally {
      transport.close();
    }
    return null;
  });
}

/** Reachability only: any HTTP answer counts, since a real check would send a text message. */
async function checkSms(deps: CoreDeps): Promise<ServiceInfo> {
  const base = { id: "sms", name: "Text messages (SMS)" } as const;
  const url = deps.config.SMS_WEBHOOK_URL;
  if (!url) return notConfigured(base, "Text messages are kept in the dev mailbox, not sent");
  return check(base, `SMS gateway at ${hostOf(url)} (reachability only)`, async () => {
    await outboundFetch(outboundPolicy(deps.config))(url, {
      method: "HEAD",
      signal: AbortSignal.timeout(CHECK_TIMEOUT_MS),
    });
    return null;
  });
}

/**
 * Spec §7 services-info for support users: every dependency's state, version and latency, the job
 * counts per queue and the outbox backlog. Checks run in parallel, each under its own deadline, so
 * one hung dependency does not hide the others.
 */
export async function getServicesInfo(actor: Actor, probes: ServiceProbes, deps: CoreDeps): Promise<ServicesInfo> {
  assertSupportUser(actor);
  const [database, redis, storage, smtp, sms, queues, pending, parked] = await Promise.all([
    checkDatabase(deps),
    checkRedis(deps, probes.redis),
    checkStorage(deps),
    checkSmtp(deps),
    checkSms(deps),
    probes.queues && probes.redis?.status === "ready" ? probes.queues.counts().catch(() => []) : [],
    deps.db.outboxMessage.count({ where: { publishedAt: null } }),
    deps.db.outboxMessage.count({ where: PARKED_OUTBOX_WHERE }),
  ]);
  return {
    checkedAt: new Date().toISOString(),
    application: { version: deps.config.BUILD_VERSION, commit: deps.config.BUILD_COMMIT, node: process.version },
    services: [
      database,
      redis,
      storage,
      smtp,
      sms,
      // eDeposit and print and mail fulfillment have no provider to check until those features land
      notConfigured({ id: "evault", name: "eVault" }, "No eVault is set up"),
      notConfigured({ id: "print", name: "Print and mail" }, "No print and mail provider is set up"),
    ],
    queues,
    outbox: { pending, parked },
  };
}
