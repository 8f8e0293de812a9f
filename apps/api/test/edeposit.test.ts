import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import {
  EDEPOSIT_MESSAGES,
  type EDeposit,
  type EVault,
  type EVaultConfigInfo,
  type EVaultConnectionTest,
  type SealedArtifact,
} from "@signet/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SpawnedReferenceEVault, spawnReferenceEVault } from "../../evault/src/testing/spawn-reference-evault.ts";
import { ACCESS_TEST_ENV } from "./support/access-fixtures.ts";
import { upload } from "./support/document-upload.ts";
import {
  addEVault,
  clearFaults,
  depositPackage,
  depositPath,
  depositReaches,
  evaultPath,
  injectFault,
  signToCompletion,
  vaultStats,
  vaultTransaction,
} from "./support/edeposit-fixtures.ts";
import type { HttpClient } from "./support/http-client.ts";
import {
  addParticipant,
  createPackage,
  memberOfNewGroup,
  OFFICER,
  type PackageOrg,
  packageOrg,
} from "./support/package-fixtures.ts";
import { poll } from "./support/poll.ts";
import { packageApi, type SignablePackage } from "./support/signing-fixtures.ts";
import { type ErrorBody, packageAudit } from "./support/signing-room-helpers.ts";
import { startTestApp, type TestApp } from "./support/test-app.ts";
import { startWebhookReceiver, type WebhookReceiver } from "./support/webhook-receiver.ts";
import { downloadFile, unzip } from "./support/zip-download.ts";

// Issue 15 §2–§3 through the API with the jobs run in-process (no Redis): eVault settings, the
// package's eDeposit settings and their lock, a deposit into a real reference eVault process, and
// a failed deposit's confirm and cancel. The fault matrix over Redis is edeposit-faults.test.ts.

let app: TestApp;
let vault: SpawnedReferenceEVault;
let p: PackageOrg;
let hooks: WebhookReceiver;
const db = () => app.server.db;
const signingUrl = () => app.server.signingRoom!.url;
const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

beforeAll(async () => {
  vault = await spawnReferenceEVault();
  hooks = await startWebhookReceiver();
  app = await startTestApp({
    ...ACCESS_TEST_ENV,
    EDEPOSIT_AUTO_ATTEMPTS: "1",
    EVAULT_TIMEOUT_SECONDS: "5",
    OUTBOUND_ALLOWED_HOSTS: "127.0.0.1,localhost",
  });
  p = await packageOrg(db(), app.url);
});
afterAll(async () => {
  await app?.close();
  await hooks?.close();
  await vault?.kill();
  await vault?.removeDataDir();
});

const download = (client: HttpClient, path: string) => downloadFile(app.url, client, path);

describe("eVault settings", () => {
  it("adds an eVault with its secret encrypted and never returned, tests the connection in plain words", async () => {
    const base = evaultPath(p.org.organizationId);
    const created = await p.admin.request<EVault>("POST", base, {
      json: { name: "Primary vault", url: vault.url, clientId: vault.clientId, clientSecret: vault.clientSecret },
    });
    expect(created.status).toBe(201);
    expect(created.headers.get("location")).toBe(`${base}/${created.body.id}`);
    expect(created.body).toMatchObject({
      name: "Primary vault",
      adapter: "reference",
      enabled: true,
      hasClientSecret: true,
    });
    expect(JSON.stringify(created.body)).not.toContain(vault.clientSecret);
    const row = await db().eVault.findUniqueOrThrow({ where: { id: created.body.id } });
    expect(row.clientSecretEncrypted).not.toContain(vault.clientSecret);

    const duplicate = await p.admin.request<ErrorBody>("POST", base, {
      json: { name: "primary VAULT", url: vault.url, clientId: "x", clientSecret: "y" },
    });
    expect([duplicate.status, duplicate.body.message]).toEqual([409, EDEPOSIT_MESSAGES.vaultNameTaken]);
    const badUrl = await p.admin.request<ErrorBody>("POST", base, {
      json: { name: "Bad", url: "ftp://vault", clientId: "x", clientSecret: "y" },
    });
    expect(badUrl.status).toBe(400);

    const test = await p.admin.request<EVaultConnectionTest>("POST", `${base}/${created.body.id}/test-connection`);
    expect(test.status).toBe(200);
    expect(test.body.ok).toBe(true);
    expect(test.body.message).toContain("accepted the credentials");
    expect(test.body.info?.transactionTypes).toContain("PURCHASE");
    const info = await p.admin.get<EVaultConfigInfo>(`${base}/${created.body.id}/config-info`);
    expect([info.status, info.body.protocolVersion]).toEqual([200, "1"]);

    // a wrong secret: the test says so, and the last result is kept on the vault
    const wrong = await p.admin.request<EVault>("PUT", `${base}/${created.body.id}`, {
      json: { version: created.body.version, clientSecret: "not-the-secret" },
    });
    expect([wrong.status, wrong.body.lastTestOk]).toEqual([200, null]);
    const refused = await p.admin.request<EVaultConnectionTest>("POST", `${base}/${created.body.id}/test-connection`);
    expect(refused.body).toMatchObject({ ok: false, info: null });
    expect(refused.body.message).toMatch(/refused the client ID or secret/);
    const failedInfo = await p.admin.get<ErrorBody>(`${base}/${created.body.id}/config-info`);
    expect(failedInfo.status).toBe(502);
    // leaving the secret out keeps the stored one
    const fixed = await p.admin.request<EVault>("PUT", `${base}/${created.body.id}`, {
      json: { version: wrong.body.version, clientSecret: vault.clientSecret },
    });
    const renamed = await p.admin.request<EVault>("PUT", `${base}/${created.body.id}`, {
      json: { version: fixed.body.version, name: "Primary vault (renamed)" },
    });
    expect(renamed.body.name).toBe("Primary vault (renamed)");
    const again = await p.admin.request<EVaultConnectionTest>("POST", `${base}/${created.body.id}/test-connection`);
    expect(again.body.ok).toBe(true);
    const listed = await p.admin.get<{ records: EVault[] }>(base);
    expect(listed.body.records.find((record) => record.id === created.body.id)).toMatchObject({ lastTestOk: true });

    // nothing listening: unreachable, in plain words
    const nowhere = await p.admin.request<EVault>("POST", base, {
      json: { name: "Nowhere", url: "http://127.0.0.1:9", clientId: "a", clientSecret: "b" },
    });
    const unreachable = await p.admin.request<EVaultConnectionTest>(
      "POST",
      `${base}/${nowhere.body.id}/test-connection`,
    );
    expect(unreachable.body.ok).toBe(false);
    expect(unreachable.body.message).toBe(EDEPOSIT_MESSAGES.notReachable);
    const stale = await p.admin.request<ErrorBody>("DELETE", `${base}/${nowhere.body.id}?version=99`);
    expect(stale.status).toBe(409);
    expect((await p.admin.request("DELETE", `${base}/${nowhere.body.id}?version=${nowhere.body.version}`)).status).toBe(
      204,
    );
  });

  it("is read by settings readers only and changed by settings admins only", async () => {
    const officer = await memberOfNewGroup(p.org, app.url, OFFICER);
    const base = evaultPath(p.org.organizationId);
    expect((await officer.client.get(base)).status).toBe(403);
    expect(
      (
        await officer.client.request("POST", base, {
          json: { name: "Mine", url: vault.url, clientId: "a", clientSecret: "b" },
        })
      ).status,
    ).toBe(403);
  });
});

describe("a package's eDeposit", () => {
  it("validates its settings, deposits once into the vault after sealing, and locks its settings", async () => {
    const evault = await addEVault(p, vault, "Deposit vault");
    const webhook = await p.admin.request("POST", `/api/v1/organizations/${p.org.organizationId}/webhooks`, {
      json: {
        url: hooks.url,
        eventTypes: ["package.edeposit_started", "package.edeposited", "package.edeposit_failed"],
      },
    });
    expect(webhook.status).toBe(201);
    const s = await depositPackage(app, db(), p, evault.id);
    const configured = await s.admin.get<EDeposit>(depositPath(s));
    expect(configured.body).toMatchObject({
      status: null,
      locked: false,
      config: { enabled: true, vaultId: evault.id },
    });
    const missing = await s.admin.request<ErrorBody>("PUT", depositPath(s, "config"), {
      json: {
        version: configured.body.version,
        enabled: true,
        vaultId: null,
        financialAssetDocId: s.document.id,
        financialAssetDocType: null,
        supplementalDocType: null,
        transactionType: "PURCHASE",
      },
    });
    expect([missing.status, missing.body.message]).toEqual([400, EDEPOSIT_MESSAGES.vaultRequired]);
    // the vault a package still to be deposited chooses cannot be deleted
    const inUse = await p.admin.request<ErrorBody>(
      "DELETE",
      `${evaultPath(p.org.organizationId, evault.id)}?version=${evault.version}`,
    );
    expect([inUse.status, inUse.body.message]).toEqual([409, EDEPOSIT_MESSAGES.vaultInUse]);

    await signToCompletion(s, db(), signingUrl());
    const deposited = await depositReaches(s, ["DEPOSITED"]);
    expect(deposited.packageStatus).toBe("EDEPOSITED");
    expect(deposited.stages.map((stage) => stage.state)).toEqual(["DONE", "DONE", "DONE", "DONE", "DONE"]);
    expect(deposited.auditTrailDocVaulted).toBe(true);
    expect(deposited.errorsContainer).toEqual([]);
    expect(deposited.locked).toBe(true);

    // the vault holds each sealed file once, with the hash Signet recorded at sealing
    const artifacts = (await s.admin.get<{ records: SealedArtifact[] }>(s.api.sealedArtifacts)).body.records;
    expect(deposited.items.map((item) => [item.documentKey, item.sha256]).sort()).toEqual(
      artifacts.map((artifact) => [artifact.id, artifact.sha256]).sort(),
    );
    expect(deposited.items.find((item) => item.role === "DOCUMENT")?.documentType).toBe("PROMISSORY_NOTE");
    expect(deposited.items.find((item) => item.role === "ESIGN_AUDIT_TRAIL")?.documentKey).toBe(
      artifacts.find((artifact) => artifact.kind === "CERTIFICATE")?.id,
    );
    const stats = await vaultStats(vault);
    expect(stats.completedByExternalId[s.pkg.id]).toBe(1);
    for (const artifact of artifacts) expect(stats.documentUploadsByKey[artifact.id]).toBe(1);

    const types = (await packageAudit(db(), s.pkg.id)).map((event) => event.type);
    expect(types).toEqual(
      expect.arrayContaining(["package.edeposit-configured", "package.edeposit-started", "package.edeposited"]),
    );
    expect(types.indexOf("package.sealed")).toBeLessThan(types.indexOf("package.edeposit-started"));

    // integrators hear of it: the webhook events, with the status change
    const events = await poll("the eDeposit webhooks", async () => {
      const types = hooks.received.filter((entry) => entry.json.data.packageId === s.pkg.id).map((entry) => entry.json);
      return types.length >= 2 ? types : null;
    });
    expect(events.map((event) => [event.type, (event.data.status as { to: string }).to])).toEqual([
      ["package.edeposit_started", "EDEPOSIT_PENDING"],
      ["package.edeposited", "EDEPOSITED"],
    ]);

    const locked = await s.admin.request<ErrorBody>("PUT", depositPath(s, "config"), {
      json: { ...deposited.config, enabled: false, version: deposited.version },
    });
    expect([locked.status, locked.body.message]).toEqual([409, EDEPOSIT_MESSAGES.locked]);
    const notFailed = await s.admin.request<ErrorBody>("POST", depositPath(s, "retries"));
    expect([notFailed.status, notFailed.body.message]).toEqual([409, EDEPOSIT_MESSAGES.notFailed]);

    // the download holds what was deposited, the vault's audit trail and a manifest of hashes
    const zip = await download(s.admin, depositPath(s, "download"));
    expect([zip.status, zip.headers.get("content-type")]).toEqual([200, "application/zip"]);
    const entries = await unzip(zip.bytes);
    const manifest = JSON.parse(entries.get("manifest.json")!.toString()) as {
      vaultTransactionId: string;
      vaultAuditTrail: { sha256: string };
      files: { file: string; sha256AsDeposited: string; receiptId: string; watermarkedCopy: boolean }[];
    };
    expect(manifest.vaultTransactionId).toBe(deposited.vaultTransactionId);
    expect(manifest.files.map((file) => file.sha256AsDeposited).sort()).toEqual(artifacts.map((a) => a.sha256).sort());
    expect(sha256(entries.get("vault-audit-trail.json")!)).toBe(manifest.vaultAuditTrail.sha256);
    // the vault holds the authoritative copy now: what Signet hands out is a watermarked copy
    for (const file of manifest.files) {
      expect(file.watermarkedCopy, file.file).toBe(true);
      expect(sha256(entries.get(file.file)!), file.file).not.toBe(file.sha256AsDeposited);
    }
    expect(JSON.parse(entries.get("vault-audit-trail.json")!.toString())).toBeTruthy();
  });

  it("records a lost answer to 'complete' as FAILED_UPDATE_TRANS_STATUS, and confirm finds the vault completed it", async () => {
    const evault = await addEVault(p, vault, "Confirm vault");
    const s = await depositPackage(app, db(), p, evault.id);
    await injectFault(vault, { step: "complete", mode: "fail-after-commit" });
    await signToCompletion(s, db(), signingUrl());
    const failed = await depositReaches(s, ["FAILED_UPDATE_TRANS_STATUS"]);
    expect(failed).toMatchObject({
      packageStatus: "EDEPOSIT_PENDING",
      failed: true,
      locked: false,
      nextAttemptAt: null,
    });
    expect(failed.stages.map((stage) => stage.state)).toEqual(["DONE", "DONE", "DONE", "DONE", "FAILED"]);
    expect(failed.errorsContainer).toEqual([
      expect.objectContaining({
        attemptNum: 1,
        stage: "COMPLETE_TRANSACTION",
        errorText: expect.stringMatching(/eVault/),
      }),
    ]);
    expect(failed.allowedActions).toEqual(expect.arrayContaining(["retry", "cancel", "confirm"]));

    const confirmed = await s.admin.request<EDeposit>("POST", depositPath(s, "confirm"));
    expect(confirmed.status).toBe(200);
    expect([confirmed.body.status, confirmed.body.packageStatus]).toEqual(["DEPOSITED", "EDEPOSITED"]);
    expect((await vaultStats(vault)).completedByExternalId[s.pkg.id]).toBe(1);
  });

  it("cancels a failed deposit irreversibly: the package is COMPLETED again and no attempt follows", async () => {
    const evault = await addEVault(p, vault, "Cancel vault");
    const s = await depositPackage(app, db(), p, evault.id);
    const viewer = await memberOfNewGroup(p.org, app.url, ["VIEW_DOCUMENTS_PACKAGES"]);
    await injectFault(vault, { step: "open", mode: "fail" });
    await signToCompletion(s, db(), signingUrl());
    const failed = await depositReaches(s, ["FAILED_TRANSACTION"]);
    expect(failed.errorsContainer[0]).toMatchObject({ attemptNum: 1, stage: "OPEN_TRANSACTION" });
    // someone who only views packages cannot act on a deposit
    expect((await viewer.client.request("POST", depositPath(s, "cancel"))).status).toBe(403);

    const cancelled = await s.admin.request<EDeposit>("POST", depositPath(s, "cancel"));
    expect(cancelled.status).toBe(200);
    expect([cancelled.body.status, cancelled.body.packageStatus, cancelled.body.allowedActions]).toEqual([
      "CANCELLED",
      "COMPLETED",
      [],
    ]);
    const again = await s.admin.request<ErrorBody>("POST", depositPath(s, "retries"));
    expect([again.status, again.body.message]).toEqual([409, EDEPOSIT_MESSAGES.notFailed]);
    expect((await packageAudit(db(), s.pkg.id)).map((event) => event.type)).toContain("package.edeposit-cancelled");
    expect((await vaultStats(vault)).completedByExternalId[s.pkg.id]).toBeUndefined();
  });

  it("voids the vault's open transaction when a deposit is cancelled, and records it (issue 32 §3)", async () => {
    const evault = await addEVault(p, vault, "Void vault");
    const s = await depositPackage(app, db(), p, evault.id);
    await injectFault(vault, { step: "documents", mode: "fail", count: 20 });
    await signToCompletion(s, db(), signingUrl());
    const failed = await depositReaches(s, ["FAILED_DOCUMENTS"]);
    await clearFaults(vault);
    const transactionId = (await db().packageEDeposit.findUniqueOrThrow({ where: { packageId: s.pkg.id } }))
      .vaultTransactionId!;
    expect(transactionId).toBeTruthy();
    expect((await vaultTransaction(vault, transactionId)).status).toBe("OPEN");
    expect(failed.allowedActions).toContain("cancel");

    const cancelled = await s.admin.request<EDeposit>("POST", depositPath(s, "cancel"));
    expect(cancelled.status).toBe(200);
    // the vault is told after the cancellation commits, by a job: poll for what it then holds
    await expect.poll(async () => (await vaultTransaction(vault, transactionId)).status).toBe("VOIDED");
    await expect
      .poll(async () => (await packageAudit(db(), s.pkg.id)).map((event) => event.type))
      .toContain("package.edeposit-voided");
    const voided = (await packageAudit(db(), s.pkg.id)).find((event) => event.type === "package.edeposit-voided")!;
    expect(voided.data).toMatchObject({ vaultTransactionId: transactionId });
  });

  it("deposits a signed eNote: registered by its MIN, control transferred to the organization", async () => {
    const evault = await addEVault(p, vault, "eNote vault");
    await db().organization.update({ where: { id: p.org.organizationId }, data: { enabledSmartDoc: true } });
    const pkg = await createPackage(p.admin, p.paths, { name: "Rivera purchase" });
    const api = packageApi(p.org.organizationId, pkg.id);
    const ana = await addParticipant(p.admin, p.paths, pkg.id, {
      type: "Borrower",
      givenName: "Ana",
      familyName: "Rivera",
      email: "ana.rivera@example.com",
      accessMethod: "API",
    });
    const note = readFileSync(fileURLToPath(new URL("../../../fixtures/enote/valid.xml", import.meta.url)));
    const uploaded = await upload(p.admin, api.documents, note, {
      fileName: "note.xml",
      contentType: "application/xml",
      properties: { name: "Promissory note" },
    });
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    const document = uploaded.body as { id: string };
    const s = { ...p, pkg, api, signers: [ana], document, signatureTags: new Map() } as unknown as SignablePackage;
    const { version } = await db().package.findUniqueOrThrow({ where: { id: pkg.id }, select: { version: true } });
    const configured = await p.admin.request<EDeposit>("PUT", depositPath(s, "config"), {
      json: {
        version,
        enabled: true,
        vaultId: evault.id,
        financialAssetDocId: document.id,
        financialAssetDocType: "PROMISSORY_NOTE",
        supplementalDocType: "OTHER",
        transactionType: "PURCHASE",
      },
    });
    expect(configured.status, JSON.stringify(configured.body)).toBe(200);

    await signToCompletion(s, db(), signingUrl());
    const deposited = await depositReaches(s, ["DEPOSITED"]);
    const eNote = deposited.items.find((item) => item.role === "ENOTE");
    expect(eNote).toMatchObject({ documentType: "PROMISSORY_NOTE" });
    const sealed = await db().sealedArtifact.findFirstOrThrow({
      where: { packageId: pkg.id, documentId: document.id },
    });
    expect([eNote?.documentKey, eNote?.sha256]).toEqual([sealed.id, sealed.sha256]);

    // the vault holds the sealed eNote's exact bytes, registered by its MIN, controlled by the organization
    const held = await vaultTransaction(vault, deposited.vaultTransactionId!);
    expect(held.documents.find((file) => file.documentKey === sealed.id)).toMatchObject({
      role: "ENOTE",
      sha256: sealed.sha256,
    });
    expect(held.enotes).toEqual([
      {
        min: "100316212345678906",
        documentKey: sealed.id,
        controllerId: p.org.organizationId,
        controllerName: expect.any(String),
      },
    ]);

    // a copy handed out afterwards says it is one, outside the signed element
    const zip = await unzip((await download(p.admin, depositPath(s, "download"))).bytes);
    const [copyName, copy] = [...zip.entries()].find(([name]) => name.endsWith(".xml"))!;
    expect(copyName).toMatch(/Promissory note\.xml$/);
    expect(copy.toString()).toMatch(/^<\?xml[^>]*\?>\n<\?signet-copy COPY/);
    expect(sha256(copy)).not.toBe(sealed.sha256);
  });
});
