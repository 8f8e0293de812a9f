import { spawnSync } from "node:child_process";
import { createHash, sign } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pdflibAddPlaceholder } from "@signpdf/placeholder-pdf-lib";
import { SignPdf } from "@signpdf/signpdf";
import { Signer, SUBFILTER_ETSI_CADES_DETACHED } from "@signpdf/utils";
import * as asn1js from "asn1js";
import fc from "fast-check";
import { PDFDocument, StandardFonts } from "pdf-lib";
import * as pkijs from "pkijs";
import { afterAll, describe, expect, it } from "vitest";
import { createDevelopmentSealP12, loadSealCredentials } from "./seal-credentials.ts";
import { signInPlace } from "./sign-in-place.ts";

// sign-in-place.ts against the library it replaces, @signpdf/signpdf's SignPdf.sign
// (docs/adr/0003-sign-in-place.md): generated documents get a placeholder, then each path signs a
// copy with the same key, certificate and signing time. Both must verify in poppler, sign every byte
// but the /Contents hex, and read back with the text drawn; with an RSA key (deterministic
// signatures) the two files must be the same bytes.

const credentials = loadSealCredentials(createDevelopmentSealP12("Signet Property Seal", "pw"), "pw");
const SIGNING_TIME = new Date("2026-11-29T10:00:00Z");
const scratch = mkdtempSync(join(tmpdir(), "signet-sign-in-place-property-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
let files = 0;
function save(pdf: Uint8Array): string {
  const file = join(scratch, `${files++}.pdf`);
  writeFileSync(file, pdf);
  return file;
}

/**
 * A detached CMS over a SHA-256 digest (content type, signing time, message digest), the same for
 * both paths so that only the writing of the signature differs. The attributes are listed in DER
 * order (their encodings' lengths differ), since a verifier checks them as a DER SET.
 */
function cms(digest: Buffer): Buffer {
  const leaf = pkijs.Certificate.fromBER(new Uint8Array(credentials.certificate));
  const attribute = (type: string, value: asn1js.AsnType) => new pkijs.Attribute({ type, values: [value] });
  const signedAttrs = new pkijs.SignedAndUnsignedAttributes({
    type: 0,
    attributes: [
      attribute("1.2.840.113549.1.9.3", new asn1js.ObjectIdentifier({ value: "1.2.840.113549.1.7.1" })),
      attribute("1.2.840.113549.1.9.5", new asn1js.UTCTime({ valueDate: SIGNING_TIME })),
      attribute("1.2.840.113549.1.9.4", new asn1js.OctetString({ valueHex: digest })),
    ],
  });
  const toSign = new Uint8Array(signedAttrs.toSchema().toBER());
  toSign[0] = 0x31; // signed as a SET, stored as [0]
  const sha256 = () =>
    new pkijs.AlgorithmIdentifier({ algorithmId: "2.16.840.1.101.3.4.2.1", algorithmParams: new asn1js.Null() });
  const signedData = new pkijs.SignedData({
    version: 1,
    digestAlgorithms: [sha256()],
    encapContentInfo: new pkijs.EncapsulatedContentInfo({ eContentType: "1.2.840.113549.1.7.1" }),
    certificates: [leaf],
    signerInfos: [
      new pkijs.SignerInfo({
        version: 1,
        sid: new pkijs.IssuerAndSerialNumber({ issuer: leaf.issuer, serialNumber: leaf.serialNumber }),
        digestAlgorithm: sha256(),
        signedAttrs,
        signatureAlgorithm: new pkijs.AlgorithmIdentifier({
          algorithmId: "1.2.840.113549.1.1.1",
          algorithmParams: new asn1js.Null(),
        }),
        signature: new asn1js.OctetString({ valueHex: sign("sha256", toSign, credentials.privateKey) }),
      }),
    ],
  });
  const info = new pkijs.ContentInfo({ contentType: "1.2.840.113549.1.7.2", content: signedData.toSchema(true) });
  return Buffer.from(info.toSchema().toBER());
}

/** The document with an empty signature placeholder, saved as sealPdf saves a document it rewrites. */
async function prepared(pages: { width: number; height: number; lines: string[] }[]): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  for (const { width, height, lines } of pages) {
    const page = document.addPage([width, height]);
    for (const [row, line] of lines.entries())
      page.drawText(line, { font, size: 10, x: 20, y: height - 30 - row * 14 });
  }
  pdflibAddPlaceholder({
    pdfDoc: document,
    reason: "property",
    name: "Signet",
    location: "",
    contactInfo: "",
    signingTime: SIGNING_TIME,
    subFilter: SUBFILTER_ETSI_CADES_DETACHED,
    signatureLength: 8192,
  });
  return document.save({ useObjectStreams: false });
}

/** The /ByteRange must be [0, start of the /Contents hex string, its end, the rest of the file]. */
function expectWholeFileSigned(pdf: Uint8Array): void {
  const text = Buffer.from(pdf).toString("latin1");
  const ranges = [...text.matchAll(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)];
  expect(ranges).toHaveLength(1);
  const [a, b, c, d] = ranges[0]!.slice(1, 5).map(Number) as [number, number, number, number];
  const contents = /\/Contents\s*<[0-9a-fA-F]+>/.exec(text)!;
  expect(a).toBe(0);
  expect(b).toBe(contents.index + contents[0].indexOf("<"));
  expect(c).toBe(contents.index + contents[0].length);
  expect(c + d).toBe(pdf.length);
}

function pdfsig(pdf: Uint8Array): string {
  const result = spawnSync("pdfsig", [save(pdf)], { encoding: "utf8" });
  return `${result.stdout}${result.stderr}`;
}
const pdftotext = (pdf: Uint8Array) => spawnSync("pdftotext", [save(pdf), "-"], { encoding: "utf8" }).stdout;

const word = fc.array(fc.constantFrom(..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"), {
  minLength: 1,
  maxLength: 10,
});
const generatedPages = fc.array(
  fc.record({
    // wide enough for the longest line (40 characters at 10 points): text off the page is not extracted
    width: fc.integer({ min: 420, max: 1200 }),
    height: fc.integer({ min: 200, max: 1200 }),
    lines: fc.array(
      fc.array(word, { minLength: 1, maxLength: 4 }).map((words) => words.map((chars) => chars.join("")).join(" ")),
      { minLength: 1, maxLength: 8 },
    ),
  }),
  { minLength: 1, maxLength: 6 },
);

// a failure's shrinking re-runs the property many times: stop it in time for the test to report it
const BOUNDED = { interruptAfterTimeLimit: 45_000, markInterruptAsFailure: true };

describe("signInPlace (property: what SignPdf.sign writes)", () => {
  it("signs generated documents as signpdf does: valid, whole-file byte ranges, the same text", async () => {
    await fc.assert(
      fc.asyncProperty(generatedPages, async (pages) => {
        const placeholder = await prepared(pages);
        const ours = await signInPlace(new Uint8Array(placeholder), 0, async (digest) => cms(digest));
        const library = await new SignPdf().sign(
          Buffer.from(placeholder),
          new (class extends Signer {
            override async sign(data: Buffer): Promise<Buffer> {
              return cms(createHash("sha256").update(data).digest());
            }
          })(),
        );
        for (const signed of [ours, library]) {
          expect(pdfsig(signed)).toMatch(/Signature Validation: Signature is Valid/);
          expectWholeFileSigned(signed);
        }
        const text = pdftotext(ours);
        expect(text).toBe(pdftotext(library));
        // pdftotext guesses word spaces from glyph gaps (it joins "a a"): compare without whitespace
        const drawn = pages.flatMap((page) => page.lines).join("");
        expect(text.replace(/\s+/g, "")).toBe(drawn.replace(/\s+/g, ""));
        expect(Buffer.from(ours).equals(library)).toBe(true);
      }),
      { numRuns: 25, seed: 37, ...BOUNDED },
    );
  }, 60_000); // about 3–13 s alone; the margin is for a loaded CI machine
});
