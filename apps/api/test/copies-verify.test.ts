import type { SealedArtifact } from "@signet/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SpawnedReferenceEVault, spawnReferenceEVault } from "../../evault/src/testing/spawn-reference-evault.ts";
import { ACCESS_TEST_ENV } from "./support/access-fixtures.ts";
import { addEVault, depositPackage, depositReaches, signToCompletion } from "./support/edeposit-fixtures.ts";
import { type PackageOrg, packageOrg } from "./support/package-fixtures.ts";
import { verifyPublicly } from "./support/seal-verification.ts";
import { pdfsig } from "./support/signing-fixtures.ts";
import { startTestApp, type TestApp } from "./support/test-app.ts";
import { downloadFile } from "./support/zip-download.ts";

// Issue 32 §1: once a package is deposited, every sealed file Signet hands out is a watermarked copy.
// The copy must verify as a whole (its own seal, naming it a copy and where the authoritative copy is
// held), keep the original's seal valid over the original's bytes, and any change must show, both in
// poppler's pdfsig (an independent implementation) and in Signet's public verifier, on the very
// bytes a member downloads.

let app: TestApp;
let vault: SpawnedReferenceEVault;
let p: PackageOrg;
const db = () => app.server.db;

beforeAll(async () => {
  vault = await spawnReferenceEVault();
  app = await startTestApp({ ...ACCESS_TEST_ENV, EDEPOSIT_AUTO_ATTEMPTS: "1", OUTBOUND_ALLOWED_HOSTS: "127.0.0.1" });
  p = await packageOrg(db(), app.url);
});
afterAll(async () => {
  await app?.close();
  await vault?.kill();
  await vault?.removeDataDir();
});

const verify = (bytes: Uint8Array) => verifyPublicly(app.server.signingRoom!.url, bytes);

/** pdfsig's report split per signature ("Signature #1:", "Signature #2:" …). */
function signatures(report: string): string[] {
  return report.split(/^Signature #\d+:/m).slice(1);
}

describe("copies of a deposited package's sealed files", () => {
  it("verify in pdfsig and in the public verifier, say what they are, and one flipped byte fails both", async () => {
    const evault = await addEVault(p, vault, "Custody vault");
    const s = await depositPackage(app, db(), p, evault.id);
    await signToCompletion(s, db(), app.server.signingRoom!.url);
    const deposited = await depositReaches(s, ["DEPOSITED"]);
    const artifacts = (await s.admin.get<{ records: SealedArtifact[] }>(s.api.sealedArtifacts)).body.records;
    expect(artifacts.map((artifact) => artifact.kind).sort()).toEqual(["CERTIFICATE", "DOCUMENT"]);

    for (const artifact of artifacts) {
      const copy = await downloadFile(app.url, s.admin, s.api.sealedFile(artifact.id));
      expect(copy.status, artifact.name).toBe(200);
      const stored = await db().sealedArtifact.findUniqueOrThrow({ where: { id: artifact.id } });
      // a copy, not the stored file: the vault holds the authoritative one
      expect(copy.bytes.length).toBeGreaterThan(stored.sizeBytes);

      const report = pdfsig(copy.bytes);
      const each = signatures(report);
      expect(each, report).toHaveLength(2);
      for (const signature of each) expect(signature, report).toContain("Signature is Valid");
      expect(report).not.toContain("Digest Mismatch");
      // the original's seal covers the original's bytes; the copy's seal covers the whole copy
      expect(each[0], report).toContain("Not total document signed");
      expect(each[1], report).toContain("Total document signed");
      // the copy's seal says what it is, in its /Reason, in the revision the copy added
      const added = Buffer.from(copy.bytes.subarray(stored.sizeBytes)).toString("latin1");
      expect(added).toMatch(
        /\/Reason \(Copy of "[^"]+" marked by Signet on [^)]+the authoritative copy is held by the eVault Custody vault, transaction /,
      );

      const verified = await verify(copy.bytes);
      expect(verified).toMatchObject({
        verified: true,
        signatureValid: true,
        kind: artifact.kind,
        documentName: artifact.name,
        copy: {
          documentName: artifact.name,
          originalIntact: true,
          custodian: { name: "Custody vault", transactionId: deposited.vaultTransactionId },
        },
      });
      expect(verified.copy!.statement).toContain(`the authoritative copy is held by the eVault Custody vault`);

      // one byte changed in what the copy added (its watermark): both checkers say so
      const tampered = Uint8Array.from(copy.bytes);
      const at = stored.sizeBytes + 40;
      tampered[at] = tampered[at]! ^ 0x01;
      const tamperedReport = pdfsig(tampered);
      expect(tamperedReport).not.toMatch(/Signature #2:[^#]*Signature is Valid/);
      const refused = await verify(tampered);
      expect([refused.verified, refused.signatureValid]).toEqual([false, false]);

      // and one byte changed inside the original part: the original's seal fails, and the copy's
      const inOriginal = Uint8Array.from(copy.bytes);
      inOriginal[200] = inOriginal[200]! ^ 0x01;
      expect(pdfsig(inOriginal)).not.toMatch(/Signature #1:[^#]*Signature is Valid/);
      expect((await verify(inOriginal)).verified).toBe(false);
    }
  });
});
