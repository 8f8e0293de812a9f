// The seam between Signet and an electronic vault (issue 15 §1). The deposit job speaks only this
// interface; each vendor is one implementation file chosen by the eVault's `adapter` name
// (evault-adapters.ts). Every write carries an idempotency key, so a stage repeated after a lost
// answer, a killed worker or a retry never stores anything twice in the vault.

/** Where a vault is and how Signet authenticates to it (client credentials). */
export interface EVaultConnection {
  url: string;
  clientId: string;
  clientSecret: string;
}

/** What the vault says about itself (spec §7 "vault config info"). */
export interface EVaultInfo {
  vaultName: string;
  protocolVersion: string;
  transactionTypes: string[];
  documentTypes: string[];
}

export type EVaultDocumentRole = "DOCUMENT" | "ESIGN_AUDIT_TRAIL" | "ENOTE";

export interface EVaultDocumentUpload {
  idempotencyKey: string;
  transactionId: string;
  /** stable per document within the transaction (Signet uses the sealed artifact id) */
  documentKey: string;
  name: string;
  documentType: string;
  role: EVaultDocumentRole;
  contentType: string;
  bytes: Uint8Array;
  /** hex SHA-256 of bytes; the vault refuses the upload when it differs */
  sha256: string;
}

export interface EVaultTransactionState {
  transactionId: string;
  externalId: string;
  status: "OPEN" | "COMPLETE" | "VOIDED";
  documents: {
    documentKey: string;
    name: string;
    role: EVaultDocumentRole;
    documentType: string;
    sha256: string;
    sizeBytes: number;
  }[];
  enotes: { min: string; documentKey: string; controllerId: string | null; controllerName: string | null }[];
  completedAt: string | null;
}

/**
 * Why a vault call failed, in words an administrator can act on. `kind` lets the caller tell a
 * refusal (fix the data or the settings) from a transient fault (retry).
 */
export class EVaultError extends Error {
  constructor(
    readonly kind: "unreachable" | "timeout" | "auth" | "refused" | "server",
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = "EVaultError";
  }
}

export interface EVaultAdapter {
  /** Authenticates and reads the vault's description; throws EVaultError. */
  info(connection: EVaultConnection): Promise<EVaultInfo>;
  openTransaction(
    connection: EVaultConnection,
    input: { idempotencyKey: string; externalId: string; transactionType: string; depositorName: string },
  ): Promise<{ transactionId: string }>;
  uploadDocument(
    connection: EVaultConnection,
    input: EVaultDocumentUpload,
  ): Promise<{ receiptId: string; sha256: string }>;
  registerENote(
    connection: EVaultConnection,
    input: { idempotencyKey: string; transactionId: string; documentKey: string; min: string },
  ): Promise<void>;
  transferControl(
    connection: EVaultConnection,
    input: { idempotencyKey: string; min: string; controllerId: string; controllerName: string },
  ): Promise<void>;
  /** Asks the vault to produce (or return again) its own audit trail of the transaction. */
  vaultAuditTrail(
    connection: EVaultConnection,
    input: { idempotencyKey: string; transactionId: string },
  ): Promise<{ bytes: Uint8Array; contentType: string; sha256: string }>;
  completeTransaction(
    connection: EVaultConnection,
    input: { idempotencyKey: string; transactionId: string },
  ): Promise<{ completedAt: string }>;
  /**
   * Gives up an open transaction (a cancelled deposit): the vault accepts nothing more in it and
   * holds no authoritative copy. Repeating it answers the same; a completed one is refused.
   */
  voidTransaction(
    connection: EVaultConnection,
    input: { idempotencyKey: string; transactionId: string; reason: string },
  ): Promise<void>;
  getTransaction(connection: EVaultConnection, input: { transactionId: string }): Promise<EVaultTransactionState>;
  downloadDocument(
    connection: EVaultConnection,
    input: { transactionId: string; documentKey: string },
  ): Promise<{ bytes: Uint8Array; contentType: string }>;
}
