import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { type PrintSetDocument, printSetParts } from "./print-set-order.ts";
import { type PrintSetInput, renderPrintSet } from "./render-print-set.ts";

const FIXTURES = new URL("../../../../../fixtures/pdfs/", import.meta.url);
const fixture = (name: string) => new Uint8Array(readFileSync(new URL(name, FIXTURES)));
const scratch = mkdtempSync(join(tmpdir(), "signet-print-set-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
let files = 0;
/** pdftotext of some pages (1-based, inclusive), whitespace folded */
function text(pdf: Uint8Array, first?: number, last?: number): string {
  const file = join(scratch, `${files++}.pdf`);
  writeFileSync(file, pdf);
  const range = first ? ["-f", String(first), "-l", String(last ?? first)] : [];
  const result = spawnSync("pdftotext", [...range, file, "-"], { encoding: "utf8" });
  return result.stdout.replace(/\s+/g, " ");
}
/** pdftotext -bbox of page 1: each word with its position, to check the envelope windows */
function words(pdf: Uint8Array): { word: string; xMin: number; yMin: number; yMax: number }[] {
  const file = join(scratch, `${files++}.pdf`);
  writeFileSync(file, pdf);
  const html = spawnSync("pdftotext", ["-bbox", "-f", "1", "-l", "1", file, "-"], { encoding: "utf8" }).stdout;
  return [...html.matchAll(/xMin="([\d.]+)" yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">([^<]*)</g)].map((m) => ({
    xMin: Number(m[1]),
    yMin: Number(m[2]),
    yMax: Number(m[3]),
    word: m[4]!,
  }));
}

const address = (name: string, line1: string) => ({
  name,
  company: null,
  line1,
  line2: null,
  city: "Dayton",
  state: "OH",
  postalCode: "45402",
  country: "US",
});

function input(overrides: Partial<PrintSetInput> = {}): PrintSetInput {
  return {
    organizationName: "Demo Lending",
    packageName: "Refinance — Borrower",
    recipient: address("José Borrower", "12 Elm Street"),
    returnAddress: address("Closing Department", "100 Main Street"),
    businessReturnEnvelope: {
      permitNumber: "12345",
      imb: "00040123456200000001627041234",
      address: address("Demo Lending Returns", "PO Box 77"),
    },
    reasonSentence: "You chose to sign on paper.",
    documents: [
      {
        name: "Closing Disclosure",
        executionType: "E_SIGN",
        signPages: [1],
        numPages: 1,
        bytes: fixture("minimal-document.pdf"),
      },
      {
        name: "Deed of Trust",
        executionType: "PAPER",
        signPages: [2, 4],
        numPages: 4,
        bytes: fixture("pdflatex-4-pages.pdf"),
      },
    ],
    stips: [{ name: "Copy of photo ID", description: "front and back", required: true }],
    paperOrder: "AFTER_ESIGN",
    stipsOrder: "AFTER_ESIGN",
    date: new Date("2026-11-24T12:00:00Z"),
    ...overrides,
  };
}

describe("printSetParts", () => {
  const docs: PrintSetDocument[] = [
    { name: "A", executionType: "E_SIGN", signPages: [], numPages: 1 },
    { name: "P", executionType: "PAPER", signPages: [], numPages: 1 },
    { name: "B", executionType: "VIEW_ONLY", signPages: [], numPages: 1 },
  ];
  const names = (paperOrder: "AFTER_ESIGN" | "BEFORE_ESIGN", stipsOrder: "AFTER_ESIGN" | "BEFORE_ESIGN") =>
    printSetParts(docs, { paperOrder, stipsOrder, hasStips: true, hasReturnEnvelope: true }).map((part) =>
      part.kind === "document" ? docs[part.index]!.name : part.kind,
    );
  it.each([
    ["AFTER_ESIGN", "AFTER_ESIGN", ["cover-letter", "instructions", "A", "B", "stips", "P", "return-envelope"]],
    ["BEFORE_ESIGN", "AFTER_ESIGN", ["cover-letter", "instructions", "P", "A", "B", "stips", "return-envelope"]],
    ["AFTER_ESIGN", "BEFORE_ESIGN", ["cover-letter", "instructions", "stips", "A", "B", "P", "return-envelope"]],
    ["BEFORE_ESIGN", "BEFORE_ESIGN", ["cover-letter", "instructions", "P", "stips", "A", "B", "return-envelope"]],
  ] as const)("paperOrder %s, stipsOrder %s", (paperOrder, stipsOrder, expected) => {
    expect(names(paperOrder, stipsOrder)).toEqual(expected);
  });
  it("leaves out the stips sheet and the envelope sheet when there are none", () => {
    const parts = printSetParts(docs, {
      paperOrder: "AFTER_ESIGN",
      stipsOrder: "AFTER_ESIGN",
      hasStips: false,
      hasReturnEnvelope: false,
    });
    expect(parts.map((part) => part.kind)).toEqual([
      "cover-letter",
      "instructions",
      "document",
      "document",
      "document",
    ]);
  });
});

describe("renderPrintSet", () => {
  it("puts the documents in paperOrder between the letter, instructions and return sheet", async () => {
    const after = await renderPrintSet(input());
    // letter, instructions, 1 + 4 document pages, stips, envelope sheet
    const electronicPages = after.parts.find((part) => part.title === "Closing Disclosure")!.pageCount;
    expect(electronicPages).toBe(1);
    expect(after.pageCount).toBe(2 + 1 + 4 + 1 + 1);
    expect(after.parts.map((part) => part.title)).toEqual([
      "Cover letter",
      "Signing instructions",
      "Closing Disclosure",
      "Supporting documents to include",
      "Deed of Trust",
      "Business return envelope",
    ]);
    const before = await renderPrintSet(input({ paperOrder: "BEFORE_ESIGN" }));
    expect(before.parts.map((part) => part.title).slice(2, 5)).toEqual([
      "Deed of Trust",
      "Closing Disclosure",
      "Supporting documents to include",
    ]);
    // the Deed of Trust's own pages come right after the instructions
    expect(text(before.bytes, 3, 6)).toBe(text(fixture("pdflatex-4-pages.pdf")));
  });

  it("writes the letter, instructions, stips and return envelope in words a recipient reads", async () => {
    const set = await renderPrintSet(input());
    const letter = text(set.bytes, 1);
    expect(letter).toContain("José Borrower");
    expect(letter).toContain("Demo Lending sends you the documents of “Refinance — Borrower” on paper.");
    const instructions = text(set.bytes, 2);
    const deed = set.parts.find((part) => part.title === "Deed of Trust")!;
    expect(instructions).toContain(
      `Deed of Trust (pages ${deed.firstPage}–${deed.firstPage + 3} of this set): sign on pages 2, 4 of the document.`,
    );
    expect(instructions).toContain("Mail the signed pages to: Demo Lending Returns, PO Box 77, Dayton OH 45402.");
    expect(text(set.bytes, set.parts[3]!.firstPage)).toContain("Copy of photo ID — front and back");
    const envelope = text(set.bytes, set.pageCount);
    expect(envelope).toContain("FIRST-CLASS MAIL PERMIT NO. 12345");
    expect(envelope).toContain("IMb 00040123456200000001627041234");
  });

  it("places the recipient's address inside the #10 envelope's recipient window", async () => {
    const set = await renderPrintSet(input());
    const placed = words(set.bytes);
    // pdftotext measures from the top of the page, in points
    const windowTop = 2 * 72;
    const windowBottom = windowTop + 1.125 * 72;
    const windowLeft = 0.875 * 72;
    const windowRight = windowLeft + 4.5 * 72;
    for (const word of ["José", "Borrower", "Elm", "45402"]) {
      const found = placed.find((candidate) => candidate.word === word && candidate.yMin > windowTop - 1);
      expect(found, word).toBeDefined();
      expect(found!.yMin).toBeGreaterThanOrEqual(windowTop);
      expect(found!.yMax).toBeLessThanOrEqual(windowBottom);
      expect(found!.xMin).toBeGreaterThanOrEqual(windowLeft);
      expect(found!.xMin).toBeLessThan(windowRight);
    }
    // the return address sits in the return window (3/8" from the left, 1/2" to 1 1/2" from the top)
    const closing = placed.find((candidate) => candidate.word === "Closing")!;
    expect(closing.yMin).toBeGreaterThanOrEqual(0.5 * 72);
    expect(closing.yMax).toBeLessThanOrEqual(1.5 * 72);
  });
});
