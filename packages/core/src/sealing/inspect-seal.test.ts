import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { inspectSeal, type SealInspection } from "./inspect-seal.ts";
import { createDevelopmentSealP12, loadSealCredentials } from "./seal-credentials.ts";
import { sealPdf } from "./seal-pdf.ts";

const FIXTURES = new URL("../../../../fixtures/pdfs/", import.meta.url);
const fixture = (name: string) => new Uint8Array(readFileSync(new URL(name, FIXTURES)));

const credentials = loadSealCredentials(createDevelopmentSealP12("Inspected Seal", "pw"), "pw");
const signingTime = new Date("2026-11-20T10:30:15.000Z");

const UNSIGNED: SealInspection = {
  signed: false,
  coversWholeFile: false,
  digestMatches: false,
  signatureValid: false,
  signerSubject: null,
  signingTime: null,
  timestamped: false,
  certificateFingerprintSha256: null,
  documentTimestamps: [],
  longTermData: false,
};

function byteRange(pdf: Uint8Array): [number, number, number, number] {
  const match = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/.exec(Buffer.from(pdf).toString("latin1"))!;
  return match.slice(1, 5).map(Number) as [number, number, number, number];
}

describe("inspectSeal", () => {
  let sealed: Uint8Array;
  beforeAll(async () => {
    sealed = await sealPdf(fixture("pdflatex-4-pages.pdf"), credentials, {
      reason: "Completed",
      name: "Signet",
      signingTime,
    });
  });

  it("reports a fresh seal as intact, with its signer and time", async () => {
    expect(await inspectSeal(sealed)).toEqual({
      signed: true,
      coversWholeFile: true,
      digestMatches: true,
      signatureValid: true,
      signerSubject: credentials.subject,
      signingTime,
      timestamped: false,
      certificateFingerprintSha256: credentials.fingerprintSha256,
      documentTimestamps: [],
      longTermData: false,
    });
  });

  it.each([
    { where: "the first covered range", offset: (range: number[]) => Math.floor(range[1]! / 2) },
    { where: "the second covered range", offset: (range: number[]) => range[2]! + 10 },
  ])("sees a flipped byte in $where as a digest mismatch", async ({ offset }) => {
    const tampered = new Uint8Array(sealed);
    const at = offset(byteRange(sealed));
    tampered[at] = tampered[at]! ^ 0x01;
    expect(await inspectSeal(tampered)).toMatchObject({
      signed: true,
      coversWholeFile: true,
      digestMatches: false,
      // the signed attributes themselves are untouched
      signatureValid: true,
    });
  });

  it("sees bytes appended after the seal as not covering the whole file", async () => {
    const appended = new Uint8Array(Buffer.concat([Buffer.from(sealed), Buffer.from("\n% appended later\n")]));
    expect(await inspectSeal(appended)).toMatchObject({ signed: true, coversWholeFile: false, digestMatches: true });
  });

  it("sees a ByteRange that leaves out more than the /Contents", async () => {
    const text = Buffer.from(sealed).toString("latin1");
    const [start, length1, start2, length2] = byteRange(sealed);
    const original = `/ByteRange [${start} ${length1} ${start2} ${length2}]`;
    // the range now skips 10 bytes before the /Contents hex too (same length: padded with spaces)
    const widened = `/ByteRange [${start} ${length1 - 10} ${start2} ${length2}]`.padEnd(original.length, " ");
    expect(text).toContain(original);
    const edited = new Uint8Array(Buffer.from(text.replace(original, widened), "latin1"));
    const inspection = await inspectSeal(edited);
    expect(inspection.signed).toBe(true);
    expect(inspection.coversWholeFile).toBe(false);
    expect(inspection.digestMatches).toBe(false);
  });

  it.each([
    "minimal-document.pdf",
    "pdflatex-4-pages.pdf",
    "google-doc-document.pdf",
    "pdfkit.pdf",
    "libreoffice-form.pdf",
  ])("reports the unsigned fixture %s as unsigned", async (name) => {
    expect(await inspectSeal(fixture(name))).toEqual(UNSIGNED);
  });

  it.each([
    { name: "random bytes", bytes: () => new Uint8Array(randomBytes(4096)) },
    { name: "nothing", bytes: () => new Uint8Array(0) },
    {
      name: "a ByteRange with garbage /Contents",
      bytes: () =>
        new Uint8Array(Buffer.from("%PDF-1.7\n1 0 obj << /ByteRange [0 40 60 10] /Contents <00ff00ff> >>\n%%EOF")),
    },
    {
      name: "a seal whose /Contents hex was overwritten",
      bytes: () => {
        const [, length1, start2] = byteRange(sealed);
        const copy = new Uint8Array(sealed);
        copy.fill(0x30, length1 + 1, start2 - 1); // "000…": valid hex, no CMS
        return copy;
      },
    },
  ])("never throws on $name", async ({ bytes }) => {
    expect(await inspectSeal(bytes())).toEqual(UNSIGNED);
  });
});
