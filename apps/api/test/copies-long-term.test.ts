import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { SealedArtifact } from "@signet/contract";
import { type RunningTrustServices, startTrustServices } from "@signet/trust-services";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SpawnedReferenceEVault, spawnReferenceEVault } from "../../evault/src/testing/spawn-reference-evault.ts";
import { ACCESS_TEST_ENV } from "./support/access-fixtures.ts";
import { addEVault, depositPackage, depositReaches, signToCompletion } from "./support/edeposit-fixtures.ts";
import {
  type PdfSignature,
  pdfSignatures,
  timestampTime,
  verifyCms,
  verifyTimestampToken,
} from "./support/openssl-pades.ts";
import { type PackageOrg, packageOrg } from "./support/package-fixtures.ts";
import { verifyPublicly } from "./support/seal-verification.ts";
import { pdfsig } from "./support/signing-fixtures.ts";
import { startTestApp, type TestApp } from "./support/test-app.ts";
import { downloadFile } from "./support/zip-download.ts";

// Issue 32 §1 with §2: the embedded default seals at B-LTA, so the copies handed out once a package
// is deposited are copies of B-LTA originals. The copy's marking and seal come after the original's
// document timestamp: every earlier signature and timestamp must still verify over its own byte
// range, the copy's seal over the whole file, and the public verifier must call it a copy.

let trust: RunningTrustServices;
let vault: SpawnedReferenceEVault;
let app: TestApp;
let p: PackageOrg;
let work: string;
const db = () => app.server.db;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "signet-ltv-copies-"));
  trust = await startTrustServices({ port: 0, dataDir: join(work, "trust") });
  await writeFile(
    join(work, "seal.p12"),
    await trust.ca.issueSealP12({ commonName: "Signet copies test seal", password: "test" }),
  );
  vault = await spawnReferenceEVault();
  app = await startTestApp({
    ...ACCESS_TEST_ENV,
    EDEPOSIT_AUTO_ATTEMPTS: "1",
    TSA_URL: trust.urls.tsa,
    SEAL_P12_PATH: join(work, "seal.p12"),
    SEAL_P12_PASSWORD: "test",
    OUTBOUND_ALLOWED_HOSTS: "127.0.0.1",
  });
  p = await packageOrg(db(), app.url);
}, 120_000);
afterAll(async () => {
  await app?.close();
  await vault?.kill();
  await vault?.removeDataDir();
  await trust?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

describe("copies of B-LTA originals", () => {
  it("keep the original's seal and document timestamp valid, verify as copies, and one flipped byte fails", async () => {
    const evault = await addEVault(p, vault, "Custody vault");
    const s = await depositPackage(app, db(), p, evault.id);
    await signToCompletion(s, db(), app.server.signingRoom!.url);
    await depositReaches(s, ["DEPOSITED"]);
    const artifacts = (await s.admin.get<{ records: SealedArtifact[] }>(s.api.sealedArtifacts)).body.records;
    const document = artifacts.find((artifact) => artifact.kind === "DOCUMENT")!;
    const stored = await db().sealedArtifact.findUniqueOrThrow({ where: { id: document.id } });
    expect(stored.padesLevel).toBe("B-LTA");

    const copy = await downloadFile(app.url, s.admin, s.api.sealedFile(document.id));
    expect(copy.status).toBe(200);
    expect(copy.bytes.length).toBeGreaterThan(stored.sizeBytes);
    // the original's seal, its document timestamp, then the copy's seal over the whole file
    const signatures = pdfSignatures(copy.bytes);
    expect(signatures.map((signature) => signature.documentTimestamp)).toEqual([false, true, false]);
    const [seal, timestamp, copySeal] = signatures as [PdfSignature, PdfSignature, PdfSignature];
    const root = trust.ca.root.der;
    const at = timestampTime(timestamp.contents);
    for (const [name, result] of [
      ["original seal", verifyCms(seal, root, at)],
      ["document timestamp", verifyTimestampToken(timestamp.contents, timestamp.signed, root)],
      ["copy seal", verifyCms(copySeal, root, new Date())],
    ] as const) {
      expect(result.ok, `${name}\n${result.output}`).toBe(true);
    }
    const report = pdfsig(copy.bytes);
    expect(report.match(/Signature is Valid/g), report).toHaveLength(2);
    expect(report).toMatch(/Signature #3:[^#]*Total document signed/);
    // the copy's seal is a field of its own: the same name would make it one field with the original's
    const fieldNames = [...report.matchAll(/Signature Field Name: (.+)/g)].map((match) => match[1]);
    expect(new Set(fieldNames).size, report).toBe(3);

    const verified = await verifyPublicly(app.server.signingRoom!.url, copy.bytes);
    expect(verified).toMatchObject({
      verified: true,
      signatureValid: true,
      copy: { documentName: document.name, originalIntact: true, custodian: { name: "Custody vault" } },
    });

    // one flipped byte inside the original's part: its seal and its timestamp fail, and so does the copy
    const tampered = Uint8Array.from(copy.bytes);
    tampered[200] = tampered[200]! ^ 0x01;
    const [tSeal, tTimestamp] = pdfSignatures(tampered) as [PdfSignature, PdfSignature];
    expect(verifyCms(tSeal, root, at).ok).toBe(false);
    expect(verifyTimestampToken(tTimestamp.contents, tTimestamp.signed, root).ok).toBe(false);
    expect((await verifyPublicly(app.server.signingRoom!.url, tampered)).verified).toBe(false);
  });
});
