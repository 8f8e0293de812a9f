import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fontkit from "@pdf-lib/fontkit";
import fc from "fast-check";
import { PDFDocument, type PDFFont } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { embedUnicodeFont, unicodeFontBytes } from "./unicode-font.ts";

// truetype-subset.ts (through unicode-font.ts) against the library it replaces, fontkit's subsetter
// (docs/adr/0001-truetype-subset.md): for generated strings over the font's characters, fontkit
// parses both subsets and each drawn glyph must have the same id, advance width and outline; and the
// PDF drawn with our subset must read back, through poppler, as the string drawn.

const scratch = mkdtempSync(join(tmpdir(), "signet-truetype-property-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Characters the font covers that a text extractor reads back as themselves: letters, digits, punctuation, symbols. */
let characters: string[] = [];
/** the font as fontkit parses it, once: parsing 4.6 MB for each run was most of the property's time */
let parsed: ReturnType<typeof fontkit.create>;
beforeAll(async () => {
  const font = fontkit.create(await unicodeFontBytes());
  parsed = font;
  characters = font.characterSet
    .map((code) => String.fromCodePoint(code))
    .filter((char) => /^[\p{L}\p{N}\p{P}\p{S}]$/u.test(char) && char.normalize("NFKC") === char)
    .filter((char) => font.glyphForCodePoint(char.codePointAt(0)!).id !== 0);
});

/** fontkit's Path keeps its drawing commands in a field its types leave out */
const commands = (glyph: { path: unknown }) => (glyph.path as { commands: unknown[] }).commands;

const subsetProgram = (font: PDFFont) =>
  (font as unknown as { embedder: { serializeFont(): Promise<Uint8Array> } }).embedder.serializeFont();

/** The glyph ids pdf-lib draws the text with, from the hex it writes into the content stream. */
const glyphIds = (font: PDFFont, text: string) =>
  (font.encodeText(text).toString().slice(1, -1).match(/.{4}/g) ?? []).map((hex) => Number.parseInt(hex, 16));

/** Strings of 1–12 words of 1–8 characters drawn from the covered set (indices drawn, so shrinking works). */
const generatedLines = fc.array(
  fc.array(fc.array(fc.nat(), { minLength: 1, maxLength: 8 }), { minLength: 1, maxLength: 12 }),
  { minLength: 1, maxLength: 3 },
);

// a failure's shrinking re-runs the property many times: stop it in time for the test to report it
const BOUNDED = { interruptAfterTimeLimit: 45_000, markInterruptAsFailure: true };

describe("the TrueType subset writer (property: fontkit's subset)", () => {
  it("keeps each drawn glyph's id, advance width and outline, and draws text that reads back", async () => {
    await fc.assert(
      fc.asyncProperty(generatedLines, async (indices) => {
        const lines = indices.map((words) =>
          words.map((word) => word.map((index) => characters[index % characters.length]).join("")).join(" "),
        );
        const document = await PDFDocument.create();
        const ours = await embedUnicodeFont(document);
        const reference = await PDFDocument.create();
        reference.registerFontkit({ create: () => parsed });
        const library = await reference.embedFont(await unicodeFontBytes(), { subset: true });
        const page = document.addPage([2000, 400]);
        lines.forEach((line, row) => {
          page.drawText(line, { font: ours, size: 10, x: 10, y: 380 - row * 20 });
          library.encodeText(line);
        });

        const ourSubset = fontkit.create(Buffer.from(await subsetProgram(ours)));
        const librarySubset = fontkit.create(Buffer.from(await subsetProgram(library)));
        expect(ourSubset.numGlyphs).toBe(librarySubset.numGlyphs);
        for (const line of lines) {
          const ids = glyphIds(ours, line);
          expect(ids).toEqual(glyphIds(library, line));
          for (const id of ids) {
            const glyph = ourSubset.getGlyph(id);
            const expected = librarySubset.getGlyph(id);
            expect(glyph.advanceWidth).toBe(expected.advanceWidth);
            expect(commands(glyph)).toEqual(commands(expected));
          }
        }

        const file = join(scratch, "drawn.pdf");
        writeFileSync(file, await document.save());
        const text = execFileSync("pdftotext", ["-layout", "-enc", "UTF-8", file, "-"]).toString("utf8");
        const read = text
          .split("\n")
          .map((line) => line.trim().replace(/ +/g, " "))
          .filter(Boolean);
        expect(read).toEqual(lines);
      }),
      { numRuns: 25, seed: 37, ...BOUNDED },
    );
  }, 60_000); // about 3–13 s alone; the margin is for a loaded CI machine
});
