import { EDEPOSIT_MESSAGES, type EDepositConfig } from "@signet/contract";

// The builder's eDeposit settings as the sender edits them (issue 15 §3).

export type EDepositConfigField = keyof EDepositConfig;

/** The API's answer when eDeposit is on without a transaction type. */
export const TRANSACTION_TYPE_REQUIRED = EDEPOSIT_MESSAGES.transactionTypeRequired;

/**
 * What stops the settings from being saved, in the API's words, so the sender sees it beside the
 * field before the save is sent: an eDeposit needs its eVault (an enabled one) and the financial
 * asset document among the package's E-Sign documents, and a transaction type. Turned off, nothing
 * is required.
 */
export function eDepositConfigProblems(
  config: EDepositConfig,
  known: { enabledVaultIds: readonly string[] | null; eSignDocumentIds: readonly string[] },
): Partial<Record<EDepositConfigField, string>> {
  if (!config.enabled) return {};
  const problems: Partial<Record<EDepositConfigField, string>> = {};
  if (!config.vaultId) problems.vaultId = EDEPOSIT_MESSAGES.vaultRequired;
  else if (known.enabledVaultIds && !known.enabledVaultIds.includes(config.vaultId))
    problems.vaultId = EDEPOSIT_MESSAGES.vaultDisabled;
  if (!config.financialAssetDocId) problems.financialAssetDocId = EDEPOSIT_MESSAGES.assetDocRequired;
  else if (!known.eSignDocumentIds.includes(config.financialAssetDocId))
    problems.financialAssetDocId = EDEPOSIT_MESSAGES.assetDocNotESign;
  if (!config.transactionType) problems.transactionType = TRANSACTION_TYPE_REQUIRED;
  return problems;
}

export function sameEDepositConfig(a: EDepositConfig, b: EDepositConfig): boolean {
  return (
    a.enabled === b.enabled &&
    a.vaultId === b.vaultId &&
    a.financialAssetDocId === b.financialAssetDocId &&
    a.financialAssetDocType === b.financialAssetDocType &&
    a.supplementalDocType === b.supplementalDocType &&
    a.transactionType === b.transactionType
  );
}

/**
 * Spec §2 rule of the builder: the section is offered when the organization has an eVault to choose
 * or the package already deposits (its settings must stay reachable); otherwise a pointer to
 * Settings › Electronic vault. An unknown list (the reader may not see settings) counts as none.
 */
export function offersEDeposit(vaultCount: number | null, config: Pick<EDepositConfig, "enabled"> | null): boolean {
  return (config?.enabled ?? false) || (vaultCount ?? 0) > 0;
}

/**
 * Turning eDeposit on fills in the document types the API would choose by itself (the note is a
 * promissory note, every other document "other"), so the sender sees what is saved.
 */
export function turnedOn(config: EDepositConfig): EDepositConfig {
  return {
    ...config,
    enabled: true,
    financialAssetDocType: config.financialAssetDocType ?? "PROMISSORY_NOTE",
    supplementalDocType: config.supplementalDocType ?? "OTHER",
  };
}
