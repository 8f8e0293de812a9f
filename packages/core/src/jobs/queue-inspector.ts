import { Queue } from "bullmq";
import type { Redis } from "ioredis";
import { jobQueues } from "./job-declarations.ts";

export interface QueueCounts {
  name: string;
  waiting: number;
  active: number;
  delayed: number;
  failed: number;
}

/**
 * Read-side handles on every BullMQ queue, for the operations views (job counts, the queue
 * dashboard). Built once per API process: a Queue opens its own Redis subscriptions.
 */
export function createQueueInspector(connection: Redis, prefix: string) {
  const queues = jobQueues().map((name) => new Queue(name, { connection, prefix }));
  return {
    queues,
    async counts(): Promise<QueueCounts[]> {
      return Promise.all(
        queues.map(async (queue) => {
          const counts = await queue.getJobCounts("waiting", "active", "delayed", "failed");
          return {
            name: queue.name,
            waiting: counts.waiting ?? 0,
            active: counts.active ?? 0,
            delayed: counts.delayed ?? 0,
            failed: counts.failed ?? 0,
          };
        }),
      );
    },
    async close() {
      await Promise.all(queues.map((queue) => queue.close()));
    },
  };
}
export type QueueInspector = ReturnType<typeof createQueueInspector>;
