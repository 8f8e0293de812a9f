import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  decodePDFRawStream,
  degrees,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFRawStream,
  type PDFRef,
} from "pdf-lib";
import { afterAll, describe, expect, it } from "vitest";
import { encodePng } from "../testing/encode-png.ts";
import { flattenDocument, type TagFill } from "./flatten-document.ts";
import { embedUnicodeFont } from "./unicode-font.ts";

const FIXTURES = new URL("../../../../fixtures/pdfs/", import.meta.url);
const fixture = (name: string) => new Uint8Array(readFileSync(new URL(name, FIXTURES)));

const scratch = mkdtempSync(join(tmpdir(), "signet-flatten-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
let files = 0;

function pdftotext(pdf: Uint8Array, page: number, ...flags: string[]): string {
  const file = join(scratch, `${files++}.pdf`);
  writeFileSync(file, pdf);
  return execFileSync("pdftotext", [...flags, "-f", String(page), "-l", String(page), file, "-"]).toString("utf8");
}

function words(pdf: Uint8Array, page: number) {
  return [
    ...pdftotext(pdf, page, "-bbox").matchAll(
      /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g,
    ),
  ].map((m) => ({ xMin: Number(m[1]), yMin: Number(m[2]), xMax: Number(m[3]), yMax: Number(m[4]), text: m[5] }));
}

/** A minimal RGB PNG, so tests need no image files. */
function png(width: number, height: number): Uint8Array {
  return encodePng(width, height, () => [0x20, 0x20, 0x20]);
}

/** The operators our flattening appended: the last content stream of the page, decoded. */
async function lastContentStream(pdf: Uint8Array, page: number): Promise<string> {
  const document = await PDFDocument.load(pdf);
  const contents = document.getPage(page - 1).node.Contents();
  const last = contents instanceof PDFArray ? contents.get(contents.size() - 1) : undefined;
  const stream = document.context.lookup(last as PDFRef);
  if (!(stream instanceof PDFRawStream)) throw new Error("no content stream");
  return Buffer.from(decodePDFRawStream(stream).decode()).toString("latin1");
}

const text = (page: number, value: string, box = { x: 72, y: 72, width: 300, height: 24 }): TagFill => ({
  kind: "text",
  page,
  ...box,
  text: value,
});

describe("flattenDocument", () => {
  it("reads the fixtures the repository holds", () => {
    // a fresh clone alone must pass: the fixtures live in the repository, not beside it
    expect(fileURLToPath(FIXTURES)).toBe(fileURLToPath(new URL("../../../../fixtures/pdfs/", import.meta.url)));
    expect(fileURLToPath(FIXTURES)).not.toMatch(/\/shared\//);
    expect(readdirSync(fileURLToPath(FIXTURES))).toEqual(
      expect.arrayContaining(["minimal-document.pdf", "pdfkit.pdf"]),
    );
  });

  it.each([
    { file: "minimal-document.pdf", pages: 1, page: 1 },
    { file: "pdflatex-4-pages.pdf", pages: 4, page: 3 },
    { file: "google-doc-document.pdf", pages: 1, page: 1 },
    { file: "pdfkit.pdf", pages: 1, page: 1 },
    { file: "libreoffice-form.pdf", pages: 1, page: 1 },
  ])("stamps text on page $page of $file and keeps its $pages pages", async ({ file, pages, page }) => {
    const marker = `SIGNETSTAMP${page}X`;
    const out = await flattenDocument(fixture(file), [text(page, marker)]);
    const document = await PDFDocument.load(out);
    expect(document.getPageCount()).toBe(pages);
    expect(pdftotext(out, page)).toContain(marker);
    for (let other = 1; other <= pages; other++) {
      if (other !== page) expect(pdftotext(out, other)).not.toContain(marker);
    }
    // a full rewrite, never an incremental update appended after the original
    expect(Buffer.from(out).toString("latin1").match(/%%EOF/g)).toHaveLength(1);
  });

  it("flattens the existing form fields and keeps their values on the page", async () => {
    const original = await PDFDocument.load(fixture("libreoffice-form.pdf"));
    expect(original.getForm().getFields().length).toBeGreaterThan(0);
    const out = await flattenDocument(fixture("libreoffice-form.pdf"), []);
    const flattened = await PDFDocument.load(out);
    expect(flattened.getForm().getFields()).toHaveLength(0);
    // LibreOffice leaves the value appearances empty (/NeedAppearances true): they must be built
    expect(pdftotext(out, 1)).toContain("Alice");
    expect(pdftotext(out, 1)).toContain("Bob");
    // pdf-lib deletes radio-button widgets but leaves them in /Annots: poppler then calls the file broken
    const file = join(scratch, "flattened-form.pdf");
    writeFileSync(file, out);
    expect(execFileSync("pdfinfo", [file], { stdio: ["ignore", "pipe", "pipe"] }).toString()).toContain("Pages:");
    expect(spawnSync("pdfinfo", [file]).stderr.toString()).toBe("");
  });

  it("adds no form to a document without one", async () => {
    const out = await flattenDocument(fixture("minimal-document.pdf"), [text(1, "Hello")]);
    expect((await PDFDocument.load(out)).catalog.has(PDFName.of("AcroForm"))).toBe(false);
  });

  it("keeps a form whose flattening fails as it is and still stamps", async () => {
    const document = await PDFDocument.create();
    const page = document.addPage([612, 792]);
    const field = document.getForm().createTextField("orphan");
    field.setText("kept");
    field.addToPage(page, { x: 50, y: 700, width: 200, height: 20 });
    // a widget no page lists and without /P: pdf-lib cannot find its page and throws while flattening
    const widget = field.acroField.getWidgets()[0]!;
    widget.dict.delete(PDFName.of("P"));
    page.node.set(PDFName.of("Annots"), document.context.obj([]));
    const bytes = await document.save();
    await expect(async () => (await PDFDocument.load(bytes)).getForm().flatten()).rejects.toThrow();

    const out = await flattenDocument(bytes, [text(1, "STAMPED")]);
    expect(pdftotext(out, 1)).toContain("STAMPED");
    expect(
      (await PDFDocument.load(out))
        .getForm()
        .getFields()
        .map((f) => f.getName()),
    ).toEqual(["orphan"]);
  });

  it("prints Polish, Turkish and Chinese letters and replaces only what the font lacks", async () => {
    const document = await PDFDocument.create();
    document.addPage([612, 792]);
    const out = await flattenDocument(await document.save(), [text(1, "José Łódź Işık 王小明 – ✓ 😀")]);
    const printed = pdftotext(out, 1).replace(/\s+/g, " ");
    expect(printed).toContain("José Łódź Işık 王小明 –");
    // the emoji has no glyph in the font
    expect(printed).toMatch(/– ?✓ \?/);
  });

  it("registers the font once per page however many texts it draws", async () => {
    const fonts = async (pdf: Uint8Array) => {
      const document = await PDFDocument.load(pdf);
      const resources = document.getPage(0).node.Resources();
      return resources?.lookupMaybe(PDFName.of("Font"), PDFDict)?.keys().length ?? 0;
    };
    const before = await fonts(fixture("minimal-document.pdf"));
    const fills = Array.from({ length: 5 }, (_, i) =>
      text(1, `line ${i}`, { x: 72, y: 72 + 30 * i, width: 200, height: 20 }),
    );
    const out = await flattenDocument(fixture("minimal-document.pdf"), fills);
    expect(await fonts(out)).toBe(before + 1);
  });

  it("fits the font to the box height and shrinks it to the box width", async () => {
    const font = await embedUnicodeFont(await PDFDocument.create());
    const out = await flattenDocument(fixture("minimal-document.pdf"), [
      text(1, "Short", { x: 72, y: 100, width: 300, height: 30 }),
      text(1, "A much longer text that cannot fit at full height", { x: 72, y: 200, width: 120, height: 30 }),
    ]);
    const sizes = [...(await lastContentStream(out, 1)).matchAll(/\/\S+ ([\d.]+) Tf/g)].map((m) => Number(m[1]));
    expect(sizes[0]).toBeCloseTo((30 * 0.8) / font.heightAtSize(1), 3);
    const longWidth = font.widthOfTextAtSize("A much longer text that cannot fit at full height", sizes[1]!);
    expect(longWidth).toBeLessThanOrEqual(120);
    expect(longWidth).toBeGreaterThan(110);
  });

  // MediaBox 400×600 and CropBox [50 30 350 530]. pdftotext -bbox reports positions in the turned
  // MediaBox with the origin at its top-left, where the CropBox's displayed top-left corner is:
  it.each([
    { rotation: 0, cropLeft: 50, cropTop: 70 },
    { rotation: 90, cropLeft: 30, cropTop: 50 },
    { rotation: 180, cropLeft: 50, cropTop: 30 },
    { rotation: 270, cropLeft: 70, cropTop: 50 },
  ])(
    "places text at the displayed top-left position on a page turned $rotation°",
    async ({ rotation, cropLeft, cropTop }) => {
      const document = await PDFDocument.create();
      const page = document.addPage([400, 600]);
      page.setCropBox(50, 30, 300, 500);
      page.setRotation(degrees(rotation));
      const box = { x: 20, y: 40, width: 150, height: 20 };
      const out = await flattenDocument(await document.save(), [text(1, "Placed", box)]);
      const [word] = words(out, 1);
      expect(word?.text).toBe("Placed");
      // left-aligned after a 2 pt padding, read left to right (upright on screen)
      expect(word!.xMin).toBeCloseTo(cropLeft + box.x + 2, 0);
      expect(word!.xMax).toBeGreaterThan(word!.xMin + 20);
      // inside the box and vertically centred in it
      expect(word!.yMin).toBeGreaterThanOrEqual(cropTop + box.y);
      expect(word!.yMax).toBeLessThanOrEqual(cropTop + box.y + box.height);
      expect((word!.yMin + word!.yMax) / 2).toBeCloseTo(cropTop + box.y + box.height / 2, 0);
    },
  );

  it("draws an image fitted inside its box, centred, keeping its aspect ratio", async () => {
    // Letter page: the box's displayed top-left (100, 200) is user (100, 592)
    const document = await PDFDocument.create();
    document.addPage([612, 792]);
    const out = await flattenDocument(await document.save(), [
      { kind: "image", page: 1, x: 100, y: 200, width: 100, height: 100, png: png(40, 20) },
    ]);
    const operators = await lastContentStream(out, 1);
    // 40×20 fits as 100×50, centred vertically: displayed top 225, bottom 275 → user y 517
    expect(operators).toMatch(/1 0 0 1 100 517 cm\s+1 0 -?0 1 0 0 cm\s+100 0 0 50 0 0 cm/);
    expect(operators).toMatch(/\/Image-\d+ Do/);
  });

  it("embeds a PNG used by several tags once", async () => {
    const signature = png(30, 10);
    const fills: TagFill[] = [1, 2, 3].map((page) => ({
      kind: "image",
      page,
      x: 50,
      y: 50,
      width: 90,
      height: 30,
      png: signature,
    }));
    const out = await flattenDocument(fixture("pdflatex-4-pages.pdf"), [...fills, { ...fills[0]!, y: 300 }]);
    const before =
      Buffer.from(fixture("pdflatex-4-pages.pdf"))
        .toString("latin1")
        .match(/\/Subtype\s*\/Image/g)?.length ?? 0;
    expect(
      Buffer.from(out)
        .toString("latin1")
        .match(/\/Subtype\s*\/Image/g),
    ).toHaveLength(before + 1);
  });

  it("draws a check as two strokes inside its box", async () => {
    const document = await PDFDocument.create();
    document.addPage([612, 792]);
    const out = await flattenDocument(await document.save(), [
      { kind: "check", page: 1, x: 100, y: 100, width: 20, height: 20 },
    ]);
    const operators = await lastContentStream(out, 1);
    const strokes = [...operators.matchAll(/([\d.]+) ([\d.]+) m\s+([\d.]+) ([\d.]+) l\s+S/g)];
    expect(strokes).toHaveLength(2);
    for (const stroke of strokes) {
      const [x1, y1, x2, y2] = stroke.slice(1, 5).map(Number) as [number, number, number, number];
      for (const x of [x1, x2]) {
        expect(x).toBeGreaterThanOrEqual(100);
        expect(x).toBeLessThanOrEqual(120);
      }
      // displayed y 100..120 is user y 672..692 on a Letter page
      for (const y of [y1, y2]) {
        expect(y).toBeGreaterThanOrEqual(672);
        expect(y).toBeLessThanOrEqual(692);
      }
    }
  });

  it.each([
    { name: "a page after the last", fill: text(2, "x") },
    { name: "page 0", fill: text(0, "x") },
    { name: "an empty box", fill: text(1, "x", { x: 10, y: 10, width: 0, height: 10 }) },
  ])("refuses $name", async ({ fill }) => {
    await expect(flattenDocument(fixture("minimal-document.pdf"), [fill])).rejects.toThrow(RangeError);
  });

  it("refuses an encrypted document", async () => {
    await expect(flattenDocument(fixture("libreoffice-writer-password.pdf"), [])).rejects.toThrow();
  });
});
