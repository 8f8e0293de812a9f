import { readFileSync } from "node:fs";
import { PDFDocument, PDFName } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { declaredPdfa, keepHeaderVersion, outputIntentComponents } from "./pdfa-conformance.ts";

const FIXTURES = new URL("../../../../fixtures/pdfs/", import.meta.url);
const fixture = (name: string) => new Uint8Array(readFileSync(new URL(name, FIXTURES)));

async function withXmp(xmp: string): Promise<PDFDocument> {
  const document = await PDFDocument.create();
  const stream = document.context.stream(xmp, { Type: "Metadata", Subtype: "XML" });
  document.catalog.set(PDFName.of("Metadata"), document.context.register(stream));
  return document;
}

describe("declaredPdfa", () => {
  it("reads Ghostscript's attribute form", async () => {
    const document = await PDFDocument.load(fixture("minimal-document-pdfa-1b.pdf"), { updateMetadata: false });
    expect(declaredPdfa(document)).toEqual({ part: 1, conformance: "B" });
    expect(outputIntentComponents(document)).toBe(3);
  });

  it.each([
    {
      name: "element form, another prefix",
      xmp: '<rdf:Description xmlns:id="http://www.aiim.org/pdfa/ns/id/"><id:part>2</id:part><id:conformance>u</id:conformance></rdf:Description>',
      expected: { part: 2, conformance: "U" },
    },
    {
      name: "no PDF/A namespace",
      xmp: '<rdf:Description xmlns:pdfaid="http://example.com/"><pdfaid:part>1</pdfaid:part></rdf:Description>',
      expected: null,
    },
    { name: "no part", xmp: '<x xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/"/>', expected: null },
  ])("$name", async ({ xmp, expected }) => {
    expect(declaredPdfa(await withXmp(xmp))).toEqual(expected);
  });

  it("is null for a file without metadata", async () => {
    expect(declaredPdfa(await PDFDocument.load(fixture("minimal-document.pdf")))).toBeNull();
  });
});

describe("keepHeaderVersion", () => {
  const pdf = (version: string) => new TextEncoder().encode(`%PDF-${version}\n%\x81\x81\x81\x81\n1 0 obj`);
  const header = (bytes: Uint8Array) => new TextDecoder().decode(bytes.subarray(0, 8));
  it.each([
    { input: "1.4", pdfa: { part: 1, conformance: "B" }, expected: "%PDF-1.4" },
    { input: "1.7", pdfa: { part: 2, conformance: "B" }, expected: "%PDF-1.7" },
    { input: "1.4", pdfa: null, expected: "%PDF-1.7" },
    { input: "2.0", pdfa: null, expected: "%PDF-2.0" },
  ])("a $input input (PDF/A: $pdfa.part) is written as $expected", ({ input, pdfa, expected }) => {
    const written = keepHeaderVersion(pdf("1.7"), pdf(input), pdfa);
    expect(header(written)).toBe(expected);
    expect(written.length).toBe(pdf("1.7").length);
  });
});
