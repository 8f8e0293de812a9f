import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { enqueueDueTimestampRenewals } from "@signet/core";
import { type RunningTrustServices, startTrustServices } from "@signet/trust-services";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_TEST_ENV } from "./support/access-fixtures.ts";
import { signToCompletion } from "./support/edeposit-fixtures.ts";
import {
  cmsCertificates,
  type Dss,
  ocspStatus,
  pdfSignatures,
  readDss,
  timestampTime,
  verifyChainAt,
  verifyCms,
  verifyCrl,
  verifyTimestampToken,
} from "./support/openssl-pades.ts";
import { poll } from "./support/poll.ts";
import { verifyPublicly } from "./support/seal-verification.ts";
import { pdfsig, signablePackage } from "./support/signing-fixtures.ts";
import { startTestApp, type TestApp } from "./support/test-app.ts";

// Issue 32 §2: with a TSA and a seal certificate from a CA that publishes OCSP and CRLs (here the
// reference trust services, over real HTTP), every fixture sealed through the real path (a package
// signed to completion, sealed by the seal job) is PAdES B-LTA, and an implementation that is not
// Signet's says so: OpenSSL checks the CMS signature over its ByteRange, the document timestamp, the
// DSS's OCSP responses and CRLs and the chain at the time; then the seal certificate is revoked and
// the file still validates at the document timestamp's time from the data it carries; one flipped
// byte fails. poppler's pdfsig checks the signature too (it cannot check document timestamps).

const FIXTURES = [
  "minimal-document.pdf",
  "pdflatex-4-pages.pdf",
  "google-doc-document.pdf",
  "libreoffice-form.pdf",
  "pdfkit.pdf",
  "minimal-document-pdfa-1b.pdf",
];

let trust: RunningTrustServices;
let app: TestApp;
let work: string;
const db = () => app.server.db;
const sealedFiles = new Map<string, { bytes: Uint8Array; artifactId: string }>();

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "signet-ltv-"));
  trust = await startTrustServices({ port: 0, dataDir: join(work, "trust"), testControls: true });
  // the institution's seal certificate, from its CA, as SEAL_P12_PATH gives it in production
  const p12 = await trust.ca.issueSealP12({ commonName: "Signet long-term test seal", password: "test" });
  await writeFile(join(work, "seal.p12"), p12);
  app = await startTestApp({
    ...ACCESS_TEST_ENV,
    TSA_URL: trust.urls.tsa,
    SEAL_P12_PATH: join(work, "seal.p12"),
    SEAL_P12_PASSWORD: "test",
    OUTBOUND_ALLOWED_HOSTS: new URL(trust.url).host,
  });
}, 120_000);
afterAll(async () => {
  await app?.close();
  await trust?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

const root = () => trust.ca.root.der;
const issuing = () => trust.ca.issuing.der;

/** The signature, the document timestamp and the DSS of a sealed file, each checked by OpenSSL. */
function checkLongTerm(name: string, bytes: Uint8Array): { dss: Dss; timestampAt: Date; seal: Buffer } {
  const signatures = pdfSignatures(bytes);
  expect(
    signatures.map((signature) => signature.documentTimestamp),
    name,
  ).toEqual([false, true]);
  const [signature, docTimestamp] = signatures as [(typeof signatures)[0], (typeof signatures)[0]];

  const timestampAt = timestampTime(docTimestamp.contents);
  const cms = verifyCms(signature, root(), timestampAt);
  expect(cms.ok, `${name}: cms -verify\n${cms.output}`).toBe(true);
  const token = verifyTimestampToken(docTimestamp.contents, docTimestamp.signed, root());
  expect(token.ok && /Verification: OK/.test(token.output), `${name}: ts -verify\n${token.output}`).toBe(true);
  // the document timestamp covers everything before it, the DSS included
  expect(docTimestamp.signed.length + docTimestamp.contents.length).toBeLessThanOrEqual(bytes.length);

  const dss = readDss(bytes);
  expect(dss, `${name}: no DSS`).not.toBeNull();
  const seal = cmsCertificates(signature.contents)[0]!;
  const tsa = cmsCertificates(docTimestamp.contents)[0]!;
  for (const certificate of [seal, tsa]) {
    expect(
      dss!.certs.some((der) => der.equals(certificate)),
      `${name}: a certificate missing from the DSS`,
    ).toBe(true);
  }
  expect(dss!.certs.some((der) => der.equals(issuing()))).toBe(true);
  expect(dss!.ocsps.length, name).toBeGreaterThanOrEqual(1);
  const statuses = dss!.ocsps.map((ocsp) => ocspStatus(ocsp, seal, issuing(), root()));
  const forSeal = statuses.find(
    (status) => (status.status === "good" || status.status === "revoked") && status.verified,
  );
  expect(forSeal?.status, `${name}: OCSP\n${statuses.map((status) => status.output).join("\n")}`).toBe("good");
  expect(dss!.crls.length, name).toBeGreaterThanOrEqual(2); // the issuing CA's and the root's
  for (const crl of dss!.crls) {
    const checked = verifyCrl(crl, [root(), issuing()]);
    expect(checked.ok, `${name}: crl\n${checked.output}`).toBe(true);
  }
  const chain = verifyChainAt(seal, [issuing()], root(), dss!.crls, timestampAt);
  expect(chain.ok, `${name}: verify -crl_check_all\n${chain.output}`).toBe(true);
  return { dss: dss!, timestampAt, seal };
}

describe("long-term seals (PAdES B-LTA) checked by OpenSSL", () => {
  it("seals every fixture through the seal job at B-LTA, and OpenSSL and pdfsig validate each", async () => {
    for (const fixture of FIXTURES) {
      const s = await signablePackage(app, db(), {
        fixture,
        signers: [{ givenName: "Ada", email: "ada@example.com" }],
      });
      await signToCompletion(s, db(), app.server.signingRoom!.url);
      await poll(
        `${fixture} sealed`,
        async () => (await db().package.findUniqueOrThrow({ where: { id: s.pkg.id } })).sealedAt,
        { timeoutMs: 120_000 },
      );
      const artifact = await db().sealedArtifact.findFirstOrThrow({ where: { packageId: s.pkg.id, kind: "DOCUMENT" } });
      expect(artifact, fixture).toMatchObject({
        padesLevel: "B-LTA",
        timestamped: true,
        lastTimestampTsa: "Signet reference timestamp authority",
      });
      // renewed a year before the TSA certificate (5 years) expires
      expect(artifact.renewTimestampBy!.getTime()).toBeGreaterThan(Date.now() + 3 * 365 * 24 * 3600 * 1000);
      const bytes = await readStored(artifact.blobKey);
      sealedFiles.set(fixture, { bytes, artifactId: artifact.id });

      const { timestampAt } = checkLongTerm(fixture, bytes);
      expect(Math.abs(timestampAt.getTime() - artifact.lastTimestampAt!.getTime())).toBeLessThan(1000);
      const report = pdfsig(bytes);
      expect(report.split(/^Signature #\d+:/m)[1], `${fixture}\n${report}`).toContain("Signature is Valid");
      expect(report, fixture).not.toContain("Digest Mismatch");
      // Signet's public verifier says what the file is, in words on the page
      expect(await verifyPublicly(app.server.signingRoom!.url, bytes), fixture).toMatchObject({
        verified: true,
        signatureValid: true,
        padesLevel: "B-LTA",
        lastTimestamp: { tsa: "Signet reference timestamp authority" },
      });
    }
  }, 600_000);

  it("still validates at its timestamp's time after the seal certificate is revoked", async () => {
    expect(sealedFiles.size).toBe(FIXTURES.length);
    const [first] = [...sealedFiles.values()];
    const seal = cmsCertificates(pdfSignatures(first!.bytes)[0]!.contents)[0]!;
    const serial = new (await import("node:crypto")).X509Certificate(seal).serialNumber;
    const revoked = await fetch(`${trust.url}/_test/revoke`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ serial }),
    });
    expect(revoked.status).toBe(200);
    // the revocation is real: a fresh CRL lists it, and a chain check with it fails
    const freshCrl = Buffer.from(await (await fetch(trust.urls.issuingCrl)).arrayBuffer());
    const freshRoot = Buffer.from(await (await fetch(trust.urls.rootCrl)).arrayBuffer());
    const now = verifyChainAt(seal, [issuing()], root(), [freshCrl, freshRoot], new Date());
    expect(now.ok).toBe(false);
    expect(now.output).toContain("certificate revoked");

    for (const [fixture, { bytes }] of sealedFiles) {
      // point-in-time: the data the file carries, at the time its document timestamp proves
      const { timestampAt } = checkLongTerm(`${fixture} after revocation`, bytes);
      expect(timestampAt.getTime()).toBeLessThanOrEqual(Date.now());
    }
  }, 300_000);

  it("fails every check on a file with one flipped byte", async () => {
    for (const [fixture, { bytes }] of sealedFiles) {
      const tampered = new Uint8Array(bytes);
      // a byte inside the first revision's content, covered by the signature and the timestamp
      const at = Math.floor(pdfSignatures(bytes)[0]!.signed.length / 3);
      tampered[at] = tampered[at]! ^ 0x01;
      const [signature, docTimestamp] = pdfSignatures(tampered) as [
        ReturnType<typeof pdfSignatures>[0],
        ReturnType<typeof pdfSignatures>[0],
      ];
      const timestampAt = timestampTime(docTimestamp.contents);
      expect(verifyCms(signature, root(), timestampAt).ok, fixture).toBe(false);
      expect(verifyTimestampToken(docTimestamp.contents, docTimestamp.signed, root()).ok, fixture).toBe(false);
      expect((await verifyPublicly(app.server.signingRoom!.url, tampered)).verified, fixture).toBe(false);
      expect(pdfsig(tampered), fixture).not.toMatch(/Signature #1:[\s\S]*?Signature is Valid[\s\S]*?Signature #2/);
    }
  }, 300_000);
});

describe("timestamp renewal (B-LTA kept past the TSA certificate's expiry)", () => {
  it("adds a new DSS and document timestamp to an artifact whose renewTimestampBy has come, even after its seal certificate was revoked", async () => {
    const [fixture, { artifactId, bytes: before }] = [...sealedFiles.entries()][0]!;
    const previous = await db().sealedArtifact.update({
      where: { id: artifactId },
      data: { renewTimestampBy: new Date(Date.now() - 1000) },
    });
    expect(await enqueueDueTimestampRenewals(app.server.deps)).toBeGreaterThanOrEqual(1);
    const renewed = await poll(
      "the renewal",
      async () => {
        const row = await db().sealedArtifact.findUniqueOrThrow({ where: { id: artifactId } });
        return row.renewTimestampBy && row.renewTimestampBy.getTime() > Date.now() ? row : null;
      },
      { timeoutMs: 60_000 },
    );
    expect(renewed.blobKey).not.toBe(previous.blobKey);
    expect(renewed.padesLevel).toBe("B-LTA");
    expect(renewed.lastTimestampAt!.getTime()).toBeGreaterThan(previous.lastTimestampAt!.getTime());
    const bytes = await readStored(renewed.blobKey);
    // an incremental update of the previous file: its bytes are kept as they were
    expect(
      Buffer.from(bytes.subarray(0, before.length - 5)).equals(Buffer.from(before.subarray(0, before.length - 5))),
    ).toBe(true);
    expect(renewed.sha256).not.toBe(previous.sha256);

    const signatures = pdfSignatures(bytes);
    expect(signatures.map((signature) => signature.documentTimestamp)).toEqual([false, true, true]);
    const times = signatures.slice(1).map((signature) => timestampTime(signature.contents));
    expect(times[1]!.getTime()).toBeGreaterThanOrEqual(times[0]!.getTime());
    for (const signature of signatures.slice(1)) {
      const token = verifyTimestampToken(signature.contents, signature.signed, root());
      expect(token.ok && /Verification: OK/.test(token.output), `${fixture}: ts -verify\n${token.output}`).toBe(true);
    }
    expect(verifyCms(signatures[0]!, root(), times[0]!).ok).toBe(true);
    // the second DSS adds what the renewal fetched, the seal's revocation included: the first
    // timestamp proves the seal was valid before it
    const dss = readDss(bytes)!;
    const seal = cmsCertificates(signatures[0]!.contents)[0]!;
    const statuses = dss.ocsps.map((ocsp) => ocspStatus(ocsp, seal, issuing(), root()).status);
    expect(statuses).toEqual(expect.arrayContaining(["good", "revoked"]));
    expect(pdfsig(bytes).split(/^Signature #\d+:/m)[1]).toContain("Signature is Valid");
    expect(await verifyPublicly(app.server.signingRoom!.url, bytes)).toMatchObject({
      verified: true,
      padesLevel: "B-LTA",
    });
  }, 120_000);
});

async function readStored(blobKey: string): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of await app.server.deps.storage.get(blobKey)) chunks.push(Buffer.from(chunk as Buffer));
  return new Uint8Array(Buffer.concat(chunks));
}
