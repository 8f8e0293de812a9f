import { execFileSync } from "node:child_process";
import { generateKeyPairSync } from "node:crypto";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import fs from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { MAX_SMART_DOC_BYTES } from "./parse-xml-safely.ts";
import { type SmartDocSigner, validateSmartDoc } from "./validate-smart-doc.ts";
import { viewValueMatches } from "./view-value-matches.ts";

const fixtures = join(import.meta.dirname, "../../../../fixtures/enote");
const fixture = (name: string) => readFileSync(join(fixtures, name));
const text = (name: string) => fixture(name).toString("utf8");
const bytes = (xml: string) => Buffer.from(xml, "utf8");

const ana: SmartDocSigner = { type: "Borrower", roleNumber: 1, givenName: "Ana", familyName: "Rivera" };
const signers = [ana];
const messages = (input: Uint8Array, who: SmartDocSigner[] = signers) =>
  validateSmartDoc(input, { signers: who }).map((problem) => problem.message);

describe("validateSmartDoc", () => {
  it("accepts the valid eNote fixture", () => {
    expect(validateSmartDoc(fixture("valid.xml"), { signers })).toEqual([]);
  });

  it("accepts MISMO 1.02's DOCTYPE line naming the external DTD, without reading it", async () => {
    const readFile = vi.spyOn(fs, "readFile");
    const withDoctype = text("valid.xml").replace(
      '<?xml version="1.0" encoding="UTF-8"?>\n',
      '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE SMART_DOCUMENT SYSTEM "SMART_DOCUMENT_1_02.dtd">\n',
    );
    expect(withDoctype).toContain("<!DOCTYPE SMART_DOCUMENT SYSTEM");
    expect(validateSmartDoc(bytes(withDoctype), { signers })).toEqual([]);
    const publicId = withDoctype.replace(
      'SYSTEM "SMART_DOCUMENT_1_02.dtd"',
      'PUBLIC "-//MISMO//DTD SMART DOCUMENT 1.02//EN" "https://example.com/SMART_DOCUMENT_1_02.dtd"',
    );
    expect(validateSmartDoc(bytes(publicId), { signers })).toEqual([]);
    expect(readFile).not.toHaveBeenCalled();
    readFile.mockRestore();
  });

  it.each([
    ["an internal subset, even empty", '<!DOCTYPE SMART_DOCUMENT SYSTEM "x.dtd" []>'],
    ["an internal subset with an entity", '<!DOCTYPE SMART_DOCUMENT [<!ENTITY a "b">]>'],
    ["two declarations", '<!DOCTYPE SMART_DOCUMENT SYSTEM "x.dtd">\n<!DOCTYPE SMART_DOCUMENT SYSTEM "y.dtd">'],
  ])("still refuses a DOCTYPE with %s", (_name, doctype) => {
    const xml = text("valid.xml").replace(
      '<?xml version="1.0" encoding="UTF-8"?>\n',
      `<?xml version="1.0" encoding="UTF-8"?>\n${doctype}\n`,
    );
    expect(messages(bytes(xml))).toEqual([
      "The XML declares a DOCTYPE or ENTITY: SMART Docs may not (entity expansion and external entities are refused).",
    ]);
  });

  it("accepts an eNote signed by an earlier signer whose signature verifies", () => {
    expect(validateSmartDoc(fixture("signed-by-previous-signer.xml"), { signers })).toEqual([]);
  });

  it.each([
    ["wrong-min-check-digit.xml", "MERS/MERS_MINIdentifier", "The eNote's MIN has a wrong check digit."],
    [
      "view-differs-from-data.xml",
      "VIEW/field[NOTE/NoteAmount]",
      'The VIEW shows "$25,000.00" for NOTE/NoteAmount but the DATA holds "250000.00".',
    ],
    ["script-in-view.xml", "VIEW/content", "The VIEW holds a <script> element."],
    ["event-handler.xml", "VIEW/content", "<h1> in the VIEW has the event handler attribute onclick."],
    [
      "external-image.xml",
      "VIEW/content",
      '<img> in the VIEW refers to an external resource (src="https://tracker.example/pixel.png").',
    ],
    [
      "tampered-signature.xml",
      "SIGNATURES/Signature[1]",
      "Signature 1: the digest of its reference #VIEW-1 does not match the signed content.",
    ],
  ])("%s fails with exactly its own problem", (name, path, message) => {
    expect(validateSmartDoc(fixture(name), { signers })).toEqual([{ path, message }]);
  });

  it.each(["entity-expansion.xml", "external-entity.xml"])(
    "%s is refused before parsing, quickly and without reading any file",
    async (name) => {
      const readFile = vi.spyOn(fs, "readFile");
      const started = performance.now();
      const problems = validateSmartDoc(fixture(name), { signers });
      expect(performance.now() - started).toBeLessThan(200);
      expect(problems).toEqual([
        {
          path: "xml",
          message:
            "The XML declares a DOCTYPE or ENTITY: SMART Docs may not (entity expansion and external entities are refused).",
        },
      ]);
      expect(JSON.stringify(problems)).not.toContain("root:");
      expect(readFile).not.toHaveBeenCalled();
      readFile.mockRestore();
    },
  );

  it("lists every failure of a document with many, not just the first", () => {
    const xml = text("valid.xml")
      .replace('MISMOVersionIdentifier="1.02"', 'MISMOVersionIdentifier="3.4"')
      .replace("<MERS_MINIdentifier>100316212345678906<", "<MERS_MINIdentifier>100316212345678907<")
      .replace(">1003162-1234567890-6<", ">1003162-1234567890-7<")
      .replace(">6.125%<", ">6.25%<")
      .replace("<h1>NOTE</h1>", '<h1 onmouseover="x()">NOTE</h1><script>1</script><a href="javascript:go()">go</a>')
      .replace('<p><a href="#VIEW-1">', '<p style="background: url(https://x.example/a.png)"><a href="#VIEW-1">')
      .replace(
        '<div data-signature-area="BORROWER" data-sequence="1">',
        '<div data-signature-area="BORROWER" data-sequence="1"></div><div data-signature-area="BORROWER" data-sequence="3">',
      );
    const bob: SmartDocSigner = { type: "Co-Borrower", roleNumber: 1, givenName: "Bob", familyName: "Stone" };
    expect(messages(bytes(xml), [ana, bob])).toEqual([
      "SMART Doc version 3.4 is not supported (supported: 1.02).",
      "The eNote's MIN has a wrong check digit.",
      'The VIEW shows "6.25%" for NOTE/NoteRate but the DATA holds "6.125".',
      "The eNote has a signature area for BORROWER 3, who is not a participant of the package.",
      "The VIEW has no signature area for CO-BORROWER 1, a borrower of the package.",
      "<h1> in the VIEW has the event handler attribute onmouseover.",
      "The VIEW holds a <script> element.",
      "<a> in the VIEW has a javascript: URL in href.",
      "The style of <p> in the VIEW loads an external resource (url() or @import).",
    ]);
  });

  it("names a borrower whose name differs from the package's, and a missing MIN", () => {
    const xml = text("valid.xml")
      .replace(/<MERS>[\s\S]*?<\/MERS>/, "")
      .replace('data-mismo-field="MERS/MERS_MINIdentifier"', "");
    expect(messages(bytes(xml), [{ ...ana, givenName: "Anna" }])).toEqual([
      "The eNote has no MIN (DATA/MAIN/MERS/MERS_MINIdentifier).",
      "BORROWER 1 is Ana Rivera in the eNote but Anna Rivera in the package.",
    ]);
  });

  it("reports a missing version, missing parts and an area-less VIEW", () => {
    const xml =
      '<SMART_DOCUMENT><VIEW ID="V"><div xmlns="http://www.w3.org/1999/xhtml">Hello</div></VIEW><DATA><MAIN/></DATA></SMART_DOCUMENT>';
    expect(messages(bytes(xml))).toEqual([
      "The SMART Doc has no MISMOVersionIdentifier.",
      "The SMART Doc has no HEADER.",
      "The SMART Doc has no SIGNATURES.",
      "The eNote has no MIN (DATA/MAIN/MERS/MERS_MINIdentifier).",
      "The VIEW has no borrower signature area.",
      "The VIEW has no signature area for BORROWER 1, a borrower of the package.",
    ]);
  });

  it.each([
    ["<SMART_DOCUMENT><VIEW></SMART_DOCUMENT>", /not well formed/],
    ["not xml at all", /not well formed/],
    ["<a><b></a>", /not well formed/],
    [`${"<d>".repeat(300)}${"</d>".repeat(300)}`, /deeper than 256 levels/],
  ])("refuses malformed or hostile XML: %s", (xml, message) => {
    const problems = validateSmartDoc(bytes(xml.slice(0, 80) === xml ? xml : xml), { signers });
    expect(problems).toHaveLength(1);
    expect(problems[0]!.message).toMatch(message);
  });

  it("refuses more than 5 MB without parsing it", () => {
    const started = performance.now();
    const problems = validateSmartDoc(new Uint8Array(MAX_SMART_DOC_BYTES + 1), { signers });
    expect(problems).toEqual([{ path: "xml", message: "The file is larger than 5 MB." }]);
    expect(performance.now() - started).toBeLessThan(100);
  });

  it("refuses a signature whose certificate is not the key that signed", () => {
    const other = generateKeyPairSync("rsa", { modulusLength: 2048 });
    const pem = other.privateKey.export({ type: "pkcs8", format: "pem" }).toString();
    const keyFile = join(mkdtempSync(join(tmpdir(), "enote-")), "key.pem");
    writeFileSync(keyFile, pem);
    const der = execFileSync("openssl", [
      "req",
      "-x509",
      "-key",
      keyFile,
      "-days",
      "2",
      "-subj",
      "/CN=x",
      "-outform",
      "DER",
    ]);
    const xml = text("signed-by-previous-signer.xml").replace(
      /<ds:X509Certificate>[^<]+</,
      `<ds:X509Certificate>${der.toString("base64")}<`,
    );
    expect(messages(bytes(xml))).toEqual([
      "Signature 1: its signature value does not verify with its certificate's key.",
    ]);
  });
});

describe("viewValueMatches (formatting rules)", () => {
  it.each([
    ["$250,000.00", "250000.00", true],
    ["250000", "250000.00", true],
    ["$250,000.01", "250000.00", false],
    ["$2,50,000.00", "250000.00", false],
    ["6.125%", "6.125", true],
    ["6.125 %", "6.125", true],
    ["6.12%", "6.125", false],
    ["November 24, 2026", "2026-11-24", true],
    ["Nov 24, 2026", "2026-11-24", true],
    ["11/24/2026", "2026-11-24", true],
    ["11/25/2026", "2026-11-24", false],
    ["1003162-1234567890-6", "100316212345678906", true],
    ["Ana  Rivera", "Ana Rivera", true],
    ["ana rivera", "Ana Rivera", false],
    ["ME", "ME", true],
    ["04101", "04101", true],
    ["4101", "04101", false],
  ])("%s shows %s: %s", (shown, data, matches) => {
    expect(viewValueMatches(shown, data)).toBe(matches);
  });
});
