import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PDFDocument, PDFName, type PDFObject } from "pdf-lib";
import { afterAll, describe, expect, it } from "vitest";
import { encodePng } from "../testing/encode-png.ts";
import { renderCertificateOfCompletion } from "./certificate-of-completion.ts";
import { flattenDocument } from "./flatten-document.ts";
import { createDevelopmentSealP12, loadSealCredentials } from "./seal-credentials.ts";
import { sealPdf } from "./seal-pdf.ts";

// sealPdf signs a document this process just wrote as an incremental update of its bytes, and any
// other input by rewriting it in full: both must give readers the same objects and a valid seal.

const FIXTURES = new URL("../../../../fixtures/pdfs/", import.meta.url);
const fixture = (name: string) => new Uint8Array(readFileSync(new URL(name, FIXTURES)));
const credentials = loadSealCredentials(createDevelopmentSealP12("Signet Test Seal", "pw"), "pw");
const OPTIONS = { reason: "Signed", name: "Signet", location: "US", signingTime: new Date("2026-11-20T10:30:00Z") };

const scratch = mkdtempSync(join(tmpdir(), "signet-incremental-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
let files = 0;
function run(command: string, args: string[], pdf: Uint8Array): { output: string; status: number | null } {
  const file = join(scratch, `${files++}.pdf`);
  writeFileSync(file, pdf);
  const result = spawnSync(command, [...args, file], { encoding: "utf8" });
  return { output: `${result.stdout}${result.stderr}`, status: result.status };
}

const serialised = (object: PDFObject) => {
  const bytes = new Uint8Array(object.sizeInBytes());
  object.copyBytesInto(bytes, 0);
  return Buffer.from(bytes).toString("latin1");
};

/** Every object as a reader resolves it, by object number; the signature's value and range masked. */
async function objects(pdf: Uint8Array): Promise<Map<string, string>> {
  const document = await PDFDocument.load(pdf, { updateMetadata: false });
  const result = new Map<string, string>();
  for (const [ref, object] of document.context.enumerateIndirectObjects()) {
    result.set(
      ref.toString(),
      serialised(object)
        .replace(/\/Contents <[0-9a-fA-F]+>/, "/Contents <…>")
        .replace(/\/ByteRange \[[^\]]*\]/, "/ByteRange […]"),
    );
  }
  const { Root, Info, ID } = document.context.trailerInfo;
  result.set("trailer", `${Root} ${Info} ${ID}`);
  return result;
}

const png = encodePng(40, 12, (x, y) => [20, 30, 120, (x + y) % 3 === 0 ? 255 : 0], { alpha: true });
const cases = [
  { name: "pdflatex-4-pages.pdf", write: () => flattenDocument(fixture("pdflatex-4-pages.pdf"), fills()) },
  // a form with fields: the AcroForm exists and /Fields is extended
  { name: "libreoffice-form.pdf", write: () => flattenDocument(fixture("libreoffice-form.pdf"), fills()) },
  // PDF/A-1B: header version and a classic cross-reference table kept
  {
    name: "minimal-document-pdfa-1b.pdf",
    write: () => flattenDocument(fixture("minimal-document-pdfa-1b.pdf"), fills()),
  },
  {
    name: "a certificate of completion",
    write: () =>
      renderCertificateOfCompletion({
        package: {
          id: "p",
          shortId: "P1",
          name: "Loan",
          organizationName: "Org",
          status: "COMPLETED",
          sentAt: null,
          completedAt: null,
          timeZone: "UTC",
        },
        documents: [],
        participants: [],
        events: [],
        chain: { valid: true, events: 0, lastHash: null },
        generatedAt: "2026-11-20T10:31:00.000Z",
      }),
  },
];
function fills() {
  return [
    { kind: "text" as const, page: 1, x: 72, y: 700, width: 200, height: 20, text: "Ada Okafor" },
    { kind: "image" as const, page: 1, x: 300, y: 700, width: 80, height: 24, png },
  ];
}

describe("sealing a document this process wrote", () => {
  it.each(cases)(
    "$name: appends the seal to the written bytes, with the objects a full rewrite has",
    async ({ write }) => {
      const written = await write();
      // a copy is not the array the writer handed over: sealPdf parses it and rewrites it in full
      const rewritten = await sealPdf(new Uint8Array(written), credentials, OPTIONS);
      const appended = await sealPdf(written, credentials, OPTIONS);

      expect(Buffer.from(appended.subarray(0, written.length)).equals(Buffer.from(written))).toBe(true);
      const eofs = (pdf: Uint8Array) => Buffer.from(pdf).toString("latin1").match(/%%EOF/g)?.length;
      expect(eofs(rewritten)).toBe(1);
      expect(eofs(appended)).toBe(2);
      expect(Buffer.from(appended).toString("latin1")).not.toMatch(/\/Type\s*\/XRef\b/);

      expect(await objects(appended)).toEqual(await objects(rewritten));
      for (const pdf of [appended, rewritten]) {
        const report = run("pdfsig", [], pdf).output;
        expect(report).toContain("Signature Validation: Signature is Valid.");
        expect(report).toContain("Total document signed");
        const check = run("qpdf", ["--check"], pdf);
        expect(check.output).toContain("No syntax or stream encoding errors found");
        expect(check.output).not.toContain("WARNING");
        expect(check.status).toBe(0);
      }
      // the widget is on the first page and in the form's fields
      const document = await PDFDocument.load(appended);
      const annots = document.getPage(0).node.Annots();
      expect(annots?.size()).toBeGreaterThan(0);
      expect(document.getForm().acroForm.dict.has(PDFName.of("SigFlags"))).toBe(true);
    },
  );

  it("rewrites bytes changed after they were written instead of appending to them", async () => {
    const written = await flattenDocument(fixture("pdflatex-4-pages.pdf"), fills());
    // a byte inside a comment-free spot: the trailing newline after %%EOF is not there, so flip
    // the header's binary marker comment, which readers ignore
    written[10] = written[10] === 0x81 ? 0x82 : 0x81;
    const sealed = await sealPdf(written, credentials, OPTIONS);
    expect(Buffer.from(sealed).toString("latin1").match(/%%EOF/g)).toHaveLength(1);
    expect(run("pdfsig", [], sealed).output).toContain("Signature Validation: Signature is Valid.");
  });
});
