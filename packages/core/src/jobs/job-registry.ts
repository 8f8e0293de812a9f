import type { z } from "zod";
import { runBulkSendJob } from "../bulk-send/run-bulk-send-job.ts";
import { runEDepositJob } from "../edeposit/run-edeposit-job.ts";
import { sendEmailJob } from "../mail/send-email-job.ts";
import { automaticMailingJob } from "../print-mail/automatic-mailing-job.ts";
import { notifyMailingExceptionJob } from "../print-mail/notify-mailing-exception-job.ts";
import { pollMailingJob } from "../print-mail/poll-mailing-job.ts";
import { runMailingSubmissionJob } from "../print-mail/run-mailing-submission-job.ts";
import { emailNotificationJob } from "../reminders/email-notification-job.ts";
import { sealPackageJob } from "../signing/seal-package-job.ts";
import { signingInvitationJob } from "../signing/signing-invitation-job.ts";
import { deliverWebhookJob } from "../webhooks/deliver-webhook-job.ts";
import type { JobContext } from "./job-context.ts";

export interface JobDefinition<S extends z.ZodType> {
  queue: string;
  payload: S;
  /** Must be idempotent: a retried job must not redo a finished step. */
  handle(context: JobContext, payload: z.infer<S>, idempotencyKey: string): Promise<void>;
}

/**
 * Every job by name. Getters: a job that itself enqueues work imports enqueue-outbox, which imports
 * this table, an import cycle; reading each definition when it is used, not when this module loads,
 * keeps the cycle harmless however a bundler orders the modules (the compiled build, issue 18 §1).
 */
export const JOBS = {
  get "email.send"() {
    return sendEmailJob;
  },
  get "signing.invitation"() {
    return signingInvitationJob;
  },
  get "package.seal"() {
    return sealPackageJob;
  },
  get "webhook.deliver"() {
    return deliverWebhookJob;
  },
  get "email.notification"() {
    return emailNotificationJob;
  },
  get "bulk-send.run"() {
    return runBulkSendJob;
  },
  get "edeposit.run"() {
    return runEDepositJob;
  },
  get "print-mail.submit"() {
    return runMailingSubmissionJob;
  },
  get "print-mail.notify-exception"() {
    return notifyMailingExceptionJob;
  },
  get "print-mail.poll"() {
    return pollMailingJob;
  },
  get "print-mail.automatic"() {
    return automaticMailingJob;
  },
};

export type JobName = keyof typeof JOBS;
export type JobPayload<N extends JobName> = z.input<(typeof JOBS)[N]["payload"]>;
/** The BullMQ queues the jobs use. */
export function jobQueues(): string[] {
  return [...new Set(Object.values(JOBS).map((job) => job.queue))];
}

export async function runJob(context: JobContext, jobName: string, payload: unknown, idempotencyKey: string) {
  const job = (JOBS as Record<string, JobDefinition<z.ZodType>>)[jobName];
  if (!job) throw new Error(`Unknown job ${jobName}`);
  await job.handle(context, job.payload.parse(payload), idempotencyKey);
}
