// eDeposit rules of spec §4 and DOMAIN.md §2.
import type { PackageStatus } from "./package-status.ts";

/** The failure status recorded by each of the five deposit stages, in stage order (DOMAIN.md §2). */
export const EDEPOSIT_FAILURE_STATUSES = [
  "FAILED_TRANSACTION",
  "FAILED_DOCUMENTS",
  "FAILED_ESIGN_AUDIT_TRAIL",
  "FAILED_VAULT_AUDIT_TRAIL",
  "FAILED_UPDATE_TRANS_STATUS",
] as const;
export type EDepositFailureStatus = (typeof EDEPOSIT_FAILURE_STATUSES)[number];

export function isEDepositFailureStatus(value: string | null | undefined): value is EDepositFailureStatus {
  return (EDEPOSIT_FAILURE_STATUSES as readonly (string | null | undefined)[]).includes(value);
}

/** Spec §4: a failure status counts only while the package is EDEPOSIT_PENDING. */
export function isEDepositFailed(packageStatus: PackageStatus, eDepositStatus: string | null | undefined): boolean {
  return packageStatus === "EDEPOSIT_PENDING" && isEDepositFailureStatus(eDepositStatus);
}

/** Statuses in which the eDeposit settings are locked whatever the deposit status (spec §4). */
const LOCKED_STATUSES: readonly PackageStatus[] = [
  "COMPLETED",
  "EDEPOSITED",
  "CANCELLED",
  "CONSENT_WITHDRAWN",
  "PENDING_ENOTARY",
];

/**
 * Spec §4: eDeposit settings are locked when the package is EDEPOSIT_PENDING and not failed, or
 * COMPLETED, EDEPOSITED, CANCELLED, CONSENT_WITHDRAWN or PENDING_ENOTARY. So they are editable while
 * STARTED or AVAILABLE_TO_SIGNERS, and while a deposit has failed (to fix the settings and retry).
 */
export function isEDepositConfigLocked(
  packageStatus: PackageStatus,
  eDepositStatus: string | null | undefined,
): boolean {
  if (packageStatus === "EDEPOSIT_PENDING") return !isEDepositFailed(packageStatus, eDepositStatus);
  return LOCKED_STATUSES.includes(packageStatus);
}
