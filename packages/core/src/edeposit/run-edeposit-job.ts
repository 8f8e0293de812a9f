import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { decideTransition, EDEPOSIT_STAGE_FAILURE, EDEPOSIT_STAGES, type EDepositStage } from "@signet/contract";
import { systemActor } from "../actor.ts";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import type { Prisma } from "../db/generated/client.ts";
import type { JobContext } from "../jobs/job-context.ts";
import type { JobInput } from "../jobs/job-declarations.ts";
import { nextAttemptAt as nextRetryAt, retryPolicies } from "../jobs/retry-policy.ts";
import { readStream } from "../signing/read-stream.ts";
import { endDeposit } from "./end-deposit.ts";
import { EVaultError } from "./evault-adapter.ts";
import { enqueueDepositAttempt } from "./start-edeposit.ts";
import { vaultAdapterFor, vaultConnection } from "./vault-connection.ts";

type DepositRow = Prisma.PackageEDepositGetPayload<object>;

/** Thrown when another run holds the deposit: the queue retries the job once that run's lease lapses. */
export class DepositBusyError extends Error {}

/** A stage failure worth recording (anything else is a bug and is recorded too, with its message). */
class StageFailure extends Error {}

/**
 * Issue 15 §3 / DOMAIN.md §2: one deposit attempt. It claims the deposit (a lease with a run token),
 * then runs the five stages from the one recorded as next; each finished stage is recorded before
 * the next starts, and every vault write carries an idempotency key derived from the package and
 * the stage (never from the attempt), so a repeated stage — after a lost answer, a killed worker
 * or a retry — is answered by the vault from what it already holds. A failure records its status
 * and an errorsContainer entry, and schedules the next automatic attempt while any are left.
 */
export const runEDepositJob = {
  async handle(context: JobContext, job: JobInput<"edeposit.run">) {
    const claimed = await claim(context, job.packageId, job.attempt);
    if (!claimed) return;
    const run = new DepositRun(context, claimed.deposit, claimed.token, job.attempt);
    await run.execute();
  },
};

// The lease stays although BullMQ locks a running job and the outbox publishes a job id once:
// BullMQ only promises to run a job at least once. A worker that cannot renew its lock in time
// (a blocked event loop, a Redis blip) keeps running while its job is handed to another worker, and
// may be in the middle of a call to the outside vault when that happens. The run
// token alone would fence this table's writes, but not the calls: the lease keeps a second run of
// the same attempt away from the vault until the first has stopped or gone silent for a whole
// lease. No test forces that overlap yet (edeposit-faults only kills a worker, which the lock
// already covers); removing the lease leaves those tests green.
async function claim(context: JobContext, packageId: string, attempt: number) {
  const token = randomUUID();
  const lease = context.config.EDEPOSIT_LEASE_SECONDS;
  const claimed = await context.db.$queryRaw<{ packageId: string }[]>`
    UPDATE "PackageEDeposit" d
    SET "attemptNum" = ${attempt}, status = 'IN_PROGRESS', "nextAttemptAt" = NULL,
        "leaseUntil" = now() + make_interval(secs => ${lease}), "runToken" = ${token}, "lastUpdatedAt" = now()
    FROM "Package" p
    WHERE d."packageId" = ${packageId}::uuid AND p.id = d."packageId" AND p.status = 'EDEPOSIT_PENDING'
      AND ((d."attemptNum" = ${attempt} AND d.status = 'IN_PROGRESS')
        OR (d."attemptNum" = ${attempt - 1} AND d.status LIKE 'FAILED\\_%'))
      AND (d."leaseUntil" IS NULL OR d."leaseUntil" < now())
    RETURNING d."packageId"`;
  if (claimed.length === 0) {
    const busy = await context.db.packageEDeposit.findFirst({
      where: { packageId, attemptNum: attempt, status: "IN_PROGRESS", leaseUntil: { gte: new Date() } },
      select: { packageId: true },
    });
    if (busy) throw new DepositBusyError(`The deposit of package ${packageId} is running in another worker`);
    return null;
  }
  const deposit = await context.db.packageEDeposit.findUniqueOrThrow({ where: { packageId } });
  return { deposit, token };
}

class DepositRun {
  private pkg!: { id: string; organizationId: string; name: string; organization: { name: string; id: string } };

  constructor(
    private readonly context: JobContext,
    private deposit: DepositRow,
    private readonly token: string,
    private readonly attempt: number,
  ) {}

  async execute() {
    const { db } = this.context;
    this.pkg = await db.package.findUniqueOrThrow({
      where: { id: this.deposit.packageId },
      select: { id: true, organizationId: true, name: true, organization: { select: { id: true, name: true } } },
    });
    let stage: EDepositStage | null = this.deposit.nextStage === "DONE" ? null : this.deposit.nextStage;
    while (stage) {
      try {
        await this.renewLease();
        await this.runStage(stage);
      } catch (error) {
        if (error instanceof LeaseLost) return;
        await this.recordFailure(stage, error);
        return;
      }
      const index = EDEPOSIT_STAGES.indexOf(stage);
      const next = EDEPOSIT_STAGES[index + 1] ?? null;
      if (!next) break;
      await this.advance({ nextStage: next });
      stage = next;
    }
    await this.finish();
  }

  private vault() {
    const row = this.deposit.eVaultId
      ? this.context.db.eVault.findFirst({
          where: { id: this.deposit.eVaultId, organizationId: this.pkg.organizationId },
        })
      : Promise.resolve(null);
    return row.then((vault) => {
      if (!vault) throw new StageFailure("No eVault is chosen in this package's eDeposit settings.");
      if (!vault.enabled) throw new StageFailure(`The eVault “${vault.name}” is disabled.`);
      return {
        adapter: vaultAdapterFor(vault.adapter, this.context),
        connection: vaultConnection(vault, this.context),
      };
    });
  }

  private key(...parts: string[]) {
    return ["signet", this.pkg.id, ...parts].join(":");
  }

  private async runStage(stage: EDepositStage) {
    const { adapter, connection } = await this.vault();
    const db = this.context.db;
    switch (stage) {
      case "OPEN_TRANSACTION": {
        if (!this.deposit.transactionType)
          throw new StageFailure("The package's eDeposit settings have no transaction type.");
        const opened = await adapter.openTransaction(connection, {
          idempotencyKey: this.key("open"),
          externalId: this.pkg.id,
          transactionType: this.deposit.transactionType,
          depositorName: this.pkg.organization.name,
        });
        await this.advance({ vaultTransactionId: opened.transactionId });
        return;
      }
      case "UPLOAD_DOCUMENTS": {
        const artifacts = await db.sealedArtifact.findMany({
          where: { packageId: this.pkg.id, kind: "DOCUMENT" },
          orderBy: { sealedAt: "asc" },
        });
        if (artifacts.length === 0) throw new StageFailure("The package has no sealed documents to deposit.");
        const documents = await db.document.findMany({ where: { packageId: this.pkg.id } });
        for (const artifact of artifacts) {
          const document = documents.find((candidate) => candidate.id === artifact.documentId);
          const eNote = document?.format === "SMART_DOC" && document.eNoteMin ? { min: document.eNoteMin } : null;
          const isAsset = artifact.documentId !== null && artifact.documentId === this.deposit.financialAssetDocId;
          await this.upload({
            artifactId: artifact.id,
            blobKey: artifact.blobKey,
            name: artifact.name,
            role: eNote ? "ENOTE" : "DOCUMENT",
            documentType: isAsset
              ? (this.deposit.financialAssetDocType ?? "PROMISSORY_NOTE")
              : (this.deposit.supplementalDocType ?? "OTHER"),
            contentType: artifact.contentType,
            sha256: artifact.sha256,
          });
          if (eNote) {
            await adapter.registerENote(connection, {
              idempotencyKey: this.key("enote", eNote.min),
              transactionId: this.transactionId(),
              documentKey: artifact.id,
              min: eNote.min,
            });
            await adapter.transferControl(connection, {
              idempotencyKey: this.key("transfer", eNote.min),
              min: eNote.min,
              controllerId: this.pkg.organization.id,
              controllerName: this.pkg.organization.name,
            });
          }
        }
        return;
      }
      case "UPLOAD_ESIGN_AUDIT_TRAIL": {
        const certificate = await db.sealedArtifact.findFirst({
          where: { packageId: this.pkg.id, kind: "CERTIFICATE" },
        });
        if (!certificate)
          throw new StageFailure("The package's certificate of completion (its audit trail) is missing.");
        await this.upload({
          artifactId: certificate.id,
          blobKey: certificate.blobKey,
          name: certificate.name,
          role: "ESIGN_AUDIT_TRAIL",
          documentType: "OTHER",
          contentType: "application/pdf",
          sha256: certificate.sha256,
        });
        return;
      }
      case "VAULT_AUDIT_TRAIL": {
        const trail = await adapter.vaultAuditTrail(connection, {
          idempotencyKey: this.key("vault-audit-trail"),
          transactionId: this.transactionId(),
        });
        const key = `edeposit/${this.pkg.organizationId}/${this.pkg.id}/vault-audit-trail.json`;
        const stored = await this.context.storage.put(key, Readable.from([Buffer.from(trail.bytes)]));
        if (stored.sha256 !== trail.sha256) {
          throw new StageFailure("The eVault's audit trail did not match the hash the eVault gave for it.");
        }
        await this.advance({
          auditTrailDocVaulted: true,
          vaultAuditTrailBlobKey: key,
          vaultAuditTrailSha256: stored.sha256,
        });
        return;
      }
      case "COMPLETE_TRANSACTION": {
        await adapter.completeTransaction(connection, {
          idempotencyKey: this.key("complete"),
          transactionId: this.transactionId(),
        });
        // "deposited" only when the vault's own record holds every file with the hash we sent
        const state = await adapter.getTransaction(connection, { transactionId: this.transactionId() });
        const items = await db.eDepositItem.findMany({ where: { packageId: this.pkg.id } });
        const missing = items.filter(
          (item) =>
            !state.documents.some((held) => held.documentKey === item.documentKey && held.sha256 === item.sha256),
        );
        if (state.status !== "COMPLETE")
          throw new StageFailure("The eVault did not report the transaction as complete.");
        if (missing.length > 0) {
          throw new StageFailure(
            `The eVault's record lacks ${missing.map((item) => `“${item.name}”`).join(", ")} with the hash Signet deposited.`,
          );
        }
        return;
      }
    }
  }

  private transactionId(): string {
    if (!this.deposit.vaultTransactionId) throw new StageFailure("The vault transaction was not opened.");
    return this.deposit.vaultTransactionId;
  }

  private async upload(file: {
    artifactId: string;
    blobKey: string;
    name: string;
    role: "DOCUMENT" | "ESIGN_AUDIT_TRAIL" | "ENOTE";
    documentType: string;
    contentType: string;
    sha256: string;
  }) {
    const db = this.context.db;
    const done = await db.eDepositItem.findUnique({
      where: { packageId_documentKey: { packageId: this.pkg.id, documentKey: file.artifactId } },
    });
    if (done) return;
    const { adapter, connection } = await this.vault();
    const bytes = await readStream(await this.context.storage.get(file.blobKey));
    const receipt = await adapter.uploadDocument(connection, {
      idempotencyKey: this.key("document", file.artifactId),
      transactionId: this.transactionId(),
      documentKey: file.artifactId,
      name: file.name,
      documentType: file.documentType,
      role: file.role,
      contentType: file.contentType,
      bytes,
      sha256: file.sha256,
    });
    if (receipt.sha256 !== file.sha256) {
      throw new StageFailure(`The eVault acknowledged “${file.name}” with a different hash.`);
    }
    await this.guarded(async (tx) => {
      await tx.eDepositItem.upsert({
        where: { packageId_documentKey: { packageId: this.pkg.id, documentKey: file.artifactId } },
        create: {
          packageId: this.pkg.id,
          organizationId: this.pkg.organizationId,
          documentKey: file.artifactId,
          artifactId: file.artifactId,
          name: file.name,
          role: file.role,
          documentType: file.documentType,
          sha256: file.sha256,
          sizeBytes: bytes.byteLength,
          receiptId: receipt.receiptId,
        },
        update: {},
      });
    });
  }

  /** Runs a write only while this run still holds the deposit (its token and attempt). */
  private async guarded<T>(write: (tx: Prisma.TransactionClient) => Promise<T>): Promise<T> {
    return this.context.db.$transaction(async (tx) => {
      const held = await tx.$queryRaw<{ packageId: string }[]>`
        SELECT "packageId" FROM "PackageEDeposit"
        WHERE "packageId" = ${this.pkg.id}::uuid AND "runToken" = ${this.token} AND "attemptNum" = ${this.attempt}
          AND status = 'IN_PROGRESS'
        FOR UPDATE`;
      if (held.length === 0) throw new LeaseLost();
      return write(tx);
    });
  }

  private async advance(data: Prisma.PackageEDepositUpdateInput) {
    this.deposit = await this.guarded((tx) => tx.packageEDeposit.update({ where: { packageId: this.pkg.id }, data }));
  }

  private async renewLease() {
    await this.advance({ leaseUntil: new Date(Date.now() + this.context.config.EDEPOSIT_LEASE_SECONDS * 1000) });
  }

  private async finish() {
    await this.guarded(async (tx) => {
      const current = await tx.package.findUniqueOrThrow({ where: { id: this.pkg.id }, select: { status: true } });
      const decision = decideTransition(current.status, "eDepositSucceeded");
      if (!decision.allowed || !decision.to) throw new LeaseLost();
      const items = await tx.eDepositItem.count({ where: { packageId: this.pkg.id } });
      await endDeposit(tx, systemActor, {
        packageId: this.pkg.id,
        organizationId: this.pkg.organizationId,
        attemptNum: this.attempt,
        from: current.status,
        to: decision.to,
        deposit: { status: "DEPOSITED", nextStage: "DONE", depositedAt: new Date() },
        audit: {
          type: "package.edeposited",
          data: {
            action: "eDepositSucceeded",
            vaultTransactionId: this.deposit.vaultTransactionId,
            items,
            attemptNum: this.attempt,
          },
        },
      });
    });
  }

  private async recordFailure(stage: EDepositStage, error: unknown) {
    const errorText = failureText(error);
    if (!(error instanceof StageFailure || error instanceof EVaultError)) {
      this.context.logger.error({ err: error, packageId: this.pkg.id, stage }, "eDeposit stage failed unexpectedly");
    }
    const status = EDEPOSIT_STAGE_FAILURE[stage];
    const nextAttemptAt = nextRetryAt(retryPolicies(this.context.config).eDeposit, this.attempt);
    const entry = { attemptNum: this.attempt, occurredAt: new Date().toISOString(), errorText, stage };
    await this.guarded(async (tx) => {
      await tx.$executeRaw`
        UPDATE "PackageEDeposit"
        SET status = ${status}, "errorsContainer" = "errorsContainer" || ${JSON.stringify([entry])}::jsonb,
            "nextAttemptAt" = ${nextAttemptAt}, "leaseUntil" = NULL, "runToken" = NULL, "lastUpdatedAt" = now()
        WHERE "packageId" = ${this.pkg.id}::uuid`;
      await appendAuditEvent(tx, systemActor, {
        organizationId: this.pkg.organizationId,
        streamType: "package",
        streamId: this.pkg.id,
        type: "package.edeposit-failed",
        data: {
          stage,
          status,
          attemptNum: this.attempt,
          errorText,
          nextAttemptAt: nextAttemptAt?.toISOString() ?? null,
        },
      });
      if (nextAttemptAt) await enqueueDepositAttempt(tx, this.pkg.id, this.attempt + 1, nextAttemptAt);
    });
  }
}

class LeaseLost extends Error {}

function failureText(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof StageFailure || error instanceof EVaultError) return message.slice(0, 1000);
  return `Signet could not complete this stage: ${message}`.slice(0, 1000);
}
