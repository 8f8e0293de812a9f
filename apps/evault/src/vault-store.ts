// The vault's durable state under dataDir: state.json (every transaction, eNote and idempotency
// record, rewritten whole through a temporary file and a rename, so a crash leaves the old or the
// new state, never half of one) and blobs/<sha256> (document and audit-trail bytes, written before
// the state that names them). One process owns a data directory; writes run one at a time.
import { createHash } from "node:crypto";
import { mkdir, open, readFile, rename, stat } from "node:fs/promises";
import { join } from "node:path";
import type { DocumentRole } from "./protocol.ts";

export interface StoredDocument {
  documentKey: string;
  name: string;
  role: DocumentRole;
  documentType: string;
  contentType: string;
  sha256: string;
  sizeBytes: number;
  receiptId: string;
  depositedAt: string;
}

export interface AuditEntry {
  time: string;
  action:
    | "TRANSACTION_OPENED"
    | "DOCUMENT_DEPOSITED"
    | "ENOTE_REGISTERED"
    | "CONTROL_TRANSFERRED"
    | "VAULT_AUDIT_TRAIL_ISSUED"
    | "TRANSACTION_COMPLETED"
    | "TRANSACTION_VOIDED";
  documentKey: string | null;
  sha256: string | null;
  detail: string | null;
}

export interface StoredTransaction {
  transactionId: string;
  externalId: string;
  transactionType: string;
  depositorName: string;
  /** the client that opened it */
  clientId: string;
  /** VOIDED: given up by its depositor before completing; it holds no authoritative copy */
  status: "OPEN" | "COMPLETE" | "VOIDED";
  openedAt: string;
  completedAt: string | null;
  voidedAt?: string | null;
  documents: StoredDocument[];
  auditTrail: AuditEntry[];
}

export interface StoredENote {
  min: string;
  transactionId: string;
  documentKey: string;
  controllerId: string | null;
  controllerName: string | null;
  registeredAt: string;
  transfers: { time: string; controllerId: string; controllerName: string }[];
}

/** The answer first given to one idempotency key, returned again for the same request. */
export interface IdempotencyRecord {
  fingerprint: string;
  status: number;
  json: unknown;
  /** an answer of bytes (the vault audit trail) is kept as a blob */
  blob: { sha256: string; contentType: string } | null;
  at: string;
}

export interface VaultState {
  formatVersion: 1;
  transactions: Record<string, StoredTransaction>;
  enotes: Record<string, StoredENote>;
  /** by `${clientId} ${idempotencyKey}` */
  idempotency: Record<string, IdempotencyRecord>;
  /** how many times each documentKey was actually stored */
  documentUploadsByKey: Record<string, number>;
}

const emptyState = (): VaultState => ({
  formatVersion: 1,
  transactions: {},
  enotes: {},
  idempotency: {},
  documentUploadsByKey: {},
});

export const sha256Hex = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

export class VaultStore {
  private state: VaultState;
  private persisted: string;
  private queue: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly dataDir: string,
    state: VaultState,
    persisted: string,
  ) {
    this.state = state;
    this.persisted = persisted;
  }

  static async open(dataDir: string): Promise<VaultStore> {
    await mkdir(join(dataDir, "blobs"), { recursive: true });
    let text: string | null = null;
    try {
      text = await readFile(join(dataDir, "state.json"), "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
    const state = text === null ? emptyState() : (JSON.parse(text) as VaultState);
    if (state.formatVersion !== 1) throw new Error(`${dataDir}/state.json has an unknown format`);
    return new VaultStore(dataDir, state, text ?? "");
  }

  /** The current state; callers must not change it (writes go through `write`). */
  read(): Readonly<VaultState> {
    return this.state;
  }

  /**
   * Runs `change` on a copy of the state, alone (no other write runs meanwhile), then saves the copy
   * and makes it current. A change that throws leaves the state as it was.
   */
  write<T>(change: (draft: VaultState) => Promise<T> | T): Promise<T> {
    const run = async () => {
      const draft = structuredClone(this.state);
      const result = await change(draft);
      const text = JSON.stringify(draft);
      if (text !== this.persisted) {
        await this.writeAtomically(join(this.dataDir, "state.json"), text);
        this.persisted = text;
      }
      this.state = draft;
      return result;
    };
    const next = this.queue.then(run, run);
    this.queue = next.catch(() => undefined);
    return next;
  }

  /** Stores bytes under their SHA-256 (once) and returns the hash. */
  async putBlob(bytes: Uint8Array): Promise<string> {
    const sha256 = sha256Hex(bytes);
    const path = this.blobPath(sha256);
    const exists = await stat(path).then(
      () => true,
      () => false,
    );
    if (!exists) await this.writeAtomically(path, bytes);
    return sha256;
  }

  readBlob(sha256: string): Promise<Buffer> {
    return readFile(this.blobPath(sha256));
  }

  private blobPath(sha256: string) {
    if (!/^[0-9a-f]{64}$/.test(sha256)) throw new Error(`not a SHA-256: ${sha256}`);
    return join(this.dataDir, "blobs", sha256);
  }

  private async writeAtomically(path: string, data: string | Uint8Array) {
    const temporary = `${path}.${process.pid}.tmp`;
    const file = await open(temporary, "w");
    try {
      await file.writeFile(data);
      await file.sync();
    } finally {
      await file.close();
    }
    await rename(temporary, path);
  }
}
