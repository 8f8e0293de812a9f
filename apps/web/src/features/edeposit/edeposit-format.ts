import {
  EDEPOSIT_DOCUMENT_TYPES,
  EDEPOSIT_STAGE_LABELS,
  EDEPOSIT_TRANSACTION_TYPES,
  type EDeposit,
  type EDepositStage,
  type EDepositStatus,
} from "@signet/contract";

// The words and colours of the eDeposit screens (UX.md: never an enum name on screen).

export const DOCUMENT_TYPE_LABELS: Record<(typeof EDEPOSIT_DOCUMENT_TYPES)[number], string> = {
  PROMISSORY_NOTE: "Promissory note",
  DEED_OF_TRUST: "Deed of trust",
  MORTGAGE: "Mortgage",
  CLOSING_DISCLOSURE: "Closing disclosure",
  RIDER: "Rider",
  OTHER: "Other",
};

export const TRANSACTION_TYPE_LABELS: Record<(typeof EDEPOSIT_TRANSACTION_TYPES)[number], string> = {
  PURCHASE: "Purchase",
  REFINANCE: "Refinance",
  HELOC: "Home equity line of credit (HELOC)",
  OTHER: "Other",
};

export const documentTypeOptions = EDEPOSIT_DOCUMENT_TYPES.map((value) => ({
  value,
  label: DOCUMENT_TYPE_LABELS[value],
}));
export const transactionTypeOptions = EDEPOSIT_TRANSACTION_TYPES.map((value) => ({
  value,
  label: TRANSACTION_TYPE_LABELS[value],
}));

/**
 * A type as the vault names it (config info lists its own words): ours when we know it, otherwise
 * the vault's code made readable ("SECURITY_INSTRUMENT" → "Security instrument").
 */
export function vaultTypeLabel(code: string): string {
  const known = { ...DOCUMENT_TYPE_LABELS, ...TRANSACTION_TYPE_LABELS } as Record<string, string>;
  if (known[code]) return known[code];
  const words = code.replace(/[_-]+/g, " ").trim().toLowerCase();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : code;
}

const FAILED_AT: Record<string, EDepositStage> = {
  FAILED_TRANSACTION: "OPEN_TRANSACTION",
  FAILED_DOCUMENTS: "UPLOAD_DOCUMENTS",
  FAILED_ESIGN_AUDIT_TRAIL: "UPLOAD_ESIGN_AUDIT_TRAIL",
  FAILED_VAULT_AUDIT_TRAIL: "VAULT_AUDIT_TRAIL",
  FAILED_UPDATE_TRANS_STATUS: "COMPLETE_TRANSACTION",
};

/** The deposit's status in words: "Failed at: Upload the sealed documents", "Deposited"… */
export function eDepositStatusText(status: EDepositStatus | null): string {
  if (status === null) return "Not started";
  if (status === "IN_PROGRESS") return "Depositing";
  if (status === "DEPOSITED") return "Deposited";
  if (status === "CANCELLED") return "Cancelled";
  const stage = FAILED_AT[status];
  return stage ? `Failed: ${EDEPOSIT_STAGE_LABELS[stage].toLowerCase()}` : "Failed";
}

export function eDepositStatusColor(status: EDepositStatus | null): string {
  if (status === null) return "gray";
  if (status === "IN_PROGRESS") return "blue";
  if (status === "DEPOSITED") return "green";
  if (status === "CANCELLED") return "gray";
  return "red";
}

export const STAGE_STATE_TEXT: Record<EDeposit["stages"][number]["state"], string> = {
  DONE: "Done",
  FAILED: "Failed",
  RUNNING: "Running",
  WAITING: "Waiting",
};
export const STAGE_STATE_COLORS: Record<EDeposit["stages"][number]["state"], string> = {
  DONE: "teal",
  FAILED: "red",
  RUNNING: "blue",
  WAITING: "gray",
};

export const ITEM_ROLE_LABELS: Record<EDeposit["items"][number]["role"], string> = {
  DOCUMENT: "Document",
  ESIGN_AUDIT_TRAIL: "E-sign audit trail",
  ENOTE: "eNote",
};

/** Why the package's eDeposit settings cannot be changed, in the user's words (spec §4). */
export function lockedReason(packageStatus: string): string {
  if (packageStatus === "EDEPOSIT_PENDING") return "The package is being deposited into the eVault.";
  if (packageStatus === "EDEPOSITED") return "The package has been deposited into the eVault.";
  if (packageStatus === "COMPLETED") return "The package is completed.";
  if (packageStatus === "CANCELLED") return "The package was cancelled.";
  if (packageStatus === "CONSENT_WITHDRAWN") return "A participant withdrew their consent.";
  if (packageStatus === "PENDING_ENOTARY") return "The package is waiting for the eNotary.";
  return "The package's status does not allow it.";
}

/** SHA-256 shortened for a table cell: its first and last characters. */
export function shortSha256(hash: string): string {
  return hash.length > 16 ? `${hash.slice(0, 8)}…${hash.slice(-6)}` : hash;
}
