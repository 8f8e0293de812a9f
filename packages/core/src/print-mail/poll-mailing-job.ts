import { enqueueOutbox } from "../jobs/enqueue-outbox.ts";
import type { JobContext } from "../jobs/job-context.ts";
import type { JobInput } from "../jobs/job-declarations.ts";
import { nextAttemptAt, retryPolicies } from "../jobs/retry-policy.ts";
import { loadPrintSetup } from "../print-settings/print-setup.ts";
import { PrintVendorError } from "./print-vendor-adapter.ts";
import { printVendorAdapterFor } from "./print-vendor-adapters.ts";
import { recordMilestones } from "./record-milestone.ts";

/** Statuses after which the vendor reports nothing more. */
const FINAL = new Set(["RETURNED", "RETURNED_TO_SENDER", "FAILED"]);

export const pollKey = (mailingId: string, round: number) => `print-mail-poll:${mailingId}:${round}`;

/**
 * The repair path for callbacks that never arrive (a firewall, an outage): every
 * PRINT_POLL_SECONDS the vendor is asked for the job and any milestone missing here is recorded,
 * exactly as if its callback had come. It stops when the mailing is final.
 */
export const pollMailingJob = {
  async handle(context: JobContext, job: JobInput<"print-mail.poll">) {
    const mailing = await context.db.mailing.findUnique({ where: { id: job.mailingId } });
    if (!mailing?.vendorJobId || FINAL.has(mailing.status)) return;
    const setup = await loadPrintSetup(context.db, mailing.organizationId, context);
    const adapter = printVendorAdapterFor(mailing.provider, context);
    if (setup?.provider.url && adapter) {
      try {
        const state = await adapter.getJob(setup.provider, mailing.vendorJobId);
        await recordMilestones(context.db, mailing.id, state.milestones);
      } catch (error) {
        // the next round asks again; anything but a vendor failure is a bug worth a log line
        if (!(error instanceof PrintVendorError)) throw error;
        context.logger.warn({ mailingId: mailing.id, err: error }, "print job poll failed");
      }
    }
    const after = await context.db.mailing.findUnique({ where: { id: mailing.id }, select: { status: true } });
    const dueAt = nextAttemptAt(retryPolicies(context.config).mailingPoll, job.round);
    if (!after || FINAL.has(after.status) || !dueAt) return;
    const next = job.round + 1;
    await enqueueOutbox(
      context.db,
      "print-mail.poll",
      { mailingId: mailing.id, round: next },
      pollKey(mailing.id, next),
      dueAt,
    );
  },
};
