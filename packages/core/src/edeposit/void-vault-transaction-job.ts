import { systemActor } from "../actor.ts";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import type { JobContext } from "../jobs/job-context.ts";
import type { JobInput } from "../jobs/job-declarations.ts";
import { EVaultError } from "./evault-adapter.ts";
import { vaultAdapterFor, vaultConnection } from "./vault-connection.ts";

const RECORDED = ["package.edeposit-voided", "package.edeposit-void-refused"];

/**
 * Issue 32 §3: a cancelled deposit whose transaction the vault already opened has it voided there,
 * so the vault is not left with a half-deposited package that looks pending. Queued by the
 * cancellation's transaction, run after it commits (the call is I/O, never inside a transaction).
 * A vault that refuses (the transaction completed meanwhile, or is unknown to it) is recorded with
 * its own words; a vault that cannot be reached throws, and the queue tries again.
 */
export const voidVaultTransactionJob = {
  async handle(context: JobContext, job: JobInput<"edeposit.void">, idempotencyKey: string) {
    const deposit = await context.db.packageEDeposit.findUnique({
      where: { packageId: job.packageId },
      include: { eVault: true },
    });
    if (!deposit?.eVault || deposit.status !== "CANCELLED") return;
    let outcome: { type: string; data: Record<string, unknown> };
    try {
      await vaultAdapterFor(deposit.eVault.adapter, context).voidTransaction(vaultConnection(deposit.eVault, context), {
        idempotencyKey,
        transactionId: job.vaultTransactionId,
        reason: "The depositor cancelled the eDeposit of this package.",
      });
      outcome = { type: "package.edeposit-voided", data: { vaultTransactionId: job.vaultTransactionId } };
    } catch (error) {
      if (!(error instanceof EVaultError) || error.kind !== "refused") throw error;
      outcome = {
        type: "package.edeposit-void-refused",
        data: { vaultTransactionId: job.vaultTransactionId, reason: error.message },
      };
    }
    await context.db.$transaction(async (tx) => {
      // a run repeated after its record committed records nothing more
      const recorded = await tx.auditEvent.findFirst({
        where: { streamType: "package", streamId: job.packageId, type: { in: RECORDED } },
        select: { id: true },
      });
      if (recorded) return;
      await appendAuditEvent(tx, systemActor, {
        organizationId: deposit.organizationId,
        streamType: "package",
        streamId: job.packageId,
        type: outcome.type,
        data: outcome.data,
      });
    });
  },
};
