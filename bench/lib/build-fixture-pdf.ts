import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { pdfLib } from "./pdf-lib.ts";

const FIXTURES = fileURLToPath(new URL("../../fixtures/pdfs/", import.meta.url));
// real-world sources (fixtures/pdfs/README.md): pdfTeX text pages, a Google Docs page with an image,
// a Qt page with an image; their pages are copied round-robin
const SOURCES = ["pdflatex-4-pages.pdf", "google-doc-document.pdf", "pdfkit.pdf"];

export interface FixturePdfOptions {
  pages: number;
  /**
   * Grow the file to about this size with photo-like images (random RGB samples, which no
   * compression shrinks, as a scan's JPEGs barely shrink), one per page on the first pages.
   */
  targetBytes?: number;
}

/**
 * A document made of real-world fixture pages, built with pdf-lib in memory: `pages` pages, and
 * when asked, uncompressed image XObjects drawn full-page until the file is about `targetBytes`.
 */
export async function buildFixturePdf({ pages, targetBytes }: FixturePdfOptions): Promise<Uint8Array> {
  const { PDFDocument, pushGraphicsState, popGraphicsState, concatTransformationMatrix, drawObject } = pdfLib;
  const output = await PDFDocument.create();
  const sources = await Promise.all(
    SOURCES.map(async (name) => PDFDocument.load(await readFile(`${FIXTURES}${name}`), { updateMetadata: false })),
  );
  const pool = sources.flatMap((source) => source.getPageIndices().map((index) => ({ source, index })));
  for (let page = 0; page < pages; page++) {
    const { source, index } = pool[page % pool.length]!;
    const [copied] = await output.copyPages(source, [index]);
    output.addPage(copied!);
  }
  const base = (await output.save()).length;
  if (targetBytes && targetBytes > base) {
    const width = 1024;
    const images = Math.min(pages, 16);
    const height = Math.floor((targetBytes - base) / images / (width * 3));
    for (let index = 0; index < images; index++) {
      const stream = output.context.stream(randomBytes(width * height * 3), {
        Type: "XObject",
        Subtype: "Image",
        Width: width,
        Height: height,
        ColorSpace: "DeviceRGB",
        BitsPerComponent: 8,
      });
      const page = output.getPage(index);
      const name = page.node.newXObject("Photo", output.context.register(stream));
      const { width: pageWidth, height: pageHeight } = page.getSize();
      page.pushOperators(
        pushGraphicsState(),
        concatTransformationMatrix(pageWidth / 2, 0, 0, pageHeight / 2, pageWidth / 4, pageHeight / 4),
        drawObject(name),
        popGraphicsState(),
      );
    }
  }
  return output.save();
}
