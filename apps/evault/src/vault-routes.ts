// The /v1 protocol (README.md "Endpoints"). Every write carries an Idempotency-Key: the first
// successful answer to a key is stored with the state change in the same save, and the same
// request under the same key gets that answer again (200), whatever happened in between.
import { randomUUID } from "node:crypto";
import { ProtocolError } from "@signet/reference-service";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type Answer, faulted, send } from "./faulted.ts";
import {
  completeAnswer,
  DOCUMENT_ROLES,
  DOCUMENT_TYPES,
  type DocumentRole,
  documentHeaders,
  documentParams,
  documentReceipt,
  enoteParams,
  errorBody,
  type FaultStep,
  idempotencyHeaders,
  openTransactionAnswer,
  openTransactionBody,
  PROTOCOL_VERSION,
  registerENoteAnswer,
  registerENoteBody,
  TRANSACTION_TYPES,
  transactionList,
  transactionParams,
  transactionQuery,
  transactionRecord,
  transferAnswer,
  transferBody,
  vaultInfo,
  vaultStats,
  voidAnswer,
  voidForm,
} from "./protocol.ts";
import type { VaultContext } from "./vault-context.ts";
import { type AuditEntry, type StoredTransaction, sha256Hex, type VaultState } from "./vault-store.ts";

export const MAX_DOCUMENT_BYTES = 100 * 1024 * 1024;

declare module "fastify" {
  interface FastifyRequest {
    /** the client whose bearer token authenticated the request */
    clientId: string;
  }
}

const errors = (...statuses: number[]) => Object.fromEntries(statuses.map((status) => [status, errorBody]));
const security = [{ bearer: [] }];

export async function vaultRoutes(parent: FastifyInstance, ctx: VaultContext) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.decorateRequest("clientId", "");
  app.addHook("onRequest", async (request) => {
    request.clientId = ctx.tokens.verify(request.headers.authorization);
  });

  app.get(
    "/v1/vault",
    {
      schema: {
        summary: "What the vault is and accepts",
        tags: ["Vault"],
        security,
        response: { 200: vaultInfo, ...errors(401) },
      },
    },
    async (_request, reply) =>
      faulted(ctx, "info", reply, async () => ({
        status: 200,
        json: {
          vaultName: ctx.vaultName,
          protocolVersion: PROTOCOL_VERSION,
          transactionTypes: [...TRANSACTION_TYPES],
          documentTypes: [...DOCUMENT_TYPES],
        },
      })),
  );

  app.post(
    "/v1/transactions",
    {
      schema: {
        summary: "Open a transaction (one deposited package)",
        tags: ["Transactions"],
        security,
        headers: idempotencyHeaders,
        body: openTransactionBody,
        response: { 200: openTransactionAnswer, 201: openTransactionAnswer, ...errors(400, 401, 409, 422) },
      },
    },
    async (request, reply) => {
      const key = idempotencyKey(request);
      const { body } = request;
      return faulted(ctx, "open", reply, () =>
        idempotent(ctx, request, key, ["open", body], (draft) => {
          if (!(TRANSACTION_TYPES as readonly string[]).includes(body.transactionType)) {
            throw new ProtocolError(
              422,
              "unknown_transaction_type",
              `The transaction type ${body.transactionType} is not one of ${TRANSACTION_TYPES.join(", ")}.`,
            );
          }
          const transactionId = `tx_${randomUUID()}`;
          const transaction: StoredTransaction = {
            transactionId,
            externalId: body.externalId,
            transactionType: body.transactionType,
            depositorName: body.depositorName,
            clientId: request.clientId,
            status: "OPEN",
            openedAt: new Date().toISOString(),
            completedAt: null,
            documents: [],
            auditTrail: [],
          };
          audit(transaction, "TRANSACTION_OPENED", null, null, `${body.transactionType} for ${body.depositorName}`);
          draft.transactions[transactionId] = transaction;
          return { status: 201, json: { transactionId, status: "OPEN" } };
        }),
      );
    },
  );

  app.get(
    "/v1/transactions",
    {
      schema: {
        summary: "Find transactions (by the depositor's external id)",
        tags: ["Transactions"],
        security,
        querystring: transactionQuery,
        response: { 200: transactionList, ...errors(401) },
      },
    },
    async (request) => {
      const { externalId } = request.query;
      const records = Object.values(ctx.store.read().transactions)
        .filter((transaction) => externalId === undefined || transaction.externalId === externalId)
        .sort((a, b) => a.openedAt.localeCompare(b.openedAt))
        .map((transaction) => recordOf(ctx.store.read(), transaction));
      return { records };
    },
  );

  app.get(
    "/v1/transactions/:transactionId",
    {
      schema: {
        summary: "A transaction: its documents, eNotes and status",
        tags: ["Transactions"],
        security,
        params: transactionParams,
        response: { 200: transactionRecord, ...errors(401, 404) },
      },
    },
    async (request) => {
      const state = ctx.store.read();
      return recordOf(state, transactionIn(state, request.params.transactionId));
    },
  );

  // Documents arrive as raw bytes of any type; only this scope parses every body as a buffer.
  await app.register(async (scope) => {
    const documents = scope.withTypeProvider<ZodTypeProvider>();
    documents.removeAllContentTypeParsers();
    documents.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: MAX_DOCUMENT_BYTES }, (_request, body, done) =>
      done(null, body),
    );
    documents.put(
      "/v1/transactions/:transactionId/documents/:documentKey",
      {
        bodyLimit: MAX_DOCUMENT_BYTES,
        schema: {
          summary: "Deposit a document (raw bytes, up to 100 MB)",
          tags: ["Documents"],
          security,
          params: documentParams,
          headers: documentHeaders,
          response: { 200: documentReceipt, 201: documentReceipt, ...errors(400, 401, 404, 409, 413, 422) },
        },
      },
      async (request, reply) => {
        const key = idempotencyKey(request);
        const { transactionId, documentKey } = request.params;
        const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const role = requiredHeader(request, "x-document-role");
        if (!(DOCUMENT_ROLES as readonly string[]).includes(role)) {
          throw new ProtocolError(
            422,
            "unknown_document_role",
            `The document role ${role} is not one of ${DOCUMENT_ROLES.join(", ")}.`,
          );
        }
        const documentType = requiredHeader(request, "x-document-type");
        if (!(DOCUMENT_TYPES as readonly string[]).includes(documentType)) {
          throw new ProtocolError(
            422,
            "unknown_document_type",
            `The document type ${documentType} is not one of ${DOCUMENT_TYPES.join(", ")}.`,
          );
        }
        const name = documentName(requiredHeader(request, "x-document-name"));
        const declared = requiredHeader(request, "x-content-sha256").toLowerCase();
        if (!/^[0-9a-f]{64}$/.test(declared)) {
          throw new ProtocolError(400, "invalid_header", "X-Content-SHA256 must be 64 hexadecimal characters.");
        }
        if (bytes.length === 0) throw new ProtocolError(422, "empty_document", "The document has no bytes.");
        const sha256 = sha256Hex(bytes);
        if (sha256 !== declared) {
          throw new ProtocolError(
            422,
            "hash_mismatch",
            `The document's bytes hash to ${sha256}, not to ${declared} as X-Content-SHA256 says; it was not stored.`,
          );
        }
        const contentType = request.headers["content-type"] ?? "application/octet-stream";
        const step: FaultStep = role === "ESIGN_AUDIT_TRAIL" ? "esign-audit-trail" : "documents";
        const fingerprint = ["document", transactionId, documentKey, name, documentType, role, contentType, sha256];
        return faulted(ctx, step, reply, () =>
          idempotent(ctx, request, key, fingerprint, async (draft) => {
            const transaction = transactionIn(draft, transactionId);
            const existing = transaction.documents.find((document) => document.documentKey === documentKey);
            if (existing) {
              if (existing.sha256 === sha256) return { status: 200, json: receiptOf(existing) };
              throw new ProtocolError(
                409,
                "duplicate_document",
                `The transaction already holds different bytes under the document key ${documentKey}.`,
              );
            }
            if (transaction.status !== "OPEN") throw closed(transaction);
            await ctx.store.putBlob(bytes);
            const document = {
              documentKey,
              name,
              role: role as DocumentRole,
              documentType,
              contentType,
              sha256,
              sizeBytes: bytes.length,
              receiptId: `rcpt_${randomUUID()}`,
              depositedAt: new Date().toISOString(),
            };
            transaction.documents.push(document);
            draft.documentUploadsByKey[documentKey] = (draft.documentUploadsByKey[documentKey] ?? 0) + 1;
            audit(transaction, "DOCUMENT_DEPOSITED", documentKey, sha256, `${role} ${documentType} "${name}"`);
            return { status: 201, json: receiptOf(document) };
          }),
        );
      },
    );
  });

  app.get(
    "/v1/transactions/:transactionId/documents/:documentKey",
    {
      schema: {
        summary: "The bytes of a deposited document",
        tags: ["Documents"],
        security,
        params: documentParams,
        response: errors(401, 404),
      },
    },
    async (request, reply) => {
      const state = ctx.store.read();
      const transaction = transactionIn(state, request.params.transactionId);
      const document = transaction.documents.find((candidate) => candidate.documentKey === request.params.documentKey);
      if (!document) {
        throw new ProtocolError(
          404,
          "document_not_found",
          `The transaction has no document under the key ${request.params.documentKey}.`,
        );
      }
      const bytes = await ctx.store.readBlob(document.sha256);
      return send(reply, { status: 200, bytes, contentType: document.contentType });
    },
  );

  app.post(
    "/v1/transactions/:transactionId/enotes",
    {
      schema: {
        summary: "Register a deposited eNote under its MIN",
        tags: ["eNotes"],
        security,
        params: transactionParams,
        headers: idempotencyHeaders,
        body: registerENoteBody,
        response: { 200: registerENoteAnswer, 201: registerENoteAnswer, ...errors(400, 401, 404, 409, 422) },
      },
    },
    async (request, reply) => {
      const key = idempotencyKey(request);
      const { transactionId } = request.params;
      const { documentKey, min } = request.body;
      return faulted(ctx, "enote", reply, () =>
        idempotent(ctx, request, key, ["enote", transactionId, documentKey, min], (draft) => {
          const transaction = transactionIn(draft, transactionId);
          const registered = draft.enotes[min];
          if (registered) {
            if (registered.transactionId === transactionId && registered.documentKey === documentKey) {
              return { status: 200, json: { min, controllerId: registered.controllerId } };
            }
            throw new ProtocolError(409, "duplicate_min", `The MIN ${min} is already registered to another eNote.`);
          }
          const document = transaction.documents.find((candidate) => candidate.documentKey === documentKey);
          if (document?.role !== "ENOTE") {
            throw new ProtocolError(
              422,
              "not_an_enote",
              `The transaction holds no document of role ENOTE under the key ${documentKey}.`,
            );
          }
          const other = Object.values(draft.enotes).find(
            (enote) => enote.transactionId === transactionId && enote.documentKey === documentKey,
          );
          if (other) {
            throw new ProtocolError(
              409,
              "enote_already_registered",
              `The eNote ${documentKey} is already registered under the MIN ${other.min}.`,
            );
          }
          if (transaction.status !== "OPEN") throw closed(transaction);
          draft.enotes[min] = {
            min,
            transactionId,
            documentKey,
            controllerId: null,
            controllerName: null,
            registeredAt: new Date().toISOString(),
            transfers: [],
          };
          audit(transaction, "ENOTE_REGISTERED", documentKey, document.sha256, `MIN ${min}`);
          return { status: 201, json: { min, controllerId: null } };
        }),
      );
    },
  );

  app.post(
    "/v1/enotes/:min/transfers",
    {
      schema: {
        summary: "Transfer control of an eNote",
        tags: ["eNotes"],
        security,
        params: enoteParams,
        headers: idempotencyHeaders,
        body: transferBody,
        response: { 200: transferAnswer, ...errors(400, 401, 404, 409) },
      },
    },
    async (request, reply) => {
      const key = idempotencyKey(request);
      const { min } = request.params;
      const { controllerId, controllerName } = request.body;
      return faulted(ctx, "transfer", reply, () =>
        idempotent(ctx, request, key, ["transfer", min, controllerId, controllerName], (draft) => {
          const enote = draft.enotes[min];
          if (!enote) throw new ProtocolError(404, "enote_not_found", `No eNote is registered under the MIN ${min}.`);
          const transaction = transactionIn(draft, enote.transactionId);
          const time = new Date().toISOString();
          enote.controllerId = controllerId;
          enote.controllerName = controllerName;
          enote.transfers.push({ time, controllerId, controllerName });
          const document = transaction.documents.find((candidate) => candidate.documentKey === enote.documentKey);
          audit(
            transaction,
            "CONTROL_TRANSFERRED",
            enote.documentKey,
            document?.sha256 ?? null,
            `MIN ${min} to ${controllerName} (${controllerId})`,
          );
          return { status: 200, json: { min, controllerId, controllerName } };
        }),
      );
    },
  );

  app.post(
    "/v1/transactions/:transactionId/vault-audit-trail",
    {
      schema: {
        summary: "Produce the vault's own audit trail of the transaction (JSON bytes)",
        tags: ["Transactions"],
        security,
        params: transactionParams,
        headers: idempotencyHeaders,
        response: errors(400, 401, 404, 409),
      },
    },
    async (request, reply) => {
      const key = idempotencyKey(request);
      const { transactionId } = request.params;
      return faulted(ctx, "vault-audit-trail", reply, () =>
        idempotent(ctx, request, key, ["vault-audit-trail", transactionId], (draft) => {
          const transaction = transactionIn(draft, transactionId);
          const trail = {
            vaultName: ctx.vaultName,
            protocolVersion: PROTOCOL_VERSION,
            transactionId,
            externalId: transaction.externalId,
            status: transaction.status,
            generatedAt: new Date().toISOString(),
            entries: transaction.auditTrail,
          };
          const bytes = Buffer.from(`${JSON.stringify(trail, null, 2)}\n`);
          audit(transaction, "VAULT_AUDIT_TRAIL_ISSUED", null, sha256Hex(bytes), null);
          return { status: 200, bytes, contentType: "application/json" };
        }),
      );
    },
  );

  app.post(
    "/v1/transactions/:transactionId/complete",
    {
      schema: {
        summary: "Close the transaction (no more deposits)",
        tags: ["Transactions"],
        security,
        params: transactionParams,
        headers: idempotencyHeaders,
        response: { 200: completeAnswer, ...errors(400, 401, 404, 409) },
      },
    },
    async (request, reply) => {
      const key = idempotencyKey(request);
      const { transactionId } = request.params;
      return faulted(ctx, "complete", reply, () =>
        idempotent(ctx, request, key, ["complete", transactionId], (draft) => {
          const transaction = transactionIn(draft, transactionId);
          if (transaction.status === "VOIDED") throw closed(transaction);
          if (transaction.status !== "COMPLETE") {
            const roles = new Set(transaction.documents.map((document) => document.role));
            if (!(roles.has("DOCUMENT") || roles.has("ENOTE")) || !roles.has("ESIGN_AUDIT_TRAIL")) {
              throw new ProtocolError(
                409,
                "incomplete_transaction",
                "A transaction completes only with at least one document or eNote and an e-sign audit trail.",
              );
            }
            transaction.status = "COMPLETE";
            transaction.completedAt = new Date().toISOString();
            audit(transaction, "TRANSACTION_COMPLETED", null, null, null);
          }
          return { status: 200, json: { status: "COMPLETE", completedAt: transaction.completedAt } };
        }),
      );
    },
  );

  app.post(
    "/v1/transactions/:transactionId/void",
    {
      schema: {
        summary: "Give up an open transaction: it accepts nothing more and holds no authoritative copy",
        tags: ["Transactions"],
        security,
        params: transactionParams,
        headers: idempotencyHeaders,
        body: voidForm,
        response: { 200: voidAnswer, ...errors(400, 401, 404, 409) },
      },
    },
    async (request, reply) => {
      const key = idempotencyKey(request);
      const { transactionId } = request.params;
      return faulted(ctx, "void", reply, () =>
        idempotent(ctx, request, key, ["void", transactionId, request.body.reason], (draft) => {
          const transaction = transactionIn(draft, transactionId);
          if (transaction.status === "COMPLETE") {
            throw new ProtocolError(
              409,
              "transaction_complete",
              `The transaction ${transactionId} is complete: the vault holds its authoritative copy and cannot void it.`,
            );
          }
          if (transaction.status === "OPEN") {
            transaction.status = "VOIDED";
            transaction.voidedAt = new Date().toISOString();
            audit(transaction, "TRANSACTION_VOIDED", null, null, request.body.reason);
          }
          return { status: 200, json: { status: "VOIDED", voidedAt: transaction.voidedAt } };
        }),
      );
    },
  );

  app.get(
    "/v1/stats",
    {
      schema: {
        summary: "Counts that show whether a package was deposited exactly once",
        tags: ["Vault"],
        security,
        response: { 200: vaultStats, ...errors(401) },
      },
    },
    async () => {
      const state = ctx.store.read();
      const transactions = Object.values(state.transactions);
      const completed = transactions.filter((transaction) => transaction.status === "COMPLETE");
      const completedByExternalId: Record<string, number> = {};
      for (const transaction of completed) {
        completedByExternalId[transaction.externalId] = (completedByExternalId[transaction.externalId] ?? 0) + 1;
      }
      return {
        transactions: transactions.length,
        completedTransactions: completed.length,
        documents: transactions.reduce((sum, transaction) => sum + transaction.documents.length, 0),
        completedByExternalId,
        documentUploadsByKey: { ...state.documentUploadsByKey },
      };
    },
  );
}

function idempotencyKey(request: FastifyRequest): string {
  const key = request.headers["idempotency-key"];
  if (typeof key !== "string" || key.trim() === "") {
    throw new ProtocolError(400, "idempotency_key_required", "Every write needs an Idempotency-Key header.");
  }
  return key;
}

function requiredHeader(request: FastifyRequest, name: string): string {
  const value = request.headers[name];
  if (typeof value !== "string" || value.trim() === "") {
    const shown = name.replace(/(^|-)([a-z])/g, (_all, dash: string, letter: string) => dash + letter.toUpperCase());
    throw new ProtocolError(400, "missing_header", `The ${shown} header is missing.`);
  }
  return value;
}

function documentName(encoded: string) {
  try {
    const name = decodeURIComponent(encoded);
    if (name.length > 500) throw new Error("too long");
    return name;
  } catch {
    throw new ProtocolError(
      400,
      "invalid_header",
      "X-Document-Name must be a URI-encoded name of at most 500 characters.",
    );
  }
}

/**
 * Runs `change` as one saved write under the request's idempotency key: a key seen before with the
 * same request answers what it answered then (as 200), with a different request 409.
 */
function idempotent(
  ctx: VaultContext,
  request: FastifyRequest,
  key: string,
  request_: unknown,
  change: (draft: VaultState) => Promise<Answer> | Answer,
): Promise<Answer> {
  const recordKey = `${request.clientId} ${key}`;
  const fingerprint = sha256Hex(Buffer.from(JSON.stringify(request_)));
  return ctx.store.write(async (draft) => {
    const known = draft.idempotency[recordKey];
    if (known) {
      if (known.fingerprint !== fingerprint) {
        throw new ProtocolError(
          409,
          "idempotency_conflict",
          "This Idempotency-Key was already used for a different request; a new request needs a new key.",
        );
      }
      if (known.blob) {
        return { status: 200, bytes: await ctx.store.readBlob(known.blob.sha256), contentType: known.blob.contentType };
      }
      return { status: 200, json: known.json };
    }
    const answer = await change(draft);
    const blob = answer.bytes
      ? { sha256: await ctx.store.putBlob(answer.bytes), contentType: answer.contentType ?? "application/octet-stream" }
      : null;
    draft.idempotency[recordKey] = {
      fingerprint,
      status: answer.status,
      json: answer.json ?? null,
      blob,
      at: new Date().toISOString(),
    };
    return answer;
  });
}

function transactionIn(state: Readonly<VaultState>, transactionId: string): StoredTransaction {
  const transaction = state.transactions[transactionId];
  if (!transaction) throw new ProtocolError(404, "transaction_not_found", `There is no transaction ${transactionId}.`);
  return transaction;
}

const closed = (transaction: StoredTransaction) =>
  new ProtocolError(
    409,
    "transaction_closed",
    `The transaction ${transaction.transactionId} is ${transaction.status === "VOIDED" ? "void" : "complete"}; it accepts no more deposits.`,
  );

function audit(
  transaction: StoredTransaction,
  action: AuditEntry["action"],
  documentKey: string | null,
  sha256: string | null,
  detail: string | null,
) {
  transaction.auditTrail.push({ time: new Date().toISOString(), action, documentKey, sha256, detail });
}

const receiptOf = (document: { documentKey: string; sha256: string; receiptId: string }) => ({
  documentKey: document.documentKey,
  sha256: document.sha256,
  receiptId: document.receiptId,
});

function recordOf(state: Readonly<VaultState>, transaction: StoredTransaction) {
  return {
    transactionId: transaction.transactionId,
    externalId: transaction.externalId,
    status: transaction.status,
    documents: transaction.documents.map((document) => ({
      documentKey: document.documentKey,
      name: document.name,
      role: document.role,
      documentType: document.documentType,
      sha256: document.sha256,
      sizeBytes: document.sizeBytes,
    })),
    enotes: Object.values(state.enotes)
      .filter((enote) => enote.transactionId === transaction.transactionId)
      .map((enote) => ({
        min: enote.min,
        documentKey: enote.documentKey,
        controllerId: enote.controllerId,
        controllerName: enote.controllerName,
      })),
    completedAt: transaction.completedAt,
  };
}
