import { systemActor } from "../actor.ts";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import { enqueueOutbox } from "../jobs/enqueue-outbox.ts";
import type { JobContext } from "../jobs/job-context.ts";
import type { JobInput } from "../jobs/job-declarations.ts";
import { nextAttemptAt, retryPolicies } from "../jobs/retry-policy.ts";
import { loadPrintSetup } from "../print-settings/print-setup.ts";
import { readStream } from "../signing/read-stream.ts";
import { submissionKey } from "./mailings.ts";
import { pollKey } from "./poll-mailing-job.ts";
import { PrintVendorError } from "./print-vendor-adapter.ts";
import { printVendorAdapterFor } from "./print-vendor-adapters.ts";
import { recordMilestones } from "./record-milestone.ts";

/** The callback URL the vendor posts milestones to (PRINT_CALLBACK_URL, or the public URL's API). */
export function printCallbackUrl(config: JobContext["config"]): string {
  return config.PRINT_CALLBACK_URL ?? `${config.publicUrl}/api/v1/print-mail/callbacks`;
}

/**
 * Submits one mailing's print set to its print vendor. The vendor's idempotency key is the
 * mailing id (never the attempt), so a retry after a lost answer is answered with the job already
 * made instead of printing the set twice. A failure is recorded on the mailing and retried
 * automatically (PRINT_SUBMIT_AUTO_ATTEMPTS, waits growing fourfold); after the last one the
 * mailing is SUBMIT_FAILED and waits for a person's retry.
 */
export const runMailingSubmissionJob = {
  async handle(context: JobContext, job: JobInput<"print-mail.submit">) {
    const { db, config } = context;
    const mailing = await db.mailing.findUnique({ where: { id: job.mailingId }, include: { legs: true } });
    // only the current attempt of a mailing still waiting runs (a stale job does nothing). The same
    // attempt claimed already runs again: BullMQ hands a job out again only when the run that
    // claimed it died or could record neither outcome, and the vendor's idempotency key makes the
    // second submission answer the job the first one made (skipping it lost the mailing, QUEUED forever)
    if (mailing?.status !== "QUEUED" || mailing.submitAttempts > job.attempt) return;
    const claimed = await db.mailing.updateMany({
      where: { id: mailing.id, status: "QUEUED", submitAttempts: { in: [job.attempt - 1, job.attempt] } },
      data: { submitAttempts: job.attempt },
    });
    if (claimed.count === 0) return;
    const setup = await loadPrintSetup(db, mailing.organizationId, context);
    const adapter = printVendorAdapterFor(mailing.provider, context);
    try {
      if (!setup?.enabled || !setup.provider.url)
        throw new PrintVendorError("refused", "Print fulfillment is not set up for this organization.");
      if (!adapter)
        throw new PrintVendorError("refused", `There is no print vendor adapter for the provider ${mailing.provider}.`);
      if (!mailing.printSetBlobKey || !mailing.printSetSha256)
        throw new PrintVendorError("refused", "The print set is missing.");
      const pdf = await readStream(await context.storage.get(mailing.printSetBlobKey));
      const outbound = setup.carriers.find((carrier) => carrier.use !== "RETURN") ?? null;
      const back = setup.carriers.find((carrier) => carrier.use !== "OUTBOUND") ?? null;
      const state = await adapter.submit(setup.provider, {
        idempotencyKey: `mailing-${mailing.id}`,
        reference: mailing.id,
        pdf,
        sha256: mailing.printSetSha256,
        recipient: mailing.recipientAddress as never,
        returnAddress: setup.returnAddress,
        businessReturnEnvelope: setup.businessReturnEnvelope,
        outboundCarrier: { code: outbound?.code ?? "USPS", service: outbound?.service ?? "First-Class" },
        returnCarrier: setup.businessReturnEnvelope
          ? { code: back?.code ?? "USPS", service: back?.service ?? "First-Class" }
          : null,
        callbackUrl: printCallbackUrl(config),
      });
      await db.$transaction(async (tx) => {
        await tx.mailing.update({
          where: { id: mailing.id },
          data: { vendorJobId: state.jobId, status: "SUBMITTED", lastError: null, version: { increment: 1 } },
        });
        await enqueueOutbox(
          tx,
          "print-mail.poll",
          { mailingId: mailing.id, round: 1 },
          pollKey(mailing.id, 1),
          new Date(Date.now() + retryPolicies(config).mailingPoll.firstDelayMs),
        );
        await appendAuditEvent(tx, systemActor, {
          organizationId: mailing.organizationId,
          streamType: "package",
          streamId: mailing.packageId,
          type: "package.mailing-submitted",
          data: {
            mailingId: mailing.id,
            recipientName: mailing.recipientName,
            vendorJobId: state.jobId,
            attemptNum: job.attempt,
          },
        });
      });
      // what the vendor already reports (READY at least) is recorded now; callbacks bring the rest
      await recordMilestones(db, mailing.id, state.milestones);
    } catch (error) {
      const errorText = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
      if (!(error instanceof PrintVendorError))
        context.logger.error({ err: error, mailingId: mailing.id }, "print job submission failed");
      const nextAt = nextAttemptAt(retryPolicies(config).printSubmission, job.attempt);
      const retry = nextAt !== null;
      await db.$transaction(async (tx) => {
        await tx.mailing.update({
          where: { id: mailing.id },
          data: { status: retry ? "QUEUED" : "SUBMIT_FAILED", lastError: errorText, version: { increment: 1 } },
        });
        await appendAuditEvent(tx, systemActor, {
          organizationId: mailing.organizationId,
          streamType: "package",
          streamId: mailing.packageId,
          type: "package.mailing-submit-failed",
          data: {
            mailingId: mailing.id,
            recipientName: mailing.recipientName,
            errorText,
            attemptNum: job.attempt,
            nextAttemptAt: retry ? nextAt.toISOString() : null,
          },
        });
        if (retry) {
          await enqueueOutbox(
            tx,
            "print-mail.submit",
            { mailingId: mailing.id, attempt: job.attempt + 1 },
            submissionKey(mailing.id, job.attempt + 1),
            nextAt,
          );
        }
      });
    }
  },
};
