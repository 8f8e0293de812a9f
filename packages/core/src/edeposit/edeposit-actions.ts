import {
  decideTransition,
  EDEPOSIT_MESSAGES,
  type EDeposit,
  isEDepositFailed,
  type PackageStatus,
} from "@signet/contract";
import type { Actor } from "../actor.ts";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import type { CoreDeps } from "../core-deps.ts";
import { AppError } from "../errors/app-error.ts";
import { enqueueOutbox } from "../jobs/enqueue-outbox.ts";
import { findManageablePackage } from "../packages/find-package.ts";
import { loadPackageAccess } from "../packages/package-access.ts";
import { getEDeposit } from "./edeposit-config.ts";
import { endDeposit } from "./end-deposit.ts";
import { EVaultError } from "./evault-adapter.ts";
import { depositAttemptKey, enqueueDepositAttempt } from "./start-edeposit.ts";
import { vaultAdapterFor, vaultConnection } from "./vault-connection.ts";

interface PackageRef {
  organizationId: string;
  packageId: string;
}

/** Locks the package and its deposit for an action; the deposit must have failed (spec §4). */
async function lockFailedDeposit(tx: Parameters<Parameters<CoreDeps["db"]["$transaction"]>[0]>[0], packageId: string) {
  await tx.$queryRaw`SELECT id FROM "Package" WHERE id = ${packageId}::uuid FOR UPDATE`;
  const pkg = await tx.package.findUniqueOrThrow({ where: { id: packageId }, select: { status: true } });
  const deposit = await tx.packageEDeposit.findUnique({ where: { packageId } });
  if (!deposit || !isEDepositFailed(pkg.status as PackageStatus, deposit.status)) {
    throw new AppError("CONFLICT", EDEPOSIT_MESSAGES.notFailed);
  }
  return { pkg, deposit };
}

/**
 * Retry now: the next attempt resumes at the failed stage. An automatic retry of the same attempt
 * already queued is the same outbox row (same key), so it is brought forward rather than doubled.
 */
export async function retryEDeposit(actor: Actor, input: PackageRef, deps: CoreDeps): Promise<EDeposit> {
  const access = await loadPackageAccess(actor, input.organizationId, deps);
  await deps.db.$transaction(async (tx) => {
    const visible = await findManageablePackage(tx, access, input.packageId);
    const { deposit } = await lockFailedDeposit(tx, visible.id);
    const attempt = deposit.attemptNum + 1;
    await tx.packageEDeposit.update({
      where: { packageId: visible.id },
      data: { attemptNum: attempt, status: "IN_PROGRESS", nextAttemptAt: null, leaseUntil: null, runToken: null },
    });
    await enqueueDepositAttempt(tx, visible.id, attempt);
    await tx.outboxMessage.updateMany({
      where: { idempotencyKey: depositAttemptKey(visible.id, attempt), publishedAt: null },
      data: { availableAt: new Date() },
    });
    await appendAuditEvent(tx, actor, {
      organizationId: visible.organizationId,
      streamType: "package",
      streamId: visible.id,
      type: "package.edeposit-retried",
      data: { attemptNum: attempt, failedStatus: deposit.status },
    });
  });
  return getEDeposit(actor, input, deps);
}

/**
 * Cancel eDeposit (spec §4, irreversible): no further attempts; the package is COMPLETED again and,
 * since the vault holds no authoritative copy, its copies are served unwatermarked.
 */
export async function cancelEDeposit(actor: Actor, input: PackageRef, deps: CoreDeps): Promise<EDeposit> {
  const access = await loadPackageAccess(actor, input.organizationId, deps);
  await deps.db.$transaction(async (tx) => {
    const visible = await findManageablePackage(tx, access, input.packageId);
    const { pkg, deposit } = await lockFailedDeposit(tx, visible.id);
    const decision = decideTransition(pkg.status as PackageStatus, "cancelEDeposit", { eDepositFailed: true });
    if (!decision.allowed || !decision.to) throw new AppError("CONFLICT", EDEPOSIT_MESSAGES.notFailed);
    await endDeposit(tx, actor, {
      packageId: visible.id,
      organizationId: visible.organizationId,
      attemptNum: deposit.attemptNum,
      from: pkg.status as PackageStatus,
      to: decision.to,
      deposit: { status: "CANCELLED", cancelledAt: new Date() },
      audit: { type: "package.edeposit-cancelled", data: { action: "cancelEDeposit", failedStatus: deposit.status } },
    });
    // the vault's open transaction is voided after this commits (voidVaultTransactionJob)
    if (deposit.vaultTransactionId) {
      await enqueueOutbox(
        tx,
        "edeposit.void",
        { packageId: visible.id, vaultTransactionId: deposit.vaultTransactionId },
        `edeposit-void:${visible.id}`,
      );
    }
  });
  return getEDeposit(actor, input, deps);
}

/**
 * Confirm: asks the vault for its record of the transaction. When the vault completed it and holds
 * every file Signet deposited with the same hash (say the answer to "complete" was lost), the
 * package is EDEPOSITED; otherwise 409 says what is missing and nothing changes.
 */
export async function confirmEDeposit(actor: Actor, input: PackageRef, deps: CoreDeps): Promise<EDeposit> {
  const access = await loadPackageAccess(actor, input.organizationId, deps);
  const visible = await findManageablePackage(deps.db, access, input.packageId);
  const deposit = await deps.db.packageEDeposit.findUnique({
    where: { packageId: visible.id },
    include: { eVault: true, items: true },
  });
  if (visible.status !== "EDEPOSIT_PENDING" || !deposit?.vaultTransactionId || !deposit.eVault) {
    throw new AppError("CONFLICT", EDEPOSIT_MESSAGES.notPending);
  }
  let state: Awaited<ReturnType<ReturnType<typeof vaultAdapterFor>["getTransaction"]>>;
  try {
    state = await vaultAdapterFor(deposit.eVault.adapter, deps).getTransaction(vaultConnection(deposit.eVault, deps), {
      transactionId: deposit.vaultTransactionId,
    });
  } catch (error) {
    if (error instanceof EVaultError) throw new AppError("UPSTREAM_FAILED", error.message);
    throw error;
  }
  const certificate = await deps.db.sealedArtifact.count({ where: { packageId: visible.id } });
  const missing = deposit.items.filter(
    (item) => !state.documents.some((held) => held.documentKey === item.documentKey && held.sha256 === item.sha256),
  );
  if (state.status !== "COMPLETE" || missing.length > 0 || deposit.items.length < certificate) {
    const reason =
      state.status !== "COMPLETE"
        ? "it is still open"
        : missing.length > 0
          ? `it lacks ${missing.map((item) => `“${item.name}”`).join(", ")}`
          : "not every sealed file was deposited";
    throw new AppError("CONFLICT", `${EDEPOSIT_MESSAGES.confirmIncomplete}: ${reason}.`);
  }
  await deps.db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM "Package" WHERE id = ${visible.id}::uuid FOR UPDATE`;
    const pkg = await tx.package.findUniqueOrThrow({ where: { id: visible.id }, select: { status: true } });
    const decision = decideTransition(pkg.status as PackageStatus, "eDepositSucceeded");
    if (!decision.allowed || !decision.to) throw new AppError("CONFLICT", EDEPOSIT_MESSAGES.notPending);
    await endDeposit(tx, actor, {
      packageId: visible.id,
      organizationId: visible.organizationId,
      attemptNum: deposit.attemptNum,
      from: pkg.status as PackageStatus,
      to: decision.to,
      deposit: { status: "DEPOSITED", nextStage: "DONE", depositedAt: new Date() },
      audit: {
        type: "package.edeposited",
        data: {
          action: "eDepositSucceeded",
          vaultTransactionId: deposit.vaultTransactionId,
          items: deposit.items.length,
          confirmed: true,
        },
      },
    });
  });
  return getEDeposit(actor, input, deps);
}
