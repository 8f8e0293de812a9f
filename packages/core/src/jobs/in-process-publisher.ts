import type { JobContext } from "./job-context.ts";
import type { JobRunner } from "./job-handlers.ts";
import type { OutboxPublisher } from "./outbox-relay.ts";

/**
 * Without Redis the relay runs each job's handler itself: same handlers, same retries. The relay
 * marks the row processed in its own transaction: writing it here, on another connection, would
 * wait for the row lock that transaction holds until the transaction timed out and rolled back.
 */
export function createInProcessPublisher(context: JobContext, runJob: JobRunner): OutboxPublisher {
  return async (row) => {
    await runJob(context, row.jobName, row.payload, row.idempotencyKey);
    return "processed";
  };
}
