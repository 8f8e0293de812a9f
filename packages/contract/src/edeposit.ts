import { z } from "zod";
import { EDEPOSIT_FAILURE_STATUSES } from "./edeposit-rules.ts";
import { ID } from "./ids.ts";
import { pageSchema, versionQuerySchema } from "./paging.ts";
import { recordCreatedAt, recordUpdatedAt, recordVersion } from "./record-fields.ts";
import { defineRouteEntry as define } from "./route-def.ts";

// eVaults and eDeposit (issue 15 §2, §3; spec §3 eDepositConfig, §4, §7; DOMAIN.md §2).

/** Vault implementations Signet can speak; one adapter file each in packages/core/src/edeposit/adapters. */
export const EVAULT_ADAPTERS = ["reference"] as const;
export const EVAULT_ADAPTER_LABELS: Record<(typeof EVAULT_ADAPTERS)[number], string> = {
  reference: "Signet reference eVault protocol",
};

/** MISMO-style transaction and document types a deposit is labelled with. */
export const EDEPOSIT_TRANSACTION_TYPES = ["PURCHASE", "REFINANCE", "HELOC", "OTHER"] as const;
export const EDEPOSIT_DOCUMENT_TYPES = [
  "PROMISSORY_NOTE",
  "DEED_OF_TRUST",
  "MORTGAGE",
  "CLOSING_DISCLOSURE",
  "RIDER",
  "OTHER",
] as const;

/** The five deposit stages of DOMAIN.md §2, in order, with the failure status each records. */
export const EDEPOSIT_STAGES = [
  "OPEN_TRANSACTION",
  "UPLOAD_DOCUMENTS",
  "UPLOAD_ESIGN_AUDIT_TRAIL",
  "VAULT_AUDIT_TRAIL",
  "COMPLETE_TRANSACTION",
] as const;
export type EDepositStage = (typeof EDEPOSIT_STAGES)[number];
export const EDEPOSIT_STAGE_FAILURE: Record<EDepositStage, (typeof EDEPOSIT_FAILURE_STATUSES)[number]> = {
  OPEN_TRANSACTION: "FAILED_TRANSACTION",
  UPLOAD_DOCUMENTS: "FAILED_DOCUMENTS",
  UPLOAD_ESIGN_AUDIT_TRAIL: "FAILED_ESIGN_AUDIT_TRAIL",
  VAULT_AUDIT_TRAIL: "FAILED_VAULT_AUDIT_TRAIL",
  COMPLETE_TRANSACTION: "FAILED_UPDATE_TRANS_STATUS",
};
export const EDEPOSIT_STAGE_LABELS: Record<EDepositStage, string> = {
  OPEN_TRANSACTION: "Open the vault transaction",
  UPLOAD_DOCUMENTS: "Upload the sealed documents",
  UPLOAD_ESIGN_AUDIT_TRAIL: "Upload the e-sign audit trail",
  VAULT_AUDIT_TRAIL: "Confirm the vault audit trail",
  COMPLETE_TRANSACTION: "Mark the transaction complete",
};

/**
 * The deposit's own status (spec §3 eDepositConfig.status): null before it starts, IN_PROGRESS while
 * stages run, one of the five failure statuses after a failed attempt, DEPOSITED when the vault
 * confirmed, CANCELLED after cancel eDeposit.
 */
export const EDEPOSIT_STATUSES = ["IN_PROGRESS", ...EDEPOSIT_FAILURE_STATUSES, "DEPOSITED", "CANCELLED"] as const;
export type EDepositStatus = (typeof EDEPOSIT_STATUSES)[number];

export const EDEPOSIT_MESSAGES = {
  vaultNotFound: "eVault not found",
  vaultNameTaken: "An eVault with this name already exists.",
  vaultInUse: "This eVault is chosen by packages that are not yet deposited; disable it instead.",
  vaultDisabled: "This eVault is disabled; choose an enabled eVault.",
  vaultRequired: "Choose the eVault to deposit into.",
  assetDocRequired: "Choose the financial asset document (the note).",
  assetDocNotESign: "The financial asset document must be an E-Sign document of this package.",
  transactionTypeRequired: "Choose the transaction type.",
  retried: "eDeposit retry started.",
  cancelled: "eDeposit cancelled. The package is completed again.",
  confirmed: "The eVault confirmed the deposit.",
  locked: "The eDeposit settings can no longer be changed in this package's status.",
  notFailed: "Only a failed eDeposit can be retried or cancelled.",
  notPending: "This package is not being deposited.",
  notDeposited: "Nothing has been deposited for this package yet.",
  confirmIncomplete: "The eVault has not completed this transaction yet",
  saved: "eVault integration updated successfully",
  connectionOk: "Connected: the eVault accepted the credentials.",
  /** a refused connection, a timeout and an address the outbound policy does not allow read alike */
  notReachable: "Not reachable: the eVault did not answer at this address.",
} as const;

const typeOf = <T extends readonly [string, ...string[]]>(values: T) => z.enum(values);

export const eVaultSchema = z
  .object({
    id: z.uuid().describe("The eVault's id"),
    organizationId: ID.organizationId,
    name: z.string().describe("The eVault's name, unique in the organization; senders choose the eVault by it"),
    adapter: z
      .enum(EVAULT_ADAPTERS)
      .describe("The protocol Signet speaks to the vault: reference (the Signet reference eVault protocol)"),
    url: z.string().describe("The vault's API address (http or https)"),
    clientId: z.string().describe("The client id the vault issued to the organization"),
    hasClientSecret: z.boolean().describe("The secret is stored encrypted and never returned"),
    enabled: z.boolean().describe("Senders may choose it; a disabled eVault stays on the packages that chose it"),
    lastTestedAt: z.string().nullable().describe("When the connection was last tested (ISO 8601 time); null: never"),
    lastTestOk: z.boolean().nullable().describe("Whether the last connection test succeeded; null: never tested"),
    lastTestMessage: z
      .string()
      .nullable()
      .describe("What the last connection test found, in plain words; null: never tested"),
    packagesUsing: z.number().int().describe("Packages whose eDeposit settings choose this eVault"),
    version: recordVersion,
    createdAt: recordCreatedAt,
    lastUpdatedAt: recordUpdatedAt,
  })
  .meta({ id: "EVault" });
export type EVault = z.infer<typeof eVaultSchema>;

export const eVaultListSchema = pageSchema(eVaultSchema).meta({ id: "EVaultList" });
export type EVaultList = z.infer<typeof eVaultListSchema>;

const vaultUrl = z
  .string()
  .trim()
  .max(2000)
  .url("Enter the eVault's address, e.g. https://vault.example.com")
  .refine((value) => /^https?:\/\//i.test(value), "The eVault's address must start with http:// or https://");
const vaultName = z.string().trim().min(1, "Name is required").max(200);
const clientId = z.string().trim().min(1, "Enter the client ID").max(500);
const clientSecret = z.string().min(1, "Enter the client secret").max(2000);

export const createEVaultSchema = z
  .object({
    name: vaultName.describe("The eVault's name, unique in the organization (1–200 characters)"),
    adapter: z
      .enum(EVAULT_ADAPTERS)
      .default("reference")
      .describe("The protocol Signet speaks to the vault (default reference)"),
    url: vaultUrl.describe("The vault's API address (http or https)"),
    clientId: clientId.describe("The client id the vault issued to the organization"),
    clientSecret: clientSecret.describe("The client secret the vault issued; stored encrypted and never returned"),
    enabled: z.boolean().default(true).describe("Senders may choose it (default true)"),
  })
  .meta({ id: "CreateEVault" });
export type CreateEVault = z.input<typeof createEVaultSchema>;

export const updateEVaultSchema = z
  .object({
    version: z
      .number()
      .int()
      .min(1)
      .describe(
        "The version last read (optimistic locking): if someone changed the record since, the request answers 409",
      ),
    name: vaultName.optional().describe("The eVault's name, unique in the organization; leave out to keep"),
    adapter: z.enum(EVAULT_ADAPTERS).optional().describe("The protocol Signet speaks to the vault; leave out to keep"),
    url: vaultUrl.optional().describe("The vault's API address (http or https); leave out to keep"),
    clientId: clientId.optional().describe("The client id the vault issued; leave out to keep"),
    clientSecret: clientSecret.optional().describe("Leave out to keep the stored secret"),
    enabled: z.boolean().optional().describe("Senders may choose it; leave out to keep"),
  })
  .meta({ id: "UpdateEVault" });
export type UpdateEVault = z.infer<typeof updateEVaultSchema>;

export const eVaultOptionSchema = z
  .object({
    id: ID.evaultId,
    name: z.string().describe("The eVault's name"),
    enabled: z.boolean().describe("Senders may choose it"),
  })
  .meta({ id: "EVaultOption" });
export const eVaultOptionListSchema = z
  .object({
    records: z.array(eVaultOptionSchema).describe("The eVaults a sender may choose from"),
    count: z.number().int().describe("Total number of records"),
  })
  .meta({ id: "EVaultOptionList" });
export type EVaultOptionList = z.infer<typeof eVaultOptionListSchema>;

export const eVaultConfigInfoSchema = z
  .object({
    vaultName: z.string().describe("The vault's own name for itself"),
    protocolVersion: z.string().describe("The version of the vault protocol it speaks"),
    transactionTypes: z.array(z.string()).describe("The transaction types the vault accepts"),
    documentTypes: z.array(z.string()).describe("The document types the vault accepts"),
  })
  .meta({ id: "EVaultConfigInfo", description: "What an eVault says about itself" });
export type EVaultConfigInfo = z.infer<typeof eVaultConfigInfoSchema>;

export const eVaultConnectionTestSchema = z
  .object({
    ok: z.boolean().describe("The vault answered and accepted the credentials"),
    message: z.string().describe("What happened, in plain words"),
    testedAt: z.string().describe("When the test ran (ISO 8601 time)"),
    info: eVaultConfigInfoSchema.nullable().describe("What the vault says about itself; null when the test failed"),
  })
  .meta({ id: "EVaultConnectionTest" });
export type EVaultConnectionTest = z.infer<typeof eVaultConnectionTestSchema>;

export const eDepositConfigSchema = z
  .object({
    enabled: z
      .boolean()
      .describe("The package is deposited in an eVault once signed (it goes to EDEPOSIT_PENDING instead of COMPLETED)"),
    vaultId: ID.vaultId.nullable().describe("The eVault to deposit into"),
    financialAssetDocId: z.uuid().nullable().describe("The package document that is the financial asset (the note)"),
    financialAssetDocType: typeOf(EDEPOSIT_DOCUMENT_TYPES)
      .nullable()
      .describe("The type the financial asset document is deposited as, e.g. PROMISSORY_NOTE; null: not chosen yet"),
    supplementalDocType: typeOf(EDEPOSIT_DOCUMENT_TYPES).nullable().describe("The type given to every other document"),
    transactionType: typeOf(EDEPOSIT_TRANSACTION_TYPES)
      .nullable()
      .describe("The kind of loan transaction the deposit is labelled with; null: not chosen yet"),
  })
  .meta({ id: "EDepositConfig", description: "A package's eDeposit settings" });
export type EDepositConfig = z.infer<typeof eDepositConfigSchema>;

export const updateEDepositConfigSchema = eDepositConfigSchema
  .extend({ version: z.number().int().min(1).describe("The package's version") })
  .meta({ id: "UpdateEDepositConfig" });
export type UpdateEDepositConfig = z.infer<typeof updateEDepositConfigSchema>;

export const eDepositErrorSchema = z
  .object({
    attemptNum: z.number().int().describe("Which attempt failed (1 the first)"),
    occurredAt: z.string().describe("When it failed (ISO 8601 time)"),
    errorText: z.string().describe("What went wrong, as the vault or Signet said it"),
    stage: z.enum(EDEPOSIT_STAGES).describe("The stage that failed"),
  })
  .meta({ id: "EDepositError" });
export type EDepositError = z.infer<typeof eDepositErrorSchema>;

export const eDepositItemSchema = z
  .object({
    documentKey: z.string().describe("The key the document is deposited under"),
    name: z.string().describe("The document's name"),
    role: z
      .enum(["DOCUMENT", "ESIGN_AUDIT_TRAIL", "ENOTE"])
      .describe("DOCUMENT: a sealed document; ESIGN_AUDIT_TRAIL: the e-sign audit trail; ENOTE: the eNote (SMART Doc)"),
    documentType: z.string().describe("The document type it was deposited as"),
    sha256: z.string().describe("SHA-256 (hex) of the bytes deposited"),
    sizeBytes: z.number().int().describe("Size in bytes"),
    receiptId: z.string().describe("The vault's receipt for the upload"),
    depositedAt: z.string().describe("When the vault accepted it (ISO 8601 time)"),
  })
  .meta({ id: "EDepositItem" });

export const eDepositStageStateSchema = z
  .object({
    stage: z
      .enum(EDEPOSIT_STAGES)
      .describe(
        "The stage (OPEN_TRANSACTION, UPLOAD_DOCUMENTS, UPLOAD_ESIGN_AUDIT_TRAIL, VAULT_AUDIT_TRAIL, COMPLETE_TRANSACTION, in this order)",
      ),
    label: z.string().describe("What the stage does, in words"),
    state: z
      .enum(["DONE", "FAILED", "RUNNING", "WAITING"])
      .describe("DONE, FAILED, RUNNING or WAITING (not reached yet)"),
  })
  .meta({ id: "EDepositStageState" });

export const eDepositSchema = z
  .object({
    packageId: ID.packageId,
    packageStatus: z.string().describe("The package's status (see Package.status)"),
    config: eDepositConfigSchema,
    vaultName: z.string().nullable().describe("The chosen eVault's name; null: none chosen"),
    locked: z.boolean().describe("Spec §4: the settings cannot be changed in this status"),
    status: z
      .enum(EDEPOSIT_STATUSES)
      .nullable()
      .describe(
        "The deposit's status: IN_PROGRESS while stages run, a FAILED_… status naming the stage that failed, DEPOSITED, CANCELLED; null before it starts",
      ),
    failed: z.boolean().describe("A failure status while the package is EDEPOSIT_PENDING"),
    attemptNum: z.number().int().describe("Number of deposit attempts so far (0 before the first)"),
    nextAttemptAt: z.string().nullable().describe("When the next automatic retry runs, if one is scheduled"),
    stages: z.array(eDepositStageStateSchema).describe("The five stages in order, with how far each got"),
    errorsContainer: z.array(eDepositErrorSchema).describe("Every failure so far, oldest first"),
    vaultTransactionId: z
      .string()
      .nullable()
      .describe("The vault's id of the deposit transaction; null until it is opened"),
    auditTrailDocVaulted: z.boolean().describe("The e-sign audit trail has been deposited"),
    items: z.array(eDepositItemSchema).describe("What has been deposited so far"),
    startedAt: z.string().nullable().describe("When the deposit started (ISO 8601 time); null: not started"),
    depositedAt: z.string().nullable().describe("When the vault confirmed the deposit (ISO 8601 time); null: not yet"),
    cancelledAt: z.string().nullable().describe("When the deposit was cancelled (ISO 8601 time); null: not cancelled"),
    allowedActions: z
      .array(z.enum(["retry", "cancel", "confirm", "download"]))
      .describe(
        "What the caller may do now: retry or cancel a failed deposit, confirm with the vault, download what was deposited",
      ),
    version: z.number().int().describe("The package's version"),
  })
  .meta({ id: "EDeposit" });
export type EDeposit = z.infer<typeof eDepositSchema>;

const orgParams = z.object({ orgId: ID.orgId });
const vaultParams = orgParams.extend({ evaultId: ID.evaultId });
const packageParams = orgParams.extend({ packageId: ID.packageId });
const settingsReaders = ["VIEW_ADMIN_SETTINGS", "MANAGE_ADMIN_SETTINGS"] as const;
const settingsAdmins = ["MANAGE_ADMIN_SETTINGS"] as const;
const v1 = { base: "api", version: 1, auth: "user", tags: ["eVaults"] } as const;
const v9 = { base: "api", version: 9, auth: "user", tags: ["eDeposit"] } as const;

export const eDepositRoutes = {
  listEVaults: define({
    ...v1,
    method: "GET",
    path: "/organizations/:orgId/evaults",
    permission: settingsReaders,
    summary: "The organization's eVaults (client secrets are never returned)",
    params: orgParams,
    response: eVaultListSchema,
    status: 200,
  }),
  createEVault: define({
    ...v1,
    method: "POST",
    path: "/organizations/:orgId/evaults",
    permission: settingsAdmins,
    summary: "Add an eVault; the client secret is stored encrypted",
    params: orgParams,
    body: createEVaultSchema,
    response: eVaultSchema,
    status: 201,
  }),
  listEVaultOptions: define({
    ...v1,
    method: "GET",
    path: "/organizations/:orgId/evault-options",
    permission: ["VIEW_DOCUMENTS_PACKAGES", "MANAGE_DOCUMENTS_PACKAGES", ...settingsReaders],
    summary: "The eVaults a sender can choose in a package's eDeposit settings: id, name and whether enabled",
    params: orgParams,
    response: eVaultOptionListSchema,
    status: 200,
  }),
  getEVault: define({
    ...v1,
    method: "GET",
    path: "/organizations/:orgId/evaults/:evaultId",
    permission: settingsReaders,
    summary: "One eVault",
    params: vaultParams,
    response: eVaultSchema,
    status: 200,
  }),
  updateEVault: define({
    ...v1,
    method: "PUT",
    path: "/organizations/:orgId/evaults/:evaultId",
    permission: settingsAdmins,
    summary: "Change an eVault at its version (leave clientSecret out to keep it)",
    params: vaultParams,
    body: updateEVaultSchema,
    response: eVaultSchema,
    status: 200,
  }),
  deleteEVault: define({
    ...v1,
    method: "DELETE",
    path: "/organizations/:orgId/evaults/:evaultId",
    permission: settingsAdmins,
    summary: "Delete an eVault no package still to be deposited chooses",
    params: vaultParams,
    query: versionQuerySchema,
    response: null,
    status: 204,
  }),
  getEVaultConfigInfo: define({
    ...v1,
    method: "GET",
    path: "/organizations/:orgId/evaults/:evaultId/config-info",
    permission: settingsReaders,
    summary: "What the eVault says about itself: name, protocol, transaction and document types (calls the vault)",
    params: vaultParams,
    response: eVaultConfigInfoSchema,
    status: 200,
  }),
  testEVaultConnection: define({
    ...v1,
    method: "POST",
    path: "/organizations/:orgId/evaults/:evaultId/test-connection",
    permission: settingsAdmins,
    summary: "Authenticate to the eVault and read its description; the answer says in plain words what happened",
    params: vaultParams,
    response: eVaultConnectionTestSchema,
    status: 200,
  }),
  getEDeposit: define({
    ...v9,
    method: "GET",
    path: "/organizations/:orgId/packages/:packageId/edeposit",
    permission: ["VIEW_DOCUMENTS_PACKAGES"],
    summary: "The package's eDeposit settings, status, stages, errors and what was deposited",
    params: packageParams,
    response: eDepositSchema,
    status: 200,
  }),
  updateEDepositConfig: define({
    ...v9,
    method: "PUT",
    path: "/organizations/:orgId/packages/:packageId/edeposit/config",
    permission: ["MANAGE_DOCUMENTS_PACKAGES"],
    summary: "Set the package's eDeposit settings at the package's version (409 while they are locked, spec §4)",
    params: packageParams,
    body: updateEDepositConfigSchema,
    response: eDepositSchema,
    status: 200,
  }),
  retryEDeposit: define({
    ...v9,
    method: "POST",
    path: "/organizations/:orgId/packages/:packageId/edeposit/retries",
    permission: ["MANAGE_DOCUMENTS_PACKAGES"],
    summary: "Retry a failed eDeposit now: it resumes at the failed stage",
    params: packageParams,
    response: eDepositSchema,
    status: 202,
  }),
  cancelEDeposit: define({
    ...v9,
    method: "POST",
    path: "/organizations/:orgId/packages/:packageId/edeposit/cancel",
    permission: ["MANAGE_DOCUMENTS_PACKAGES"],
    summary:
      "Cancel a failed eDeposit (irreversible): no further attempts; the package is COMPLETED and its copies are unwatermarked",
    params: packageParams,
    response: eDepositSchema,
    status: 200,
  }),
  confirmEDeposit: define({
    ...v9,
    method: "POST",
    path: "/organizations/:orgId/packages/:packageId/edeposit/confirm",
    permission: ["MANAGE_DOCUMENTS_PACKAGES"],
    summary: "Ask the eVault whether it completed the transaction with every document; if so the package is EDEPOSITED",
    params: packageParams,
    response: eDepositSchema,
    status: 200,
  }),
  downloadEDeposit: define({
    ...v9,
    method: "GET",
    path: "/organizations/:orgId/packages/:packageId/edeposit/download",
    permission: ["VIEW_DOCUMENTS_PACKAGES"],
    summary:
      "What was deposited, as a zip: each document (a watermarked copy once deposited), the vault audit trail and a manifest with hashes and receipts",
    params: packageParams,
    produces: "application/zip",
    response: null,
    status: 200,
  }),
};
