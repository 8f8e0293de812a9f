import type { JobContext } from "./job-context.ts";
import { runJob } from "./job-registry.ts";
import type { OutboxPublisher } from "./outbox-relay.ts";

/** Without Redis the relay runs each job's handler itself: same handlers, same retries. */
export function createInProcessPublisher(context: JobContext): OutboxPublisher {
  return async (row) => {
    await runJob(context, row.jobName, row.payload, row.idempotencyKey);
    await context.db.outboxMessage.update({ where: { id: row.id }, data: { processedAt: new Date() } });
  };
}
