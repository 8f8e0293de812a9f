// The reference eVault's wire protocol (README.md), one zod schema per body and answer. The schemas
// are named in a registry of this app's own (not zod's global one), so their OpenAPI component
// names never collide with Signet's when both load in one process.
import { z } from "zod";

export const PROTOCOL_VERSION = "1";
export const TRANSACTION_TYPES = ["PURCHASE", "REFINANCE", "HELOC", "OTHER"] as const;
export const DOCUMENT_TYPES = [
  "PROMISSORY_NOTE",
  "DEED_OF_TRUST",
  "MORTGAGE",
  "CLOSING_DISCLOSURE",
  "RIDER",
  "OTHER",
] as const;
export const DOCUMENT_ROLES = ["DOCUMENT", "ESIGN_AUDIT_TRAIL", "ENOTE"] as const;
export type DocumentRole = (typeof DOCUMENT_ROLES)[number];

/** The stages a test can make fail, one per kind of request (README "Test controls"). */
export const FAULT_STEPS = [
  "token",
  "info",
  "open",
  "documents",
  "esign-audit-trail",
  "enote",
  "transfer",
  "vault-audit-trail",
  "complete",
  "void",
] as const;
export type FaultStep = (typeof FAULT_STEPS)[number];
export const FAULT_MODES = ["fail", "timeout", "slow", "fail-after-commit"] as const;
export type FaultMode = (typeof FAULT_MODES)[number];

export const protocolRegistry = z.registry<{ id: string }>();
const named = <T extends z.ZodType>(id: string, schema: T): T => {
  protocolRegistry.add(schema, { id });
  return schema;
};

export const errorBody = named(
  "Error",
  z.object({
    error: z.string().describe("a stable code, e.g. idempotency_conflict"),
    message: z.string().describe("what went wrong, in plain words"),
  }),
);

export const tokenAnswer = named(
  "AccessToken",
  z.object({
    access_token: z.string(),
    token_type: z.literal("Bearer"),
    expires_in: z.number().int().describe("seconds"),
  }),
);
export const tokenForm = z.object({ grant_type: z.string().describe("client_credentials") });

export const vaultInfo = named(
  "VaultInfo",
  z.object({
    vaultName: z.string(),
    protocolVersion: z.string(),
    transactionTypes: z.array(z.string()),
    documentTypes: z.array(z.string()),
  }),
);

export const openTransactionBody = named(
  "OpenTransactionBody",
  z.object({
    externalId: z.string().min(1).max(200).describe("the depositor's own id of the package"),
    transactionType: z.string().describe(`one of ${TRANSACTION_TYPES.join(", ")}`),
    depositorName: z.string().min(1).max(200),
  }),
);
export const openTransactionAnswer = named(
  "OpenTransactionAnswer",
  z.object({ transactionId: z.string(), status: z.literal("OPEN") }),
);

export const idempotencyHeaders = z.object({
  "idempotency-key": z.string().max(200).optional().describe("required on every write"),
});

export const transactionParams = z.object({ transactionId: z.string().max(100) });
export const documentParams = z.object({
  transactionId: z.string().max(100),
  documentKey: z
    .string()
    .min(1)
    .max(200)
    .regex(/^[A-Za-z0-9._~-]+$/, "letters, digits, '.', '_', '~' and '-' only"),
});
export const documentHeaders = idempotencyHeaders.extend({
  "content-type": z.string().optional(),
  "x-content-sha256": z.string().optional().describe("hex SHA-256 of the body"),
  "x-document-name": z.string().optional().describe("URI-encoded file name"),
  "x-document-type": z
    .string()
    .optional()
    .describe(`one of ${DOCUMENT_TYPES.join(", ")}`),
  "x-document-role": z.string().optional().describe(DOCUMENT_ROLES.join(" | ")),
});
export const documentReceipt = named(
  "DocumentReceipt",
  z.object({ documentKey: z.string(), sha256: z.string(), receiptId: z.string() }),
);

export const registerENoteBody = named(
  "RegisterENoteBody",
  z.object({
    documentKey: z.string().min(1).max(200).describe("a document of role ENOTE in this transaction"),
    min: z.string().min(1).max(64).describe("the MERS Mortgage Identification Number"),
  }),
);
export const registerENoteAnswer = named(
  "RegisterENoteAnswer",
  z.object({ min: z.string(), controllerId: z.string().nullable() }),
);

export const enoteParams = z.object({ min: z.string().max(64) });
export const transferBody = named(
  "TransferControlBody",
  z.object({ controllerId: z.string().min(1).max(200), controllerName: z.string().min(1).max(200) }),
);
export const transferAnswer = named(
  "TransferControlAnswer",
  z.object({ min: z.string(), controllerId: z.string(), controllerName: z.string() }),
);

export const completeAnswer = named(
  "CompleteTransactionAnswer",
  z.object({ status: z.literal("COMPLETE"), completedAt: z.string() }),
);

export const voidForm = named(
  "VoidTransactionRequest",
  z.object({ reason: z.string().min(1).max(500).describe("why the depositor gives the transaction up") }),
);
export const voidAnswer = named(
  "VoidTransactionAnswer",
  z.object({ status: z.literal("VOIDED"), voidedAt: z.string() }),
);

export const transactionRecord = named(
  "Transaction",
  z.object({
    transactionId: z.string(),
    externalId: z.string(),
    status: z.enum(["OPEN", "COMPLETE", "VOIDED"]),
    documents: z.array(
      z.object({
        documentKey: z.string(),
        name: z.string(),
        role: z.enum(DOCUMENT_ROLES),
        documentType: z.string(),
        sha256: z.string(),
        sizeBytes: z.number().int(),
      }),
    ),
    enotes: z.array(
      z.object({
        min: z.string(),
        documentKey: z.string(),
        controllerId: z.string().nullable(),
        controllerName: z.string().nullable(),
      }),
    ),
    completedAt: z.string().nullable(),
  }),
);
export const transactionList = named("TransactionList", z.object({ records: z.array(transactionRecord) }));
export const transactionQuery = z.object({ externalId: z.string().max(200).optional() });

export const vaultStats = named(
  "VaultStats",
  z.object({
    transactions: z.number().int(),
    completedTransactions: z.number().int(),
    documents: z.number().int(),
    completedByExternalId: z.record(z.string(), z.number().int()),
    documentUploadsByKey: z
      .record(z.string(), z.number().int())
      .describe("how many times each documentKey was actually stored (replays not counted)"),
  }),
);

export const faultBody = named(
  "Fault",
  z.object({
    step: z.enum(FAULT_STEPS),
    mode: z.enum(FAULT_MODES),
    count: z.number().int().min(1).max(1000).default(1),
    delayMs: z.number().int().min(0).max(600_000).default(2000).describe("for mode slow"),
  }),
);
export const faultList = named("FaultList", z.object({ faults: z.array(faultBody) }));
