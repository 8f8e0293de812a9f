import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import fontkit from "@pdf-lib/fontkit";
import { PDFDict, PDFDocument, type PDFFont, PDFName } from "pdf-lib";
import { afterAll, describe, expect, it } from "vitest";
import { flattenDocument } from "./flatten-document.ts";
import { embedUnicodeFont, encodedText, printable, textUnits, unicodeFontBytes, widthOfText } from "./unicode-font.ts";

const FIXTURES = new URL("../../../../fixtures/pdfs/", import.meta.url);
const fixture = (name: string) => new Uint8Array(readFileSync(new URL(name, FIXTURES)));
const scratch = mkdtempSync(join(tmpdir(), "signet-unicode-font-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const SAMPLES = [
  'Harbor Freight Logistics, LN-2024-004211 ("office" ffi fl AV Wa)',
  "Zażółć gęślą jaźń – Işık Ğüneş Bankası A.Ş. ½ № €",
  "Ελληνικά Русский текст",
  "王小明 の 契約書、東京都（ＡＢＣ）",
  // Hangul, a combining accent and a zero-width joiner take fontkit's full layout
  "한국어 e\u0301 a\u200db",
];

describe("embedUnicodeFont", () => {
  it("measures and encodes every string as fontkit's full layout does", async () => {
    const fast = await PDFDocument.create();
    const fastFont = await embedUnicodeFont(fast);
    const reference = await PDFDocument.create();
    reference.registerFontkit(fontkit);
    const referenceFont = await reference.embedFont(await unicodeFontBytes(), { subset: true });
    for (const text of SAMPLES) {
      expect(fastFont.widthOfTextAtSize(text, 11)).toBe(referenceFont.widthOfTextAtSize(text, 11));
      expect(fastFont.encodeText(text).toString()).toBe(referenceFont.encodeText(text).toString());
    }
  });

  it("encodes with encodedText exactly what pdf-lib encodes, and writes fontkit's subset to the byte", async () => {
    // a compound glyph ("ś" is "s" and an accent) brings its components into the subset
    for (const texts of [SAMPLES, ["śżü"], ["a"]]) {
      const fast = await PDFDocument.create();
      const fastFont = await embedUnicodeFont(fast);
      const reference = await PDFDocument.create();
      reference.registerFontkit(fontkit);
      const referenceFont = await reference.embedFont(await unicodeFontBytes(), { subset: true });
      for (const text of texts) expect(encodedText(fastFont, text)).toBe(referenceFont.encodeText(text).toString());
      const program = (font: PDFFont) =>
        (font as unknown as { embedder: { serializeFont(): Promise<Uint8Array> } }).embedder.serializeFont();
      expect(Buffer.from(await program(fastFont)).equals(Buffer.from(await program(referenceFont)))).toBe(true);
    }
  });

  it("measures a text piece by piece as widthOfText measures it whole", async () => {
    const font = await embedUnicodeFont(await PDFDocument.create());
    const words = "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) Zażółć gęślą 王小明".split(" ");
    let units = textUnits(font, words[0]!)!;
    for (const word of words.slice(1)) units = textUnits(font, ` ${word}`, units)!;
    expect(units * (7 / 1000)).toBe(widthOfText(font, words.join(" "), 7));
    expect(textUnits(font, "한국어")).toBeNull();
  });

  it("measures with widthOfText exactly what pdf-lib measures", async () => {
    const font = await embedUnicodeFont(await PDFDocument.create());
    for (const text of [...SAMPLES, "a", "", "0123456789abcdef".repeat(4)]) {
      for (const size of [6.5, 7, 8.5, 11, 13])
        expect(widthOfText(font, text, size)).toBe(font.widthOfTextAtSize(text, size));
    }
  });

  it("keeps each character readable in a document drawn after one whose subset reused its glyph", async () => {
    // "ś" is drawn from the glyph of "s": the first document's subset reads "s" as a component only
    const box = { page: 1, x: 72, y: 72, width: 300, height: 24 };
    await flattenDocument(fixture("minimal-document.pdf"), [{ kind: "text", ...box, text: "śżü" }]);
    const second = await flattenDocument(fixture("minimal-document.pdf"), [{ kind: "text", ...box, text: "szu" }]);
    const file = join(scratch, "second.pdf");
    writeFileSync(file, second);
    expect(execFileSync("pdftotext", [file, "-"]).toString("utf8")).toContain("szu");
  });
});

/** A full collection, after the current job: V8 keeps a WeakRef's target alive until the job that made it ends. */
async function collectGarbage() {
  setFlagsFromString("--expose-gc");
  const gc = runInNewContext("gc") as () => void;
  for (let round = 0; round < 3; round++) {
    await new Promise((resolve) => setTimeout(resolve, 0));
    gc();
  }
}

describe("the names of finished documents", () => {
  // Found by the soak (docs/operations/soak.md): pdf-lib kept every PDFName it ever made in a
  // module-level pool, and each subset's tag is a new name ("ABCDEF+WenQuanYiMicroHei"), as is
  // each subset font of an uploaded file when it is parsed. The API's heap grew by one name per
  // consent PDF for as long as it ran. pdf-lib is patched (patches/pdf-lib@1.17.1.patch) to hold
  // them weakly: a name lives while a document uses it.
  it("are not kept once the documents are gone, made or parsed", async () => {
    // each document in a function of its own: a suspended async function keeps its locals
    const subsetTagOf = async (text: string) => {
      const box = { page: 1, x: 72, y: 72, width: 300, height: 24 };
      const flattened = await flattenDocument(fixture("minimal-document.pdf"), [{ kind: "text", ...box, text }]);
      const parsed = await PDFDocument.load(flattened);
      const tag = parsed.context
        .enumerateIndirectObjects()
        .map(([, object]) => (object instanceof PDFDict ? object.get(PDFName.of("BaseFont")) : undefined))
        .find((name): name is PDFName => name instanceof PDFName && name.asString().includes("+WenQuanYi"));
      expect(tag).toBeDefined();
      return new WeakRef(tag!);
    };
    const names: WeakRef<PDFName>[] = [];
    for (const text of ["Ada Okafor", "Ben Okafor", "Zażółć gęślą"]) names.push(await subsetTagOf(text));
    await collectGarbage();
    expect(names.map((name) => name.deref()?.toString() ?? null)).toEqual([null, null, null]);
  });

  it("are the same object while a document holds them", async () => {
    const document = await PDFDocument.create();
    const name = `Soak${Date.now()}`;
    document.catalog.set(PDFName.of(name), PDFName.of("Kept"));
    await collectGarbage();
    expect(document.catalog.get(PDFName.of(name))).toBe(PDFName.of("Kept"));
  });
});

describe("printable", () => {
  it.each([
    ["text in the font as it is", "Zażółć gęślą jaźń – 王小明 №", {}, "Zażółć gęślą jaźń – 王小明 №"],
    ["line breaks and tabs as spaces", "a\r\nb\tc\nd", {}, "a b c d"],
    ["line breaks kept when asked, tabs as spaces", "a\r\nb\tc\rd", { keepNewlines: true }, "a\nb c\nd"],
    ["an emoji (a surrogate pair) as one ?", "ok 😀 ok", {}, "ok ? ok"],
    ["a control character as ?", "a\u0007b", {}, "a?b"],
    ["a lone surrogate as ?", "a\ud800b", {}, "a?b"],
    ["a character the font lacks as ?", "a\u0d15b", {}, "a?b"],
  ])("gives %s", async (_case, text, options, expected) => {
    const font = await embedUnicodeFont(await PDFDocument.create());
    expect(printable(font, text, options)).toBe(expected);
  });
});
