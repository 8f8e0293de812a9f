import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import type { Redis } from "ioredis";
import type { Db } from "../db/prisma-client.ts";
import type { BlobStorage } from "../storage/blob-storage.ts";

/** How long one dependency may take to answer a readiness probe. */
export const READY_CHECK_TIMEOUT_MS = 2000;

export type ReadinessCheck = "ok" | "down" | "not configured";

export interface Readiness {
  status: "ready" | "not ready";
  checks: { database: ReadinessCheck; redis: ReadinessCheck; storage: ReadinessCheck };
}

/** A probe answers even when a dependency hangs: each check has its deadline. */
async function check(probe: () => Promise<unknown>): Promise<ReadinessCheck> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error("timed out")), READY_CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([probe(), deadline]);
    return "ok";
  } catch {
    return "down";
  } finally {
    clearTimeout(timer);
  }
}

/** Writes, reads back and removes a few bytes: storage that answers but cannot store is down. */
async function probeStorage(storage: BlobStorage) {
  const key = `health/probe-${randomUUID()}`;
  const bytes = Buffer.from(key);
  await storage.put(key, Readable.from([bytes]));
  try {
    const chunks: Buffer[] = [];
    for await (const chunk of (await storage.get(key)) as AsyncIterable<Buffer>) chunks.push(Buffer.from(chunk));
    if (!Buffer.concat(chunks).equals(bytes)) throw new Error("storage answered other bytes");
  } finally {
    await storage.delete(key);
  }
}

/**
 * Whether a process (an API replica or a worker) can do its work: the database answers, Redis
 * answers when configured, and storage stores. A load balancer or orchestrator routes by it.
 */
export async function checkReadiness(input: { db: Db; redis: Redis | null; storage: BlobStorage }): Promise<Readiness> {
  const { db, redis, storage } = input;
  const [database, redisCheck, storageCheck] = await Promise.all([
    check(() => db.$queryRaw`SELECT 1`),
    // while disconnected, ioredis would queue the PING until Redis is back
    redis
      ? check(async () => {
          if (redis.status !== "ready") throw new Error(`redis ${redis.status}`);
          await redis.ping();
        })
      : Promise.resolve<ReadinessCheck>("not configured"),
    check(() => probeStorage(storage)),
  ]);
  const checks = { database, redis: redisCheck, storage: storageCheck };
  const ready = Object.values(checks).every((value) => value !== "down");
  return { status: ready ? "ready" : "not ready", checks };
}
