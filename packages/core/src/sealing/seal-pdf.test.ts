import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as asn1js from "asn1js";
import { PDFArray, PDFDocument, PDFName } from "pdf-lib";
import * as pkijs from "pkijs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestTsa } from "../testing/test-tsa.ts";
import { flattenDocument } from "./flatten-document.ts";
import { inspectSeal } from "./inspect-seal.ts";
import { createDevelopmentSealP12, loadSealCredentials } from "./seal-credentials.ts";
import { sealPdf } from "./seal-pdf.ts";

const FIXTURES = new URL("../../../../fixtures/pdfs/", import.meta.url);
const fixture = (name: string) => new Uint8Array(readFileSync(new URL(name, FIXTURES)));

const OID = {
  signedData: "1.2.840.113549.1.7.2",
  contentType: "1.2.840.113549.1.9.3",
  messageDigest: "1.2.840.113549.1.9.4",
  signingTime: "1.2.840.113549.1.9.5",
  signingCertificateV2: "1.2.840.113549.1.9.16.2.47",
  timeStampToken: "1.2.840.113549.1.9.16.2.14",
  tstInfo: "1.2.840.113549.1.9.16.1.4",
  sha256: "2.16.840.1.101.3.4.2.1",
  timeStamping: "1.3.6.1.5.5.7.3.8",
};

const credentials = loadSealCredentials(createDevelopmentSealP12("Signet Test Seal", "pw"), "pw");
const scratch = mkdtempSync(join(tmpdir(), "signet-seal-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
let files = 0;
function save(pdf: Uint8Array): string {
  const file = join(scratch, `${files++}.pdf`);
  writeFileSync(file, pdf);
  return file;
}
/** pdfsig prints its verdict on stdout and exits non-zero for some failures: keep both streams. */
function pdfsig(pdf: Uint8Array): string {
  const result = spawnSync("pdfsig", [save(pdf)], { encoding: "utf8" });
  return `${result.stdout}${result.stderr}`;
}

/** The signature's pieces, found the way a validator finds them. */
function signatureParts(pdf: Uint8Array) {
  const text = Buffer.from(pdf).toString("latin1");
  const ranges = [...text.matchAll(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)];
  expect(ranges).toHaveLength(1);
  const [a, b, c, d] = ranges[0]!.slice(1, 5).map(Number) as [number, number, number, number];
  const contents = /\/Contents\s*<([0-9a-fA-F]+)>/.exec(text)!;
  const hex = contents[1]!;
  const cmsBytes = Buffer.from(hex, "hex");
  const cmsLength = asn1js.fromBER(cmsBytes).offset;
  const cms = cmsBytes.subarray(0, cmsLength);
  const signed = Buffer.concat([Buffer.from(pdf.subarray(a, a + b)), Buffer.from(pdf.subarray(c, c + d))]);
  const signedData = new pkijs.SignedData({ schema: pkijs.ContentInfo.fromBER(cms).content });
  return {
    byteRange: [a, b, c, d],
    contentsAt: contents.index + contents[0].indexOf("<"),
    hex,
    cms,
    signed,
    signedData,
  };
}

const OPTIONS = { reason: "Completed in Signet", name: "Signet", location: "US", contactInfo: "support@example.com" };

describe("sealPdf", () => {
  it.each([
    { name: "minimal-document.pdf", prepare: (pdf: Uint8Array) => Promise.resolve(pdf) },
    { name: "pdflatex-4-pages.pdf", prepare: (pdf: Uint8Array) => Promise.resolve(pdf) },
    { name: "google-doc-document.pdf", prepare: (pdf: Uint8Array) => Promise.resolve(pdf) },
    { name: "pdfkit.pdf", prepare: (pdf: Uint8Array) => Promise.resolve(pdf) },
    { name: "libreoffice-form.pdf", prepare: (pdf: Uint8Array) => Promise.resolve(pdf) },
    {
      name: "libreoffice-form.pdf, flattened",
      prepare: (pdf: Uint8Array) =>
        flattenDocument(pdf, [{ kind: "text", page: 1, x: 72, y: 400, width: 200, height: 20, text: "Signed" }]),
    },
    {
      name: "pdflatex-4-pages.pdf, flattened",
      prepare: (pdf: Uint8Array) =>
        flattenDocument(pdf, [{ kind: "check", page: 4, x: 72, y: 72, width: 12, height: 12 }]),
    },
  ])("seals $name so that pdfsig validates the whole document", async ({ name, prepare }) => {
    const input = await prepare(fixture(name.split(",")[0]!));
    const sealed = await sealPdf(input, credentials, OPTIONS);
    const report = pdfsig(sealed);
    expect(report).toContain("Signature Validation: Signature is Valid.");
    expect(report).toContain("Total document signed");
    expect(report).toContain("Signature Type: ETSI.CAdES.detached");
    expect(report).toContain("Signer Certificate Common Name: Signet Test Seal");
    expect(report).toContain("Signing Hash Algorithm: SHA-256");
    expect((await PDFDocument.load(sealed)).getPageCount()).toBe((await PDFDocument.load(input)).getPageCount());
  });

  it("leaves a ByteRange from 0 that skips exactly the /Contents hex and reaches the end of the file", async () => {
    const sealed = await sealPdf(fixture("pdflatex-4-pages.pdf"), credentials, OPTIONS);
    const { byteRange, contentsAt, hex } = signatureParts(sealed);
    const [start, length1, start2, length2] = byteRange as [number, number, number, number];
    expect(start).toBe(0);
    expect(length1).toBe(contentsAt);
    expect(start2 - length1).toBe(hex.length + 2);
    expect(start2 + length2).toBe(sealed.length);
    expect(Buffer.from(sealed).toString("latin1")).toContain("/SubFilter /ETSI.CAdES.detached");
  });

  it("signs contentType, messageDigest, signingTime and signingCertificateV2 in a detached CMS", async () => {
    const signingTime = new Date("2026-11-20T10:30:15.678Z");
    const sealed = await sealPdf(fixture("minimal-document.pdf"), credentials, { ...OPTIONS, signingTime });
    const { signed, signedData } = signatureParts(sealed);
    expect(signedData.encapContentInfo.eContent).toBeUndefined();
    expect(signedData.certificates).toHaveLength(1);
    const signer = signedData.signerInfos[0]!;
    const attributes = new Map(signer.signedAttrs!.attributes.map((a) => [a.type, a.values[0]]));
    expect([...attributes.keys()].sort()).toEqual(
      [OID.contentType, OID.messageDigest, OID.signingTime, OID.signingCertificateV2].sort(),
    );
    const digest = attributes.get(OID.messageDigest) as asn1js.OctetString;
    expect(Buffer.from(digest.valueBlock.valueHexView)).toEqual(createHash("sha256").update(signed).digest());
    expect((attributes.get(OID.signingTime) as asn1js.UTCTime).toDate()).toEqual(new Date("2026-11-20T10:30:15.000Z"));
    // SigningCertificateV2 → certs → ESSCertIDv2 → certHash (SHA-256, the default algorithm, omitted)
    const essCertId = (attributes.get(OID.signingCertificateV2) as asn1js.Sequence).valueBlock
      .value[0] as asn1js.Sequence;
    const certHash = (essCertId.valueBlock.value[0] as asn1js.Sequence).valueBlock.value[0] as asn1js.OctetString;
    expect(Buffer.from(certHash.valueBlock.valueHexView)).toEqual(
      createHash("sha256").update(credentials.certificate).digest(),
    );
    // DER order for the SET OF: ascending by encoding
    const encodings = signer.signedAttrs!.attributes.map((a) => Buffer.from(a.toSchema().toBER()));
    expect([...encodings].sort(Buffer.compare)).toEqual(encodings);
    expect(signer.unsignedAttrs).toBeUndefined();
    // /M carries the same claimed time
    expect(Buffer.from(sealed).toString("latin1")).toMatch(/\/M \(D:20261120103015Z\)/);
  });

  it("carries the seal certificate as its DER in every seal, and seals the same bytes the same way", async () => {
    const signingTime = new Date("2026-11-20T10:30:15.678Z");
    const first = await sealPdf(fixture("minimal-document.pdf"), credentials, { ...OPTIONS, signingTime });
    const second = await sealPdf(fixture("minimal-document.pdf"), credentials, { ...OPTIONS, signingTime });
    expect(Buffer.from(second).equals(Buffer.from(first))).toBe(true);
    const certificate = signatureParts(second).signedData.certificates![0] as pkijs.Certificate;
    expect(Buffer.from(certificate.toSchema().toBER()).equals(Buffer.from(credentials.certificate))).toBe(true);
  });

  it("leaves out the signing-time attribute for strict PAdES baseline when asked", async () => {
    const sealed = await sealPdf(fixture("minimal-document.pdf"), credentials, {
      ...OPTIONS,
      signingTimeAttribute: false,
    });
    const types = signatureParts(sealed).signedData.signerInfos[0]!.signedAttrs!.attributes.map((a) => a.type);
    expect(types).not.toContain(OID.signingTime);
    expect(pdfsig(sealed)).toContain("Signature is Valid.");
  });

  it.runIf(spawnSync("openssl", ["version"]).status === 0)(
    "verifies with openssl cms, and fails once changed",
    async () => {
      const sealed = await sealPdf(fixture("google-doc-document.pdf"), credentials, OPTIONS);
      const { cms, signed } = signatureParts(sealed);
      const content = join(scratch, "content.bin");
      const signature = join(scratch, "signature.der");
      writeFileSync(content, signed);
      writeFileSync(signature, cms);
      const args = [
        "cms",
        "-verify",
        "-noverify",
        "-inform",
        "DER",
        "-binary",
        "-content",
        content,
        "-in",
        signature,
        "-out",
        "/dev/null",
      ];
      expect(spawnSync("openssl", args, { encoding: "utf8" }).stderr).toContain("Verification successful");
      signed[1000] = signed[1000]! ^ 0x01;
      writeFileSync(content, signed);
      expect(spawnSync("openssl", args).status).not.toBe(0);
    },
  );

  it.each([
    { where: "the start of the file", offset: (_: number[]) => 20 },
    { where: "the first range", offset: (range: number[]) => Math.floor(range[1]! / 2) },
    { where: "the /Reason in the signature dictionary", offset: (range: number[]) => range[2]! + 10 },
    { where: "the last bytes of the file", offset: (range: number[]) => range[2]! + range[3]! - 30 },
  ])("stops validating after a one-byte change in $where", async ({ offset }) => {
    const sealed = await sealPdf(fixture("minimal-document.pdf"), credentials, OPTIONS);
    const at = offset(signatureParts(sealed).byteRange);
    const tampered = new Uint8Array(sealed);
    // a digit or letter stays one, so the file still parses and only the digest can object
    tampered[at] = tampered[at] === 0x30 ? 0x31 : tampered[at] === 0x20 ? 0x0a : tampered[at]! ^ 0x01;
    const report = pdfsig(tampered);
    expect(report).not.toContain("Signature is Valid");
    expect(report).toContain("Digest Mismatch");
  });

  it("keeps existing form fields when /AcroForm /Fields is an indirect array", async () => {
    const document = await PDFDocument.create();
    const page = document.addPage([612, 792]);
    document.getForm().createTextField("borrower").addToPage(page, { x: 50, y: 700, width: 200, height: 20 });
    const acroForm = document.catalog.getOrCreateAcroForm().dict;
    acroForm.set(PDFName.of("Fields"), document.context.register(acroForm.lookup(PDFName.of("Fields"), PDFArray)));
    const sealed = await sealPdf(await document.save(), credentials, OPTIONS);
    const names = (await PDFDocument.load(sealed))
      .getForm()
      .getFields()
      .map((field) => field.getName());
    expect(names).toEqual(["borrower", "Signature1"]);
    expect(pdfsig(sealed)).toContain("Signature is Valid.");
  });

  it("writes non-Latin-1 and PDF delimiter characters in the dictionary safely", async () => {
    const sealed = await sealPdf(fixture("minimal-document.pdf"), credentials, {
      reason: "Signé (par) \\ 王",
      name: "Clínica )(",
      location: "Ñandú",
    });
    expect(Buffer.from(sealed).toString("latin1")).toContain("/Reason (Sign\xe9 \\(par\\) \\\\ ?)");
    expect(pdfsig(sealed)).toContain("Signature is Valid.");
  });

  it("refuses to seal after the certificate has expired", async () => {
    await expect(
      sealPdf(fixture("minimal-document.pdf"), credentials, { ...OPTIONS, signingTime: new Date("2100-01-01") }),
    ).rejects.toThrow(/expired/);
  });
});

describe("sealPdf with a timestamp authority", () => {
  const tsa = new TestTsa();
  beforeAll(() => tsa.start());
  afterAll(() => tsa.stop());

  it("embeds a signature timestamp over the signature value (PAdES B-T)", async () => {
    tsa.mode = "grant";
    const sealed = await sealPdf(fixture("pdflatex-4-pages.pdf"), credentials, { ...OPTIONS, timestampUrl: tsa.url });
    const signer = signatureParts(sealed).signedData.signerInfos[0]!;
    const token = signer.unsignedAttrs?.attributes.find((a) => a.type === OID.timeStampToken)?.values[0];
    expect(token).toBeDefined();
    const tokenData = new pkijs.SignedData({ schema: new pkijs.ContentInfo({ schema: token }).content });
    const tstInfo = pkijs.TSTInfo.fromBER(tokenData.encapContentInfo.eContent!.getValue());
    expect(tstInfo.messageImprint.hashAlgorithm.algorithmId).toBe(OID.sha256);
    expect(Buffer.from(tstInfo.messageImprint.hashedMessage.valueBlock.valueHexView)).toEqual(
      createHash("sha256").update(signer.signature.valueBlock.valueHexView).digest(),
    );
    // the TSA's own signature over the token still checks out after embedding (pkijs also re-checks the imprint)
    const stamped = signer.signature.valueBlock.valueHexView.slice().buffer;
    expect(await tokenData.verify({ signer: 0, checkChain: false, data: stamped })).toBe(true);

    const report = pdfsig(sealed);
    expect(report).toContain("Signature Validation: Signature is Valid.");
    expect(report).toContain("Total document signed");
    const inspection = await inspectSeal(sealed);
    expect(inspection).toMatchObject({ signed: true, digestMatches: true, signatureValid: true, timestamped: true });
  });

  it("uses the fetch it is given", async () => {
    tsa.mode = "grant";
    const calls: string[] = [];
    const tracked: typeof fetch = (input, init) => {
      calls.push(String(input));
      return fetch(input, init);
    };
    await sealPdf(fixture("minimal-document.pdf"), credentials, { ...OPTIONS, timestampUrl: tsa.url, fetch: tracked });
    expect(calls).toEqual([tsa.url]);
  });

  it.each([
    { mode: "http500" as const, error: /HTTP 500/ },
    { mode: "reject" as const, error: /status 2/ },
    { mode: "otherImprint" as const, error: /message imprint/ },
    { mode: "garbage" as const, error: /not a TimeStampResp/ },
  ])("rejects when the TSA answers $mode", async ({ mode, error }) => {
    tsa.mode = mode;
    await expect(
      sealPdf(fixture("minimal-document.pdf"), credentials, { ...OPTIONS, timestampUrl: tsa.url }),
    ).rejects.toThrow(error);
  });

  it("rejects when the TSA cannot be reached", async () => {
    const unreachable = "http://127.0.0.1:9/tsa";
    await expect(
      sealPdf(fixture("minimal-document.pdf"), credentials, { ...OPTIONS, timestampUrl: unreachable }),
    ).rejects.toThrow(/The timestamp authority at http:\/\/127\.0\.0\.1:9\/tsa did not timestamp the seal/);
  });
});
