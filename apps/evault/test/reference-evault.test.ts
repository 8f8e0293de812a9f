// The reference eVault's protocol (README.md) as a client sees it: a real process on a free port,
// spoken to over HTTP, killed and restarted on its data directory.
import { createHash, randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Validator } from "@seriousme/openapi-schema-validator";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startReferenceEVault } from "../src/index.ts";
import { type SpawnedReferenceEVault, spawnReferenceEVault } from "../src/testing/spawn-reference-evault.ts";

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
const pdf = (text: string) => Buffer.from(`%PDF-1.7\n% ${text}\n%%EOF\n`);

/** A small client for one vault: fetches a token once and sends bearer calls. */
function clientOf(vault: { url: string; clientId: string; clientSecret: string }) {
  let token: string | null = null;
  const basic = `Basic ${Buffer.from(`${vault.clientId}:${vault.clientSecret}`).toString("base64")}`;
  const tokenRequest = (authorization = basic, grant = "grant_type=client_credentials") =>
    fetch(`${vault.url}/oauth/token`, {
      method: "POST",
      headers: { authorization, "content-type": "application/x-www-form-urlencoded" },
      body: grant,
    });
  async function bearer() {
    if (!token) {
      const response = await tokenRequest();
      expect(response.status).toBe(200);
      token = ((await response.json()) as { access_token: string }).access_token;
    }
    return `Bearer ${token}`;
  }
  async function call(
    method: string,
    path: string,
    options: {
      key?: string;
      json?: unknown;
      headers?: Record<string, string>;
      body?: Buffer;
      signal?: AbortSignal;
    } = {},
  ) {
    const headers: Record<string, string> = { authorization: await bearer(), ...options.headers };
    if (options.key) headers["idempotency-key"] = options.key;
    let body: string | Buffer | undefined = options.body;
    if (options.json !== undefined) {
      headers["content-type"] = "application/json";
      body = JSON.stringify(options.json);
    }
    return fetch(`${vault.url}${path}`, { method, headers, body, signal: options.signal ?? null });
  }
  // biome-ignore lint/suspicious/noExplicitAny: answers are read loosely; each assertion states the shape it expects
  const json = async (response: Response) => ({ status: response.status, body: (await response.json()) as any });
  return {
    tokenRequest,
    call,
    json,
    forgetToken: () => {
      token = null;
    },
    open: (externalId: string, key = randomUUID()) =>
      call("POST", "/v1/transactions", {
        key,
        json: { externalId, transactionType: "PURCHASE", depositorName: "First Example Bank" },
      }).then(json),
    upload: (
      transactionId: string,
      documentKey: string,
      bytes: Buffer,
      options: { key?: string; role?: string; type?: string; declared?: string; name?: string } = {},
    ) =>
      call("PUT", `/v1/transactions/${transactionId}/documents/${documentKey}`, {
        key: options.key ?? randomUUID(),
        body: bytes,
        headers: {
          "content-type": "application/pdf",
          "x-content-sha256": options.declared ?? sha256(bytes),
          "x-document-name": encodeURIComponent(options.name ?? `${documentKey} ü.pdf`),
          "x-document-type": options.type ?? "PROMISSORY_NOTE",
          "x-document-role": options.role ?? "DOCUMENT",
        },
      }).then(json),
    post: (path: string, key = randomUUID(), body?: unknown) =>
      call("POST", path, { key, ...(body === undefined ? {} : { json: body }) }).then(json),
    get: (path: string) => call("GET", path).then(json),
    stats: () => call("GET", "/v1/stats").then(json),
    fault: (fault: { step: string; mode: string; count?: number; delayMs?: number }) =>
      fetch(`${vault.url}/_test/faults`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(fault),
      }),
  };
}

/** A transaction holding a note and an e-sign audit trail: ready to complete. */
async function readyTransaction(client: ReturnType<typeof clientOf>, externalId = `pkg-${randomUUID()}`) {
  const opened = await client.open(externalId);
  expect(opened.status).toBe(201);
  const transactionId = opened.body.transactionId as string;
  expect((await client.upload(transactionId, `note-${randomUUID()}`, pdf("note"))).status).toBe(201);
  const trail = await client.upload(transactionId, `trail-${randomUUID()}`, pdf("trail"), {
    role: "ESIGN_AUDIT_TRAIL",
    type: "OTHER",
  });
  expect(trail.status).toBe(201);
  return { transactionId, externalId };
}

let vault: SpawnedReferenceEVault;
let client: ReturnType<typeof clientOf>;

beforeAll(async () => {
  vault = await spawnReferenceEVault();
  client = clientOf(vault);
});
afterAll(async () => {
  await vault?.kill();
  await vault?.removeDataDir();
});
beforeEach(async () => {
  await fetch(`${vault.url}/_test/faults`, { method: "DELETE" });
});

describe("authentication", () => {
  it("gives a bearer token for the right client and refuses a wrong secret, a missing one and another grant", async () => {
    const good = await client.tokenRequest();
    expect(good.status).toBe(200);
    expect(good.headers.get("cache-control")).toBe("no-store");
    const token = (await good.json()) as Record<string, unknown>;
    expect(token).toMatchObject({ token_type: "Bearer", expires_in: 900 });
    expect(token.access_token).toEqual(expect.any(String));

    const wrong = await client.tokenRequest(`Basic ${Buffer.from(`${vault.clientId}:nope`).toString("base64")}`);
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ error: "invalid_client", message: expect.stringContaining("client ID") });
    const unknown = await client.tokenRequest(
      `Basic ${Buffer.from(`someone:${vault.clientSecret}`).toString("base64")}`,
    );
    expect(unknown.status).toBe(401);
    expect((await client.tokenRequest("")).status).toBe(401);
    const grant = await client.tokenRequest(undefined, "grant_type=password");
    expect(grant.status).toBe(400);
    expect(((await grant.json()) as { error: string }).error).toBe("unsupported_grant_type");
  });

  it("answers every /v1 call 401 without a valid bearer token", async () => {
    for (const authorization of [undefined, "Bearer not-a-token", `Basic ${btoa(`${vault.clientId}:x`)}`]) {
      const response = await fetch(`${vault.url}/v1/vault`, { headers: authorization ? { authorization } : {} });
      expect(response.status).toBe(401);
      expect(((await response.json()) as { error: string }).error).toBe("invalid_token");
    }
    const write = await fetch(`${vault.url}/v1/transactions`, {
      method: "POST",
      headers: { "content-type": "application/json", "idempotency-key": "k" },
      body: JSON.stringify({ externalId: "x", transactionType: "PURCHASE", depositorName: "x" }),
    });
    expect(write.status).toBe(401);
  });

  it("describes itself and its protocol", async () => {
    expect(await client.get("/v1/vault")).toEqual({
      status: 200,
      body: {
        vaultName: "Signet reference eVault",
        protocolVersion: "1",
        transactionTypes: ["PURCHASE", "REFINANCE", "HELOC", "OTHER"],
        documentTypes: ["PROMISSORY_NOTE", "DEED_OF_TRUST", "MORTGAGE", "CLOSING_DISCLOSURE", "RIDER", "OTHER"],
      },
    });
    const document = (await (await fetch(`${vault.url}/openapi.json`)).json()) as {
      openapi: string;
      paths: Record<string, unknown>;
    };
    expect(document.openapi).toBe("3.1.0");
    const validator = new Validator();
    // the validator types its input loosely (SpecData); the fetched document is plain JSON
    const result = await validator.validate(document as unknown as Parameters<Validator["validate"]>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(() => validator.resolveRefs()).not.toThrow();
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        "/oauth/token",
        "/v1/transactions",
        "/v1/transactions/{transactionId}/documents/{documentKey}",
        "/v1/transactions/{transactionId}/enotes",
        "/v1/enotes/{min}/transfers",
        "/v1/transactions/{transactionId}/vault-audit-trail",
        "/v1/transactions/{transactionId}/complete",
        "/v1/stats",
      ]),
    );
  });
});

describe("opening a transaction", () => {
  it("answers the same transaction to the same key and body, and refuses the key with another body", async () => {
    const key = randomUUID();
    const first = await client.open("pkg-replay", key);
    expect(first).toEqual({ status: 201, body: { transactionId: expect.stringMatching(/^tx_/), status: "OPEN" } });
    expect(await client.open("pkg-replay", key)).toEqual({ status: 200, body: first.body });
    const conflict = await client.open("pkg-other", key);
    expect(conflict.status).toBe(409);
    expect(conflict.body.error).toBe("idempotency_conflict");
    const found = await client.get("/v1/transactions?externalId=pkg-replay");
    expect(found.body.records).toHaveLength(1);
    expect(found.body.records[0]).toMatchObject({ transactionId: first.body.transactionId, status: "OPEN" });
  });

  it("needs an Idempotency-Key and a known transaction type", async () => {
    const keyless = await client
      .call("POST", "/v1/transactions", {
        json: { externalId: "x", transactionType: "PURCHASE", depositorName: "x" },
      })
      .then(client.json);
    expect(keyless).toEqual({
      status: 400,
      body: { error: "idempotency_key_required", message: expect.any(String) },
    });
    const unknown = await client.post("/v1/transactions", randomUUID(), {
      externalId: "x",
      transactionType: "TIMESHARE",
      depositorName: "x",
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.error).toBe("unknown_transaction_type");
    const malformed = await client.post("/v1/transactions", randomUUID(), { externalId: "x" });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toBe("invalid_request");
  });
});

describe("depositing documents", () => {
  it("stores the bytes once: a replay answers the same receipt, other bytes under the key are refused", async () => {
    const { body: opened } = await client.open("pkg-documents");
    const bytes = pdf("the note");
    const key = randomUUID();
    const first = await client.upload(opened.transactionId, "note-1", bytes, { key });
    expect(first).toEqual({
      status: 201,
      body: { documentKey: "note-1", sha256: sha256(bytes), receiptId: expect.stringMatching(/^rcpt_/) },
    });
    expect(await client.upload(opened.transactionId, "note-1", bytes, { key })).toEqual({
      status: 200,
      body: first.body,
    });
    // a new key for the same bytes (a retry that lost its key) still stores nothing twice
    expect(await client.upload(opened.transactionId, "note-1", bytes)).toEqual({ status: 200, body: first.body });
    const other = await client.upload(opened.transactionId, "note-1", pdf("another note"));
    expect(other.status).toBe(409);
    expect(other.body.error).toBe("duplicate_document");
    const reused = await client.upload(opened.transactionId, "note-2", bytes, { key });
    expect(reused.status).toBe(409);
    expect(reused.body.error).toBe("idempotency_conflict");

    const download = await client.call("GET", `/v1/transactions/${opened.transactionId}/documents/note-1`);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("application/pdf");
    expect(Buffer.from(await download.arrayBuffer())).toEqual(bytes);
    const state = await client.get(`/v1/transactions/${opened.transactionId}`);
    expect(state.body.documents).toEqual([
      {
        documentKey: "note-1",
        name: "note-1 ü.pdf",
        role: "DOCUMENT",
        documentType: "PROMISSORY_NOTE",
        sha256: sha256(bytes),
        sizeBytes: bytes.length,
      },
    ]);
    expect((await client.stats()).body.documentUploadsByKey["note-1"]).toBe(1);
  });

  it("refuses bytes that do not match X-Content-SHA256 and stores nothing", async () => {
    const { body: opened } = await client.open("pkg-hash");
    const refused = await client.upload(opened.transactionId, "bad", pdf("bytes"), { declared: sha256(pdf("other")) });
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({ error: "hash_mismatch", message: expect.stringContaining("not stored") });
    expect((await client.get(`/v1/transactions/${opened.transactionId}`)).body.documents).toEqual([]);
    expect((await client.stats()).body.documentUploadsByKey.bad).toBeUndefined();
  });

  it("refuses an unknown transaction, role or type, and a missing header", async () => {
    const missing = await client.upload("tx_nope", "a", pdf("a"));
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe("transaction_not_found");
    const { body: opened } = await client.open("pkg-headers");
    const role = await client.upload(opened.transactionId, "a", pdf("a"), { role: "SIGNATURE" });
    expect([role.status, role.body.error]).toEqual([422, "unknown_document_role"]);
    const type = await client.upload(opened.transactionId, "a", pdf("a"), { type: "LEASE" });
    expect([type.status, type.body.error]).toEqual([422, "unknown_document_type"]);
    const nameless = await client
      .call("PUT", `/v1/transactions/${opened.transactionId}/documents/a`, {
        key: randomUUID(),
        body: pdf("a"),
        headers: { "x-content-sha256": sha256(pdf("a")), "x-document-type": "OTHER", "x-document-role": "DOCUMENT" },
      })
      .then(client.json);
    expect(nameless).toEqual({
      status: 400,
      body: { error: "missing_header", message: "The X-Document-Name header is missing." },
    });
  });

  it("takes a body of several megabytes of any content type", async () => {
    const { body: opened } = await client.open("pkg-large");
    const bytes = Buffer.alloc(3 * 1024 * 1024, 7);
    const response = await client
      .call("PUT", `/v1/transactions/${opened.transactionId}/documents/large`, {
        key: randomUUID(),
        body: bytes,
        headers: {
          "content-type": "application/json",
          "x-content-sha256": sha256(bytes),
          "x-document-name": "large.bin",
          "x-document-type": "OTHER",
          "x-document-role": "DOCUMENT",
        },
      })
      .then(client.json);
    expect(response.status).toBe(201);
    expect(response.body.sha256).toBe(sha256(bytes));
  });
});

describe("eNotes", () => {
  it("registers an ENOTE document under a MIN once, refuses the MIN elsewhere and records transfers", async () => {
    const { body: first } = await client.open("pkg-enote-1");
    const min = `1000123${String(Date.now()).slice(-11)}`;
    expect((await client.upload(first.transactionId, "enote", pdf("smart doc"), { role: "ENOTE" })).status).toBe(201);
    expect((await client.upload(first.transactionId, "plain", pdf("plain"))).status).toBe(201);

    const notAnENote = await client.post(`/v1/transactions/${first.transactionId}/enotes`, randomUUID(), {
      documentKey: "plain",
      min,
    });
    expect([notAnENote.status, notAnENote.body.error]).toEqual([422, "not_an_enote"]);
    const key = randomUUID();
    const registered = await client.post(`/v1/transactions/${first.transactionId}/enotes`, key, {
      documentKey: "enote",
      min,
    });
    expect(registered).toEqual({ status: 201, body: { min, controllerId: null } });
    expect(
      await client.post(`/v1/transactions/${first.transactionId}/enotes`, key, { documentKey: "enote", min }),
    ).toEqual({ status: 200, body: registered.body });

    const { body: second } = await client.open("pkg-enote-2");
    expect(
      (await client.upload(second.transactionId, "enote", pdf("another smart doc"), { role: "ENOTE" })).status,
    ).toBe(201);
    const duplicate = await client.post(`/v1/transactions/${second.transactionId}/enotes`, randomUUID(), {
      documentKey: "enote",
      min,
    });
    expect([duplicate.status, duplicate.body.error]).toEqual([409, "duplicate_min"]);

    const transferKey = randomUUID();
    const transfer = { controllerId: "INV-1", controllerName: "Investor One" };
    expect(await client.post(`/v1/enotes/${min}/transfers`, transferKey, transfer)).toEqual({
      status: 200,
      body: { min, ...transfer },
    });
    expect((await client.post(`/v1/enotes/${min}/transfers`, transferKey, transfer)).status).toBe(200);
    expect(
      (await client.post(`/v1/enotes/${min}/transfers`, randomUUID(), { ...transfer, controllerId: "INV-2" })).status,
    ).toBe(200);
    const state = await client.get(`/v1/transactions/${first.transactionId}`);
    expect(state.body.enotes).toEqual([
      { min, documentKey: "enote", controllerId: "INV-2", controllerName: "Investor One" },
    ]);
    const unknown = await client.post("/v1/enotes/999/transfers", randomUUID(), transfer);
    expect([unknown.status, unknown.body.error]).toEqual([404, "enote_not_found"]);

    const trail = await client.call("POST", `/v1/transactions/${first.transactionId}/vault-audit-trail`, {
      key: randomUUID(),
    });
    const entries = ((await trail.json()) as { entries: { action: string }[] }).entries.map((entry) => entry.action);
    expect(entries.filter((action) => action === "CONTROL_TRANSFERRED")).toHaveLength(2);
    expect(entries).toContain("ENOTE_REGISTERED");
  });
});

describe("the vault audit trail and completing", () => {
  it("answers the same audit trail bytes to the same key, with their SHA-256", async () => {
    const { transactionId } = await readyTransaction(client);
    const key = randomUUID();
    const first = await client.call("POST", `/v1/transactions/${transactionId}/vault-audit-trail`, { key });
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toMatch(/^application\/json/);
    const bytes = Buffer.from(await first.arrayBuffer());
    expect(first.headers.get("x-content-sha256")).toBe(sha256(bytes));
    const trail = JSON.parse(bytes.toString()) as { transactionId: string; entries: Record<string, unknown>[] };
    expect(trail.transactionId).toBe(transactionId);
    expect(trail.entries.map((entry) => entry.action)).toEqual([
      "TRANSACTION_OPENED",
      "DOCUMENT_DEPOSITED",
      "DOCUMENT_DEPOSITED",
    ]);
    expect(trail.entries[1]).toMatchObject({ time: expect.any(String), documentKey: expect.any(String) });
    expect(trail.entries[1]!.sha256).toMatch(/^[0-9a-f]{64}$/);

    const again = await client.call("POST", `/v1/transactions/${transactionId}/vault-audit-trail`, { key });
    expect(again.status).toBe(200);
    expect(Buffer.from(await again.arrayBuffer())).toEqual(bytes);
    const fresh = await client.call("POST", `/v1/transactions/${transactionId}/vault-audit-trail`, {
      key: randomUUID(),
    });
    expect(Buffer.from(await fresh.arrayBuffer()).toString()).toContain("VAULT_AUDIT_TRAIL_ISSUED");
  });

  it("completes only with a document and an e-sign audit trail, once, and then takes no deposits", async () => {
    const { body: opened } = await client.open("pkg-incomplete");
    const tooEarly = await client.post(`/v1/transactions/${opened.transactionId}/complete`);
    expect([tooEarly.status, tooEarly.body.error]).toEqual([409, "incomplete_transaction"]);
    await client.upload(opened.transactionId, "note", pdf("note"));
    const noTrail = await client.post(`/v1/transactions/${opened.transactionId}/complete`);
    expect([noTrail.status, noTrail.body.error]).toEqual([409, "incomplete_transaction"]);

    const { transactionId, externalId } = await readyTransaction(client);
    const before = (await client.stats()).body;
    const completed = await client.post(`/v1/transactions/${transactionId}/complete`);
    expect(completed).toEqual({ status: 200, body: { status: "COMPLETE", completedAt: expect.any(String) } });
    expect(await client.post(`/v1/transactions/${transactionId}/complete`)).toEqual(completed);
    // a bodyless write that still says application/json is read as no body
    const typed = await client
      .call("POST", `/v1/transactions/${transactionId}/complete`, {
        key: randomUUID(),
        headers: { "content-type": "application/json" },
      })
      .then(client.json);
    expect(typed).toEqual(completed);
    const late = await client.upload(transactionId, "late", pdf("late"));
    expect([late.status, late.body.error]).toEqual([409, "transaction_closed"]);

    const after = (await client.stats()).body;
    expect(after.completedTransactions).toBe(before.completedTransactions + 1);
    expect(after.completedByExternalId[externalId]).toBe(1);
    expect(after.transactions).toBe(before.transactions);
    expect(after.documents).toBe(before.documents);
    const state = await client.get(`/v1/transactions/${transactionId}`);
    expect(state.body).toMatchObject({ status: "COMPLETE", completedAt: completed.body.completedAt, externalId });
  });
});

describe("test faults", () => {
  it("fail answers 503 without doing the work, once per count", async () => {
    expect((await client.fault({ step: "open", mode: "fail", count: 2 })).status).toBe(200);
    const before = (await client.stats()).body.transactions;
    for (let i = 0; i < 2; i++) {
      const failed = await client.open("pkg-fail");
      expect([failed.status, failed.body.error]).toEqual([503, "injected_fault"]);
    }
    expect((await client.stats()).body.transactions).toBe(before);
    expect((await client.open("pkg-fail")).status).toBe(201);
  });

  it("fail-after-commit does the work and loses the answer; the same key then answers it", async () => {
    const { body: opened } = await client.open("pkg-lost");
    await client.fault({ step: "documents", mode: "fail-after-commit" });
    const key = randomUUID();
    const bytes = pdf("lost answer");
    const lost = await client.upload(opened.transactionId, "lost", bytes, { key });
    expect([lost.status, lost.body.error]).toEqual([500, "injected_fault"]);
    const retried = await client.upload(opened.transactionId, "lost", bytes, { key });
    expect(retried.status).toBe(200);
    expect(retried.body.sha256).toBe(sha256(bytes));
    expect((await client.stats()).body.documentUploadsByKey.lost).toBe(1);
  });

  it("timeout holds the request until the client gives up; slow answers after the delay", async () => {
    await client.fault({ step: "info", mode: "timeout" });
    const started = Date.now();
    await expect(client.call("GET", "/v1/vault", { signal: AbortSignal.timeout(400) })).rejects.toMatchObject({
      name: "TimeoutError",
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(390);
    expect((await client.get("/v1/vault")).status).toBe(200);

    await client.fault({ step: "info", mode: "slow", delayMs: 600 });
    const slowStart = Date.now();
    expect((await client.get("/v1/vault")).status).toBe(200);
    expect(Date.now() - slowStart).toBeGreaterThanOrEqual(590);
  });

  it("the e-sign audit trail upload is its own step, apart from documents", async () => {
    const { body: opened } = await client.open("pkg-steps");
    await client.fault({ step: "esign-audit-trail", mode: "fail" });
    expect((await client.upload(opened.transactionId, "note", pdf("note"))).status).toBe(201);
    const trail = await client.upload(opened.transactionId, "trail", pdf("trail"), { role: "ESIGN_AUDIT_TRAIL" });
    expect(trail.status).toBe(503);
    expect(
      (await client.upload(opened.transactionId, "trail", pdf("trail"), { role: "ESIGN_AUDIT_TRAIL" })).status,
    ).toBe(201);
  });

  it("each step can fail: token, enote, transfer, vault-audit-trail, complete", async () => {
    await client.fault({ step: "token", mode: "fail" });
    expect((await client.tokenRequest()).status).toBe(503);
    const { transactionId } = await readyTransaction(client);
    for (const [step, path, body] of [
      ["enote", `/v1/transactions/${transactionId}/enotes`, { documentKey: "x", min: "1" }],
      ["transfer", "/v1/enotes/1/transfers", { controllerId: "a", controllerName: "b" }],
      ["vault-audit-trail", `/v1/transactions/${transactionId}/vault-audit-trail`, undefined],
      ["complete", `/v1/transactions/${transactionId}/complete`, undefined],
    ] as const) {
      await client.fault({ step, mode: "fail" });
      const failed = await client.post(path, randomUUID(), body);
      expect([step, failed.status]).toEqual([step, 503]);
    }
    expect((await client.post(`/v1/transactions/${transactionId}/complete`)).status).toBe(200);
  });

  it("DELETE clears the queued faults; a bad fault is refused", async () => {
    await client.fault({ step: "open", mode: "fail", count: 5 });
    expect((await fetch(`${vault.url}/_test/faults`, { method: "DELETE" })).status).toBe(204);
    expect((await client.open("pkg-cleared")).status).toBe(201);
    expect((await client.fault({ step: "everything", mode: "fail" })).status).toBe(400);
  });
});

describe("durability", () => {
  it("keeps transactions, documents, eNotes and idempotency keys across a killed process", async () => {
    const first = await spawnReferenceEVault();
    const c1 = clientOf(first);
    const openKey = randomUUID();
    const opened = await c1.open("pkg-durable", openKey);
    const bytes = pdf("durable");
    await c1.upload(opened.body.transactionId, "note", bytes, { role: "ENOTE" });
    await c1.upload(opened.body.transactionId, "trail", pdf("trail"), { role: "ESIGN_AUDIT_TRAIL" });
    await c1.post(`/v1/transactions/${opened.body.transactionId}/enotes`, randomUUID(), {
      documentKey: "note",
      min: "100012300000000017",
    });
    const completed = await c1.post(`/v1/transactions/${opened.body.transactionId}/complete`);
    const stats = (await c1.stats()).body;
    await first.kill("SIGKILL");

    const second = await spawnReferenceEVault({
      dataDir: first.dataDir,
      clients: [{ clientId: first.clientId, clientSecret: first.clientSecret }],
    });
    try {
      const c2 = clientOf(second);
      expect((await c2.stats()).body).toEqual(stats);
      expect(await c2.open("pkg-durable", openKey)).toEqual({ status: 200, body: opened.body });
      const state = await c2.get(`/v1/transactions/${opened.body.transactionId}`);
      expect(state.body).toMatchObject({
        status: "COMPLETE",
        completedAt: completed.body.completedAt,
        enotes: [{ min: "100012300000000017", documentKey: "note", controllerId: null, controllerName: null }],
      });
      const download = await c2.call("GET", `/v1/transactions/${opened.body.transactionId}/documents/note`);
      expect(Buffer.from(await download.arrayBuffer())).toEqual(bytes);
      // tokens are not kept: the old one is refused after the restart
      c2.forgetToken();
      const stale = await fetch(`${second.url}/v1/vault`, { headers: { authorization: "Bearer old" } });
      expect(stale.status).toBe(401);
    } finally {
      await second.kill();
      await second.removeDataDir();
    }
  });
});

describe("in-process", () => {
  it("has no test routes without test controls, and closes while a timeout fault holds a request", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "signet-evault-"));
    const clients = [{ clientId: "a", clientSecret: "b" }];
    const plain = await startReferenceEVault({ dataDir, clients });
    expect((await fetch(`${plain.url}/_test/faults`, { method: "DELETE" })).status).toBe(404);
    await plain.close();

    const controlled = await startReferenceEVault({ dataDir, clients, testControls: true });
    const c = clientOf({ url: controlled.url, clientId: "a", clientSecret: "b" });
    await c.fault({ step: "info", mode: "timeout" });
    const held = c.call("GET", "/v1/vault").then(
      () => "answered",
      () => "dropped",
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    const closing = Date.now();
    await controlled.close();
    expect(Date.now() - closing).toBeLessThan(2000);
    expect(await held).toBe("dropped");
    await rm(dataDir, { recursive: true, force: true });
  });
});
