// The adapter for Signet's reference eVault (apps/evault, protocol in apps/evault/README.md):
// OAuth 2.0 client credentials, then JSON and raw-byte calls, every write under the caller's
// idempotency key. A vendor adapter has the same shape: translate each call, map each failure to
// an EVaultError an administrator can act on.
import { createHash } from "node:crypto";
import type { OutboundPolicy } from "@signet/contract";
import { outboundFetch } from "../../outbound/outbound-fetch.ts";
import {
  type EVaultAdapter,
  type EVaultConnection,
  type EVaultDocumentRole,
  EVaultError,
  type EVaultInfo,
  type EVaultTransactionState,
} from "../evault-adapter.ts";

export interface ReferenceEVaultAdapterOptions {
  /** how long one HTTP call may take before it counts as a timeout; default 30000 */
  timeoutMs?: number;
  /** the installation's outbound policy (OUTBOUND_ALLOWED_HOSTS); default: public HTTPS only */
  policy?: OutboundPolicy;
}

/** A token is reused until this long before the vault says it expires. */
const TOKEN_MARGIN_MS = 60_000;

// Shared by every adapter instance, so a token outlives the instance a job built for one run.
const tokens = new Map<string, { accessToken: string; expiresAt: number }>();

const tokenKey = (connection: EVaultConnection) =>
  // the secret joins the key, so a corrected secret is tried at once instead of a cached token
  `${connection.url}\n${connection.clientId}\n${createHash("sha256").update(connection.clientSecret).digest("hex")}`;

interface Call {
  method: "GET" | "POST" | "PUT";
  path: string;
  idempotencyKey?: string;
  json?: unknown;
  bytes?: Uint8Array;
  headers?: Record<string, string>;
}

export function referenceEVaultAdapter(options: ReferenceEVaultAdapterOptions = {}): EVaultAdapter {
  const timeoutMs = options.timeoutMs ?? 30_000;
  const fetch = outboundFetch(options.policy ?? { allowedHosts: [] });

  async function send(connection: EVaultConnection, url: URL, init: RequestInit): Promise<Response> {
    try {
      return await fetch(url, { ...init, redirect: "manual", signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      throw transportError(connection, error, timeoutMs);
    }
  }

  async function accessToken(connection: EVaultConnection): Promise<string> {
    const key = tokenKey(connection);
    const cached = tokens.get(key);
    if (cached && cached.expiresAt - TOKEN_MARGIN_MS > Date.now()) return cached.accessToken;
    tokens.delete(key);
    const basic = Buffer.from(
      `${encodeURIComponent(connection.clientId)}:${encodeURIComponent(connection.clientSecret)}`,
    ).toString("base64");
    const response = await send(connection, endpoint(connection, "oauth/token"), {
      method: "POST",
      headers: { authorization: `Basic ${basic}`, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "client_credentials" }).toString(),
    });
    if (response.status === 401) {
      await response.body?.cancel();
      throw new EVaultError("auth", "The eVault refused the client ID or secret.", 401);
    }
    if (!response.ok) throw await answerError(response);
    const answer = (await readJson(connection, response)) as { access_token?: unknown; expires_in?: unknown };
    if (typeof answer.access_token !== "string") {
      throw new EVaultError(
        "server",
        "The eVault answered the token request without an access token.",
        response.status,
      );
    }
    const lifetimeSeconds = typeof answer.expires_in === "number" ? answer.expires_in : 300;
    tokens.set(key, { accessToken: answer.access_token, expiresAt: Date.now() + lifetimeSeconds * 1000 });
    return answer.access_token;
  }

  /** One authenticated call; a 401 (token expired or the vault restarted) gets one new token and one retry. */
  async function call(connection: EVaultConnection, request: Call): Promise<Response> {
    for (let attempt = 1; ; attempt++) {
      const token = await accessToken(connection);
      const headers: Record<string, string> = { authorization: `Bearer ${token}`, ...request.headers };
      if (request.idempotencyKey !== undefined) headers["idempotency-key"] = request.idempotencyKey;
      let body: RequestInit["body"];
      if (request.json !== undefined) {
        headers["content-type"] = "application/json";
        body = JSON.stringify(request.json);
      } else if (request.bytes) {
        // fetch sends any byte view; the DOM typing only names views over a plain ArrayBuffer
        body = request.bytes as Uint8Array<ArrayBuffer>;
      }
      const response = await send(connection, endpoint(connection, request.path), {
        method: request.method,
        headers,
        ...(body === undefined ? {} : { body }),
      });
      if (response.status === 401) {
        await response.body?.cancel();
        tokens.delete(tokenKey(connection));
        if (attempt < 2) continue;
        throw new EVaultError("auth", "The eVault refused Signet's access token twice.", 401);
      }
      if (!response.ok) throw await answerError(response);
      return response;
    }
  }

  async function callJson<T>(connection: EVaultConnection, request: Call): Promise<T> {
    return (await readJson(connection, await call(connection, request))) as T;
  }

  /** The answer's bytes; a timeout while they arrive is a timeout like any other. */
  async function readBody(connection: EVaultConnection, response: Response): Promise<Uint8Array> {
    try {
      return new Uint8Array(await response.arrayBuffer());
    } catch (error) {
      const failure = transportError(connection, error, timeoutMs);
      if (failure.kind === "timeout") throw failure;
      throw new EVaultError("server", `The eVault's answer broke off: ${(error as Error).message}`, response.status);
    }
  }

  async function readJson(connection: EVaultConnection, response: Response): Promise<unknown> {
    const text = new TextDecoder().decode(await readBody(connection, response));
    try {
      return JSON.parse(text);
    } catch {
      throw new EVaultError("server", "The eVault answered with something that is not JSON.", response.status);
    }
  }

  return {
    info(connection) {
      return callJson<EVaultInfo>(connection, { method: "GET", path: "v1/vault" });
    },

    async openTransaction(connection, input) {
      const answer = await callJson<{ transactionId: string }>(connection, {
        method: "POST",
        path: "v1/transactions",
        idempotencyKey: input.idempotencyKey,
        json: {
          externalId: input.externalId,
          transactionType: input.transactionType,
          depositorName: input.depositorName,
        },
      });
      return { transactionId: answer.transactionId };
    },

    async uploadDocument(connection, input) {
      const answer = await callJson<{ receiptId: string; sha256: string }>(connection, {
        method: "PUT",
        path: `v1/transactions/${encodeURIComponent(input.transactionId)}/documents/${encodeURIComponent(input.documentKey)}`,
        idempotencyKey: input.idempotencyKey,
        bytes: input.bytes,
        headers: {
          "content-type": input.contentType,
          "x-content-sha256": input.sha256,
          "x-document-name": encodeURIComponent(input.name),
          "x-document-type": input.documentType,
          "x-document-role": input.role satisfies EVaultDocumentRole,
        },
      });
      if (answer.sha256 !== input.sha256.toLowerCase()) {
        throw new EVaultError(
          "server",
          `The eVault stored the document ${input.name} under a different checksum than Signet sent.`,
        );
      }
      return { receiptId: answer.receiptId, sha256: answer.sha256 };
    },

    async registerENote(connection, input) {
      await callJson(connection, {
        method: "POST",
        path: `v1/transactions/${encodeURIComponent(input.transactionId)}/enotes`,
        idempotencyKey: input.idempotencyKey,
        json: { documentKey: input.documentKey, min: input.min },
      });
    },

    async transferControl(connection, input) {
      await callJson(connection, {
        method: "POST",
        path: `v1/enotes/${encodeURIComponent(input.min)}/transfers`,
        idempotencyKey: input.idempotencyKey,
        json: { controllerId: input.controllerId, controllerName: input.controllerName },
      });
    },

    async vaultAuditTrail(connection, input) {
      const response = await call(connection, {
        method: "POST",
        path: `v1/transactions/${encodeURIComponent(input.transactionId)}/vault-audit-trail`,
        idempotencyKey: input.idempotencyKey,
      });
      const bytes = await readBody(connection, response);
      const sha256 = createHash("sha256").update(bytes).digest("hex");
      const declared = response.headers.get("x-content-sha256")?.toLowerCase();
      if (declared && declared !== sha256) {
        throw new EVaultError("server", "The eVault's audit trail does not match the checksum it sent with it.");
      }
      return { bytes, contentType: response.headers.get("content-type") ?? "application/json", sha256 };
    },

    async completeTransaction(connection, input) {
      const answer = await callJson<{ completedAt: string }>(connection, {
        method: "POST",
        path: `v1/transactions/${encodeURIComponent(input.transactionId)}/complete`,
        idempotencyKey: input.idempotencyKey,
      });
      return { completedAt: answer.completedAt };
    },

    async voidTransaction(connection, input) {
      await callJson<{ status: string }>(connection, {
        method: "POST",
        path: `v1/transactions/${encodeURIComponent(input.transactionId)}/void`,
        idempotencyKey: input.idempotencyKey,
        json: { reason: input.reason },
      });
    },

    getTransaction(connection, input) {
      return callJson<EVaultTransactionState>(connection, {
        method: "GET",
        path: `v1/transactions/${encodeURIComponent(input.transactionId)}`,
      });
    },

    async downloadDocument(connection, input) {
      const response = await call(connection, {
        method: "GET",
        path: `v1/transactions/${encodeURIComponent(input.transactionId)}/documents/${encodeURIComponent(input.documentKey)}`,
      });
      const bytes = await readBody(connection, response);
      return { bytes, contentType: response.headers.get("content-type") ?? "application/octet-stream" };
    },
  };
}

/** `path` under the vault's URL, which may carry a path of its own (https://host/vault/). */
function endpoint(connection: EVaultConnection, path: string): URL {
  let base: URL;
  try {
    base = new URL(connection.url.endsWith("/") ? connection.url : `${connection.url}/`);
  } catch {
    throw new EVaultError("unreachable", `The eVault address ${connection.url} is not a valid URL.`);
  }
  return new URL(path, base);
}

function transportError(connection: EVaultConnection, error: unknown, timeoutMs: number): EVaultError {
  if (error instanceof EVaultError) return error;
  const name = (error as { name?: string } | null)?.name;
  if (name === "TimeoutError" || name === "AbortError") {
    const seconds = Number((timeoutMs / 1000).toFixed(3));
    return new EVaultError("timeout", `The eVault did not answer within ${seconds} second${seconds === 1 ? "" : "s"}.`);
  }
  // fetch reports refused connections, unknown hosts and dropped sockets as a TypeError with a cause
  return new EVaultError("unreachable", `The eVault at ${connection.url} could not be reached.`);
}

/** A non-2xx answer as an EVaultError: 4xx a refusal (with the vault's own words), 5xx the vault's fault. */
async function answerError(response: Response): Promise<EVaultError> {
  let message = "";
  try {
    const body = (await response.json()) as { message?: unknown; error?: unknown };
    message = typeof body.message === "string" ? body.message : typeof body.error === "string" ? body.error : "";
  } catch {
    // an answer without a JSON error body (a proxy's HTML page, a dropped connection): the status says enough
  }
  const said = message ? `: ${message}` : ".";
  if (response.status >= 400 && response.status < 500) {
    return new EVaultError(
      "refused",
      `The eVault refused the request (HTTP ${response.status})${said}`,
      response.status,
    );
  }
  return new EVaultError("server", `The eVault failed (HTTP ${response.status})${said}`, response.status);
}
