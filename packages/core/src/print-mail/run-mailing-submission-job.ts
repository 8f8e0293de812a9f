import { z } from "zod";
import { systemActor } from "../actor.ts";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import { enqueueOutbox } from "../jobs/enqueue-outbox.ts";
import type { JobContext } from "../jobs/job-context.ts";
import { loadPrintSetup } from "../print-settings/print-setup.ts";
import { readStream } from "../signing/read-stream.ts";
import { submissionKey } from "./mailings.ts";
import { pollKey } from "./poll-mailing-job.ts";
import { PrintVendorError } from "./print-vendor-adapter.ts";
import { printVendorAdapterFor } from "./print-vendor-adapters.ts";
import { recordMilestones } from "./record-milestone.ts";

const payload = z.object({ mailingId: z.uuid(), attempt: z.number().int().min(1) });

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
  queue: "print-mail",
  payload,
  async handle(context: JobContext, job: z.infer<typeof payload>) {
    const { db, config } = context;
    const mailing = await db.mailing.findUnique({ where: { id: job.mailingId }, include: { legs: true } });
    // only the current attempt of a mailing still waiting runs (a stale or repeated job does nothing)
    if (mailing?.status !== "QUEUED" || mailing.submitAttempts >= job.attempt) return;
    const claimed = await db.mailing.updateMany({
      where: { id: mailing.id, status: "QUEUED", submitAttempts: job.attempt - 1 },
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
          new Date(Date.now() + config.PRINT_POLL_SECONDS * 1000),
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
      const retry = job.attempt < config.PRINT_SUBMIT_AUTO_ATTEMPTS;
      const nextAt = new Date(Date.now() + config.PRINT_SUBMIT_RETRY_BASE_SECONDS * 1000 * 4 ** (job.attempt - 1));
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
