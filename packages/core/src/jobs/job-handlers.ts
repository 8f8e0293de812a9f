import { runBulkSendJob } from "../bulk-send/run-bulk-send-job.ts";
import { runEDepositJob } from "../edeposit/run-edeposit-job.ts";
import { voidVaultTransactionJob } from "../edeposit/void-vault-transaction-job.ts";
import { sendEmailJob } from "../mail/send-email-job.ts";
import { automaticMailingJob } from "../print-mail/automatic-mailing-job.ts";
import { notifyMailingExceptionJob } from "../print-mail/notify-mailing-exception-job.ts";
import { pollMailingJob } from "../print-mail/poll-mailing-job.ts";
import { runMailingSubmissionJob } from "../print-mail/run-mailing-submission-job.ts";
import { emailNotificationJob } from "../reminders/email-notification-job.ts";
import { renewSealTimestampJob } from "../signing/renew-seal-timestamp-job.ts";
import { sealPackageJob } from "../signing/seal-package-job.ts";
import { signingEmailCodeJob } from "../signing/signing-email-code-job.ts";
import { signingInvitationJob } from "../signing/signing-invitation-job.ts";
import { deliverWebhookJob } from "../webhooks/deliver-webhook-job.ts";
import type { JobContext } from "./job-context.ts";
import { JOBS, type JobInput, type JobName } from "./job-declarations.ts";

export interface JobHandler<N extends JobName> {
  /** Must be idempotent: a retried job must not redo a finished step. */
  handle(context: JobContext, payload: JobInput<N>, idempotencyKey: string): Promise<void>;
}

/**
 * The code that runs each declared job. Only the processes that run jobs import this table (the
 * worker, and the API when it runs jobs itself without Redis), through the runner they are given;
 * a name declared without a handler here fails to compile.
 */
export const JOB_HANDLERS: { [N in JobName]: JobHandler<N> } = {
  "email.send": sendEmailJob,
  "signing.invitation": signingInvitationJob,
  "signing.email-code": signingEmailCodeJob,
  "package.seal": sealPackageJob,
  "seal.renew-timestamp": renewSealTimestampJob,
  "webhook.deliver": deliverWebhookJob,
  "email.notification": emailNotificationJob,
  "bulk-send.run": runBulkSendJob,
  "edeposit.run": runEDepositJob,
  "edeposit.void": voidVaultTransactionJob,
  "print-mail.submit": runMailingSubmissionJob,
  "print-mail.notify-exception": notifyMailingExceptionJob,
  "print-mail.poll": pollMailingJob,
  "print-mail.automatic": automaticMailingJob,
};

/** Runs one job: checks the name and the payload against the declaration, then its handler. */
export type JobRunner = (
  context: JobContext,
  jobName: string,
  payload: unknown,
  idempotencyKey: string,
) => Promise<void>;

export const runJob: JobRunner = async (context, jobName, payload, idempotencyKey) => {
  if (!Object.hasOwn(JOBS, jobName)) throw new Error(`Unknown job ${jobName}`);
  const name = jobName as JobName;
  const handler = JOB_HANDLERS[name] as JobHandler<JobName>;
  await handler.handle(context, JOBS[name].payload.parse(payload) as JobInput<JobName>, idempotencyKey);
};
