// Signet's reference eVault adapter (packages/core/src/edeposit/adapters) against a spawned
// reference eVault: every method, each kind of EVaultError, and replays that store nothing twice.
import { createHash, randomUUID } from "node:crypto";
import { createServer } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { referenceEVaultAdapter } from "../../../packages/core/src/edeposit/adapters/reference-evault-adapter.ts";
import {
  type EVaultConnection,
  type EVaultDocumentUpload,
  EVaultError,
} from "../../../packages/core/src/edeposit/evault-adapter.ts";
import { EVAULT_ADAPTERS, evaultAdapter } from "../../../packages/core/src/edeposit/evault-adapters.ts";
import { type SpawnedReferenceEVault, spawnReferenceEVault } from "../src/testing/spawn-reference-evault.ts";

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
const bytesOf = (text: string) => new TextEncoder().encode(`%PDF-1.7\n% ${text}\n%%EOF\n`);

let vault: SpawnedReferenceEVault;
let connection: EVaultConnection;
// the vault listens on loopback: allowed by name, as an operator would allow an internal vault
const policy = { allowedHosts: ["127.0.0.1"] };
const adapter = referenceEVaultAdapter({ policy });

const fault = (step: string, mode: string, extra: Record<string, unknown> = {}) =>
  fetch(`${vault.url}/_test/faults`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ step, mode, ...extra }),
  }).then((response) => expect(response.status).toBe(200));

async function stats() {
  const token = (await (
    await fetch(`${vault.url}/oauth/token`, {
      method: "POST",
      headers: {
        authorization: `Basic ${Buffer.from(`${vault.clientId}:${vault.clientSecret}`).toString("base64")}`,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: "grant_type=client_credentials",
    })
  ).json()) as { access_token: string };
  const response = await fetch(`${vault.url}/v1/stats`, { headers: { authorization: `Bearer ${token.access_token}` } });
  return (await response.json()) as {
    documentUploadsByKey: Record<string, number>;
    completedByExternalId: Record<string, number>;
  };
}

function upload(
  transactionId: string,
  documentKey: string,
  text: string,
  role: EVaultDocumentUpload["role"] = "DOCUMENT",
) {
  const bytes = bytesOf(text);
  return {
    idempotencyKey: randomUUID(),
    transactionId,
    documentKey,
    name: `${documentKey} (signed) ü.pdf`,
    documentType: role === "DOCUMENT" ? "DEED_OF_TRUST" : role === "ENOTE" ? "PROMISSORY_NOTE" : "OTHER",
    role,
    contentType: "application/pdf",
    bytes,
    sha256: sha256(bytes),
  } satisfies EVaultDocumentUpload;
}

const openInput = (externalId = `pkg-${randomUUID()}`) => ({
  idempotencyKey: randomUUID(),
  externalId,
  transactionType: "REFINANCE",
  depositorName: "Example Title Co.",
});

/** The EVaultError a call fails with (the test fails if it succeeds or throws something else). */
async function failure(call: Promise<unknown>): Promise<EVaultError> {
  const error = await call.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(EVaultError);
  return error as EVaultError;
}

beforeAll(async () => {
  vault = await spawnReferenceEVault();
  // a trailing slash and a path-less URL both work
  connection = { url: `${vault.url}/`, clientId: vault.clientId, clientSecret: vault.clientSecret };
});
afterAll(async () => {
  await vault?.kill();
  await vault?.removeDataDir();
});
beforeEach(async () => {
  await fetch(`${vault.url}/_test/faults`, { method: "DELETE" });
});

describe("referenceEVaultAdapter", () => {
  it("deposits a package through every method, and reads it back", async () => {
    expect(await adapter.info(connection)).toEqual({
      vaultName: "Signet reference eVault",
      protocolVersion: "1",
      transactionTypes: ["PURCHASE", "REFINANCE", "HELOC", "OTHER"],
      documentTypes: expect.arrayContaining(["PROMISSORY_NOTE", "DEED_OF_TRUST"]),
    });
    const open = openInput();
    const { transactionId } = await adapter.openTransaction(connection, open);
    expect(transactionId).toMatch(/^tx_/);

    const deed = upload(transactionId, "deed", "deed of trust");
    const enote = upload(transactionId, "enote", "smart doc", "ENOTE");
    const trail = upload(transactionId, "esign-trail", "audit trail", "ESIGN_AUDIT_TRAIL");
    for (const document of [deed, enote, trail]) {
      const receipt = await adapter.uploadDocument(connection, document);
      expect(receipt).toEqual({ receiptId: expect.stringMatching(/^rcpt_/), sha256: document.sha256 });
    }
    const min = "100012300000000025";
    await adapter.registerENote(connection, { idempotencyKey: randomUUID(), transactionId, documentKey: "enote", min });
    await adapter.transferControl(connection, {
      idempotencyKey: randomUUID(),
      min,
      controllerId: "INV-7",
      controllerName: "Investor Seven",
    });
    const vaultTrail = await adapter.vaultAuditTrail(connection, { idempotencyKey: randomUUID(), transactionId });
    expect(vaultTrail.contentType).toMatch(/^application\/json/);
    expect(vaultTrail.sha256).toBe(sha256(vaultTrail.bytes));
    const entries = (JSON.parse(new TextDecoder().decode(vaultTrail.bytes)) as { entries: { action: string }[] })
      .entries;
    expect(entries.map((entry) => entry.action)).toEqual([
      "TRANSACTION_OPENED",
      "DOCUMENT_DEPOSITED",
      "DOCUMENT_DEPOSITED",
      "DOCUMENT_DEPOSITED",
      "ENOTE_REGISTERED",
      "CONTROL_TRANSFERRED",
    ]);
    const { completedAt } = await adapter.completeTransaction(connection, {
      idempotencyKey: randomUUID(),
      transactionId,
    });
    expect(Number.isNaN(Date.parse(completedAt))).toBe(false);

    expect(await adapter.getTransaction(connection, { transactionId })).toEqual({
      transactionId,
      externalId: open.externalId,
      status: "COMPLETE",
      documents: [deed, enote, trail].map((document) => ({
        documentKey: document.documentKey,
        name: document.name,
        role: document.role,
        documentType: document.documentType,
        sha256: document.sha256,
        sizeBytes: document.bytes.length,
      })),
      enotes: [{ min, documentKey: "enote", controllerId: "INV-7", controllerName: "Investor Seven" }],
      completedAt,
    });
    const downloaded = await adapter.downloadDocument(connection, { transactionId, documentKey: "deed" });
    expect(downloaded.contentType).toBe("application/pdf");
    expect(Buffer.from(downloaded.bytes)).toEqual(Buffer.from(deed.bytes));
  });

  it("replays with the same idempotency key answer the same, and the vault stores the upload once", async () => {
    const open = openInput();
    const opened = await adapter.openTransaction(connection, open);
    expect(await adapter.openTransaction(connection, open)).toEqual(opened);
    const deed = upload(opened.transactionId, `deed-${randomUUID()}`, "deed");
    const receipt = await adapter.uploadDocument(connection, deed);
    expect(await adapter.uploadDocument(connection, deed)).toEqual(receipt);
    await fault("documents", "fail-after-commit");
    const lost = await failure(adapter.uploadDocument(connection, { ...deed, idempotencyKey: randomUUID() }));
    expect(lost.kind).toBe("server");
    expect((await stats()).documentUploadsByKey[deed.documentKey]).toBe(1);

    await adapter.uploadDocument(connection, upload(opened.transactionId, "trail", "trail", "ESIGN_AUDIT_TRAIL"));
    const trailKey = randomUUID();
    const trail = await adapter.vaultAuditTrail(connection, {
      idempotencyKey: trailKey,
      transactionId: opened.transactionId,
    });
    const again = await adapter.vaultAuditTrail(connection, {
      idempotencyKey: trailKey,
      transactionId: opened.transactionId,
    });
    expect(Buffer.from(again.bytes)).toEqual(Buffer.from(trail.bytes));
    expect(again.sha256).toBe(trail.sha256);

    const completeKey = randomUUID();
    await fault("complete", "fail-after-commit");
    const completeLost = await failure(
      adapter.completeTransaction(connection, { idempotencyKey: completeKey, transactionId: opened.transactionId }),
    );
    expect([completeLost.kind, completeLost.status]).toEqual(["server", 500]);
    const completed = await adapter.completeTransaction(connection, {
      idempotencyKey: completeKey,
      transactionId: opened.transactionId,
    });
    expect(
      await adapter.completeTransaction(connection, {
        idempotencyKey: completeKey,
        transactionId: opened.transactionId,
      }),
    ).toEqual(completed);
    expect((await stats()).completedByExternalId[open.externalId]).toBe(1);
  });

  it("gets a new token once when the vault refuses the cached one", async () => {
    await adapter.info(connection);
    expect((await fetch(`${vault.url}/_test/revoke-tokens`, { method: "POST" })).status).toBe(204);
    expect((await adapter.info(connection)).protocolVersion).toBe("1");
  });

  it("an unreachable vault: a closed port", async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as { port: number };
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const url = `http://127.0.0.1:${port}`;
    const error = await failure(adapter.info({ ...connection, url }));
    expect(error.kind).toBe("unreachable");
    expect(error.message).toBe(`The eVault at ${url} could not be reached.`);
  });

  it("a vault that does not answer in time: the timeout fault with timeoutMs 500", async () => {
    const quick = referenceEVaultAdapter({ timeoutMs: 500, policy });
    await quick.info(connection);
    await fault("open", "timeout");
    const started = Date.now();
    const error = await failure(quick.openTransaction(connection, openInput()));
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(error.kind).toBe("timeout");
    expect(error.message).toBe("The eVault did not answer within 0.5 seconds.");
    // the token request times out the same way
    await fault("token", "timeout");
    const tokenError = await failure(quick.info({ ...connection, clientId: "another" }));
    expect(tokenError.kind).toBe("timeout");
  });

  it("a wrong client ID or secret", async () => {
    const error = await failure(adapter.info({ ...connection, clientSecret: "wrong" }));
    expect(error.kind).toBe("auth");
    expect(error.status).toBe(401);
    expect(error.message).toBe("The eVault refused the client ID or secret.");
  });

  it("a refusal carries the vault's own words", async () => {
    const { transactionId } = await adapter.openTransaction(connection, openInput());
    const document = upload(transactionId, "deed", "deed");
    const error = await failure(adapter.uploadDocument(connection, { ...document, sha256: sha256(bytesOf("other")) }));
    expect(error.kind).toBe("refused");
    expect(error.status).toBe(422);
    expect(error.message).toMatch(/^The eVault refused the request \(HTTP 422\): The document's bytes hash to /);
    const incomplete = await failure(
      adapter.completeTransaction(connection, { idempotencyKey: randomUUID(), transactionId }),
    );
    expect([incomplete.kind, incomplete.status]).toEqual(["refused", 409]);
    const unknown = await failure(adapter.getTransaction(connection, { transactionId: "tx_missing" }));
    expect([unknown.kind, unknown.status]).toEqual(["refused", 404]);
    expect(unknown.message).toContain("There is no transaction tx_missing.");
  });

  it("a vault failure", async () => {
    await fault("info", "fail");
    const error = await failure(adapter.info(connection));
    expect(error.kind).toBe("server");
    expect(error.status).toBe(503);
    expect(error.message).toContain("A test fault made the info step fail.");
  });
});

describe("evaultAdapter", () => {
  it("finds an adapter by name and refuses a name no adapter has", async () => {
    expect(Object.keys(EVAULT_ADAPTERS)).toEqual(["reference"]);
    expect((await evaultAdapter("reference", { timeoutMs: 5000, policy }).info(connection)).vaultName).toBe(
      "Signet reference eVault",
    );
    expect(() => evaultAdapter("acme-vault")).toThrow("There is no eVault adapter named acme-vault");
  });
});
