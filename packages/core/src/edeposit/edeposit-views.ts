import {
  EDEPOSIT_STAGE_LABELS,
  EDEPOSIT_STAGES,
  type EDeposit,
  type EDepositError,
  type EDepositStatus,
  isEDepositConfigLocked,
  isEDepositFailed,
  type PackageStatus,
} from "@signet/contract";
import type { Prisma } from "../db/generated/client.ts";

type DepositRow = Prisma.PackageEDepositGetPayload<{ include: { items: true; eVault: { select: { name: true } } } }>;

/** The view of a package without a deposit row yet: eDeposit off, nothing started. */
export function emptyDeposit(packageId: string): DepositRow {
  const now = new Date(0);
  return {
    packageId,
    organizationId: "",
    enabled: false,
    eVaultId: null,
    financialAssetDocId: null,
    financialAssetDocType: null,
    supplementalDocType: null,
    transactionType: null,
    status: null,
    attemptNum: 0,
    nextStage: "OPEN_TRANSACTION",
    vaultTransactionId: null,
    auditTrailDocVaulted: false,
    vaultAuditTrailBlobKey: null,
    vaultAuditTrailSha256: null,
    errorsContainer: [],
    nextAttemptAt: null,
    leaseUntil: null,
    runToken: null,
    startedAt: null,
    depositedAt: null,
    cancelledAt: null,
    createdAt: now,
    lastUpdatedAt: now,
    items: [],
    eVault: null,
  };
}

function stageStates(row: DepositRow): EDeposit["stages"] {
  const next = row.nextStage === "DONE" ? EDEPOSIT_STAGES.length : EDEPOSIT_STAGES.indexOf(row.nextStage);
  const failed = row.status?.startsWith("FAILED_") ?? false;
  return EDEPOSIT_STAGES.map((stage, index) => ({
    stage,
    label: EDEPOSIT_STAGE_LABELS[stage],
    state:
      index < next
        ? "DONE"
        : index > next
          ? "WAITING"
          : failed
            ? "FAILED"
            : row.status === "IN_PROGRESS"
              ? "RUNNING"
              : "WAITING",
  }));
}

export function toEDeposit(
  pkg: { id: string; status: string; version: number },
  row: DepositRow,
  canManage: boolean,
): EDeposit {
  const packageStatus = pkg.status as PackageStatus;
  const failed = isEDepositFailed(packageStatus, row.status);
  const actions: EDeposit["allowedActions"] = [];
  if (canManage && failed) actions.push("retry", "cancel");
  if (canManage && packageStatus === "EDEPOSIT_PENDING" && row.vaultTransactionId) actions.push("confirm");
  if (row.items.length > 0) actions.push("download");
  return {
    packageId: pkg.id,
    packageStatus,
    config: {
      enabled: row.enabled,
      vaultId: row.eVaultId,
      financialAssetDocId: row.financialAssetDocId,
      financialAssetDocType: row.financialAssetDocType as EDeposit["config"]["financialAssetDocType"],
      supplementalDocType: row.supplementalDocType as EDeposit["config"]["supplementalDocType"],
      transactionType: row.transactionType as EDeposit["config"]["transactionType"],
    },
    vaultName: row.eVault?.name ?? null,
    locked: isEDepositConfigLocked(packageStatus, row.status),
    status: row.status as EDepositStatus | null,
    failed,
    attemptNum: row.attemptNum,
    nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
    stages: stageStates(row),
    errorsContainer: row.errorsContainer as EDepositError[],
    vaultTransactionId: row.vaultTransactionId,
    auditTrailDocVaulted: row.auditTrailDocVaulted,
    items: row.items
      .sort((a, b) => a.depositedAt.getTime() - b.depositedAt.getTime())
      .map((item) => ({
        documentKey: item.documentKey,
        name: item.name,
        role: item.role as EDeposit["items"][number]["role"],
        documentType: item.documentType,
        sha256: item.sha256,
        sizeBytes: item.sizeBytes,
        receiptId: item.receiptId,
        depositedAt: item.depositedAt.toISOString(),
      })),
    startedAt: row.startedAt?.toISOString() ?? null,
    depositedAt: row.depositedAt?.toISOString() ?? null,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    allowedActions: actions,
    version: pkg.version,
  };
}

export const DEPOSIT_INCLUDE = { items: true, eVault: { select: { name: true } } } as const;
