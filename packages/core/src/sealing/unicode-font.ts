import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { PDFArray, PDFDict, type PDFDocument, type PDFFont, PDFName, PDFNumber, PDFRawStream, PDFRef } from "pdf-lib";
import { readTrueType, type TrueTypeSource, writeTrueTypeSubset } from "./truetype-subset.ts";

// The standard 14 fonts are not embedded (PDF/A forbids that) and only encode WinAnsi, so names in
// Polish, Turkish or Chinese printed as "?". One Unicode TrueType font, shipped with the project and
// embedded as a subset, covers them all (assets/fonts/README.md says why this one).
// from the sources (src/sealing/) or from the compiled package (dist/index.js, scripts/build-server.mjs)
const FONT_FILE =
  [
    new URL("../../assets/fonts/WenQuanYiMicroHei.ttf", import.meta.url),
    new URL("../assets/fonts/WenQuanYiMicroHei.ttf", import.meta.url),
  ].find((candidate) => existsSync(candidate)) ?? new URL("../../assets/fonts/WenQuanYiMicroHei.ttf", import.meta.url);
const POSTSCRIPT_NAME = "WenQuanYiMicroHei";

let fontBytes: Promise<Uint8Array> | undefined;
/** every embedding of the one font has the same characters: compute them once */
let characterSet: ReadonlySet<number> | undefined;
let metrics: Promise<VerticalMetrics> | undefined;
let fontkitModule: Promise<Fontkit> | undefined;

/**
 * fontkit, loaded on the first PDF that draws text: with its Unicode tables and shapers it costs
 * 30 MB and most of a second, which a start (and a process that never draws a PDF) need not pay.
 */
function loadFontkit(): Promise<Fontkit> {
  fontkitModule ??= import("@pdf-lib/fontkit").then(
    (module) => module.default,
    (error: unknown) => {
      fontkitModule = undefined;
      throw error;
    },
  );
  return fontkitModule;
}

/** The font's ascender and descender (negative) in ems, as the PDF's font descriptor states them. */
export interface VerticalMetrics {
  ascent: number;
  descent: number;
}

/** The font file, read once per process (4.6 MB: not worth reading for every PDF). */
export function unicodeFontBytes(): Promise<Uint8Array> {
  fontBytes ??= readFile(FONT_FILE).then(
    (buffer) => new Uint8Array(buffer),
    (error: unknown) => {
      // a failed read (a deploy without the assets folder) must not stick: the next call tries again
      fontBytes = undefined;
      throw error;
    },
  );
  return fontBytes;
}

/**
 * pdf-lib's heightAtSize(size, { descender: false }) subtracts the descender in font units from a
 * height in thousandths of an em, which is wrong for any font whose units are not 1000 per em (this
 * one has 2048): measure the baseline from the font's own table instead.
 */
export function unicodeFontMetrics(): Promise<VerticalMetrics> {
  metrics ??= Promise.all([unicodeFontBytes(), loadFontkit()]).then(([bytes, fontkit]) => {
    const font = fontkit.create(bytes);
    return { ascent: font.ascent / font.unitsPerEm, descent: font.descent / font.unitsPerEm };
  });
  return metrics;
}

/** Embeds the Unicode font into the document; only the glyphs drawn end up in the file. */
export async function embedUnicodeFont(document: PDFDocument): Promise<PDFFont> {
  const [bytes, fontkit] = await Promise.all([unicodeFontBytes(), loadFontkit()]);
  const font = documentFont(fontkit, bytes);
  // pdf-lib asks the registered fontkit to parse the bytes it embeds: hand it the font parsed once
  document.registerFontkit({
    create: (buffer, postscriptName) => (buffer === bytes ? font : fontkit.create(buffer, postscriptName)),
  });
  const embedded = await document.embedFont(bytes, { subset: true });
  unicodeFonts.add(embedded);
  writeSubsetDirectly(embedded, bytes);
  return embedded;
}

/** pdf-lib's subset embedder, which PDFFont keeps private */
interface SubsetEmbedder {
  subset: { glyphs: number[]; includeGlyph(glyph: number): number };
  serializeFont(): Promise<Uint8Array>;
}
let trueTypeSource: TrueTypeSource | undefined;
/** each Unicode font's subset program, as written into its document */
const subsetPrograms = new WeakMap<PDFFont, Uint8Array>();

/**
 * The embedder has fontkit write the subset when the document is flushed: have it written from the
 * file's bytes instead (truetype-subset.ts, the same bytes), and keep it for finishFontSubset.
 */
function writeSubsetDirectly(font: PDFFont, bytes: Uint8Array): void {
  trueTypeSource ??= readTrueType(bytes);
  const source = trueTypeSource;
  const embedder = (font as unknown as { embedder: SubsetEmbedder }).embedder;
  const { subset } = embedder;
  embedder.serializeFont = async () => {
    const program = writeTrueTypeSubset(source, subset.glyphs, (glyph) => subset.includeGlyph(glyph));
    subsetPrograms.set(font, program);
    return program;
  };
}

const unicodeFonts = new WeakSet<PDFFont>();
/** the Unicode font's advance widths per character, in thousandths of an em (the same in every document) */
const advanceWidths = new Map<number, number>();

/**
 * font.widthOfTextAtSize(text, size), to the same bit, without going through fontkit for every
 * string: the certificate's word wrap measures thousands of them, mostly of the same few dozen
 * characters. For the Unicode font (from embedUnicodeFont) and text it draws one glyph per
 * character, the width is the sum of the characters' widths, added in the same order as pdf-lib.
 */
export function widthOfText(font: PDFFont, text: string, size: number): number {
  const units = textUnits(font, text);
  return units === null ? font.widthOfTextAtSize(text, size) : units * (size / 1000);
}

/**
 * widthOfText's sum of advance widths (thousandths of an em) for `text`, continued from `from`, the
 * sum for the text before it: the same additions in the same order, so a line measured word by word
 * comes to the same bits as measured whole. null when the text takes fontkit's layout.
 */
export function textUnits(font: PDFFont, text: string, from = 0): number | null {
  if (!unicodeFonts.has(font) || !CMAP_ONLY.test(text)) return null;
  let total = from;
  for (const char of text) {
    const code = char.codePointAt(0)!;
    let width = advanceWidths.get(code);
    if (width === undefined) {
      width = font.widthOfTextAtSize(char, 1000);
      advanceWidths.set(code, width);
    }
    total += width;
  }
  return total;
}

/** each Unicode font's glyph codes per character, as hex (a subset numbers its glyphs in order of first use) */
const glyphCodes = new WeakMap<PDFFont, Map<number, string>>();

/**
 * font.encodeText(text) as content stream text (a hex string), without fontkit and pdf-lib's
 * per-string work for text whose glyphs are the cmap's one per character: each character is
 * encoded (and added to the subset) once per document.
 */
export function encodedText(font: PDFFont, text: string): string {
  if (!unicodeFonts.has(font) || !CMAP_ONLY.test(text)) return font.encodeText(text).toString();
  let codes = glyphCodes.get(font);
  if (!codes) {
    codes = new Map();
    glyphCodes.set(font, codes);
  }
  let hex = "<";
  for (const char of text) {
    const code = char.codePointAt(0)!;
    let glyph = codes.get(code);
    if (glyph === undefined) {
      // "<xxxx>": one glyph
      glyph = font.encodeText(char).toString().slice(1, -1);
      codes.set(code, glyph);
    }
    hex += glyph;
  }
  return `${hex}>`;
}

type Fontkit = Parameters<PDFDocument["registerFontkit"]>[0];
type FontkitFont = ReturnType<Fontkit["create"]>;
let parsedFont: FontkitFont | undefined;

/**
 * The font for one document. The file is parsed once per process and its tables decoded once
 * (fontkit keeps them in one object that this one inherits); the glyph objects stay per document,
 * because fontkit caches a glyph with the characters of its first use, and a subset that pulls in
 * "s" as a component of "ś" would otherwise leave "s" without its character (and out of the
 * ToUnicode map) in every later document.
 *
 * pdf-lib measures and encodes every string through fontkit's full OpenType layout (script
 * detection, shaping plan, the GPOS kerning lookups over every glyph), yet keeps only the glyphs:
 * their ids and plain advance widths. That layout was most of the cost of sealing (the certificate's
 * word wrap measures thousands of strings). This font's GSUB has no features, so for scripts
 * fontkit shapes with its default shaper the glyphs are exactly the cmap's, one per character:
 * those strings skip the layout. Other scripts (Hangul, Arabic, Indic), combining marks and
 * default-ignorable characters (which the layout swaps for a space) still take the full layout.
 */
function documentFont(fontkit: Fontkit, bytes: Uint8Array): FontkitFont {
  parsedFont ??= fontkit.create(bytes);
  const font: FontkitFont = Object.create(parsedFont, { _glyphs: { value: {} } });
  const layout = parsedFont.layout;
  font.layout = (text, features) =>
    CMAP_ONLY.test(text)
      ? ({ glyphs: font.glyphsForString(text) } as ReturnType<FontkitFont["layout"]>)
      : layout.call(font, text, features);
  return font;
}

/**
 * Latin (with Latin-1 but the soft hyphen, Extended-A/B, IPA and spacing modifiers), Greek, Cyrillic,
 * general punctuation but the invisible controls, currency, letterlike and number forms, arrows,
 * technical symbols, CJK punctuation, kana, bopomofo, CJK ideographs and fullwidth forms.
 */
const CMAP_ONLY =
  /^[\u0020-\u007e\u00a0-\u00ac\u00ae-\u02ff\u0370-\u052f\u2010-\u2027\u2030-\u205e\u20a0-\u20cf\u2100-\u23ff\u3000-\u312f\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff01-\uff9f\uffe0-\uffee]*$/;

/**
 * The text as the Unicode font (from embedUnicodeFont) can draw it on one line: line breaks and tabs become spaces, characters
 * without a glyph (emoji, scripts the font lacks, controls) become "?" rather than the font's
 * empty .notdef box, which PDF/A-2 forbids and readers cannot tell from a space.
 */
export function printable(font: PDFFont, text: string, options: { keepNewlines?: boolean } = {}): string {
  characterSet ??= new Set(font.getCharacterSet());
  const covered = characterSet;
  const flat = options.keepNewlines
    ? text.replace(/\r\n?/g, "\n").replace(/\t/g, " ")
    : text.replace(/[\r\n\t]+/g, " ");
  // most text is all in the font: check it a UTF-16 unit at a time and hand it back as it is
  coveredUnits ??= unitsIn(covered);
  let clean = true;
  for (let index = 0; index < flat.length && clean; index++) {
    const unit = flat.charCodeAt(index);
    clean = coveredUnits[unit] === 1 || (unit === 0x0a && options.keepNewlines === true);
  }
  if (clean) return flat;
  return Array.from(flat, (char) =>
    (char === "\n" && options.keepNewlines) || covered.has(char.codePointAt(0)!) ? char : "?",
  ).join("");
}

/** 1 for each code unit that is a character of the font on its own (surrogates never are). */
let coveredUnits: Uint8Array | undefined;
function unitsIn(characters: ReadonlySet<number>): Uint8Array {
  const units = new Uint8Array(0x10000);
  for (const code of characters) if (code < 0x10000 && (code < 0xd800 || code > 0xdfff)) units[code] = 1;
  return units;
}

/**
 * Completes what pdf-lib leaves out of the embedded subset, once everything is drawn (it flushes
 * the document, so call it last):
 * - the subset tag: ISO 32000 §9.6.4 names a subset "ABCDEF+Name"; pdf-lib writes "Name-1234",
 *   so readers and validators do not see a subset;
 * - /CIDSet: PDF/A-1 (ISO 19005-1 §6.3.5) wants every CIDFont subset to list the CIDs it holds.
 *   pdf-lib draws with CID = glyph id of the subset (/CIDToGIDMap /Identity), and the subset's
 *   glyph ids run from 0 without gaps, so the set is the first numGlyphs CIDs;
 * - /Length1, the font program's length, which TrueType font files require.
 */
export async function finishFontSubset(document: PDFDocument, font: PDFFont): Promise<void> {
  await document.flush();
  const context = document.context;
  const type0 = context.lookupMaybe(font.ref, PDFDict);
  const descendant = type0?.lookupMaybe(PDFName.of("DescendantFonts"), PDFArray)?.lookupMaybe(0, PDFDict);
  const descriptor = descendant?.lookupMaybe(PDFName.of("FontDescriptor"), PDFDict);
  const fileRef = descriptor?.get(PDFName.of("FontFile2"));
  const file = fileRef instanceof PDFRef ? context.lookup(fileRef) : undefined;
  if (!type0 || !descendant || !descriptor || !(file instanceof PDFRawStream)) return;
  // what the flush wrote into the file (compressed), as it was before compression
  const program = subsetPrograms.get(font);
  if (!program) throw new Error("finishFontSubset takes a font from embedUnicodeFont.");

  // the tag only has to differ between different subsets: derive it from the subset itself
  const digest = createHash("sha256").update(program).digest();
  const tag = Array.from(digest.subarray(0, 6), (byte) => String.fromCharCode(65 + (byte % 26))).join("");
  const name = PDFName.of(`${tag}+${POSTSCRIPT_NAME}`);
  type0.set(PDFName.of("BaseFont"), name);
  descendant.set(PDFName.of("BaseFont"), name);
  descriptor.set(PDFName.of("FontName"), name);

  file.dict.set(PDFName.of("Length1"), PDFNumber.of(program.length));
  const glyphs = numGlyphs(program);
  const bits = new Uint8Array(Math.ceil(glyphs / 8));
  for (let cid = 0; cid < glyphs; cid++) bits[cid >> 3]! |= 0x80 >> (cid & 7);
  descriptor.set(PDFName.of("CIDSet"), context.register(context.flateStream(bits)));
}

/** maxp.numGlyphs of a TrueType font program. */
function numGlyphs(program: Uint8Array): number {
  const view = new DataView(program.buffer, program.byteOffset, program.byteLength);
  const tables = view.getUint16(4);
  for (let index = 0; index < tables; index++) {
    const entry = 12 + index * 16;
    if (String.fromCharCode(...program.subarray(entry, entry + 4)) === "maxp") {
      return view.getUint16(view.getUint32(entry + 8) + 4);
    }
  }
  throw new Error("The embedded font program has no maxp table.");
}
