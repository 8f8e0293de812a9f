import { createHash } from "node:crypto";
import type { WatermarkPosition } from "@signet/contract";
import {
  degrees,
  PDFDocument,
  type PDFFont,
  type PDFPage,
  PDFRef,
  popGraphicsState,
  pushGraphicsState,
  rgb,
} from "pdf-lib";
import { appendIncrementalUpdate } from "../sealing/append-incremental-update.ts";
import { embedUnicodeFont, finishFontSubset, printable } from "../sealing/unicode-font.ts";
import { rememberWritten } from "../sealing/written-documents.ts";

/** How a watermark is drawn (a template's style). */
export interface WatermarkStyle {
  position: WatermarkPosition;
  /** degrees counter-clockwise, as the reader sees the page */
  angle: number;
  opacity: number;
  fontSize: number;
  /** #rrggbb */
  color: string;
}

/** Space kept between the watermark and the page's edge, in points. */
const MARGIN = 18;
/** Text shrunk to fit never goes below this size (a tiny page still gets a readable mark). */
const MIN_FONT_SIZE = 2;
/** Where the visual middle of a line sits above its baseline, in ems (cap height / 2). */
const MIDDLE_ABOVE_BASELINE = 0.35;

function colorOf(hex: string) {
  const value = Number.parseInt(hex.slice(1), 16);
  return rgb(((value >> 16) & 0xff) / 255, ((value >> 8) & 0xff) / 255, (value & 0xff) / 255);
}

/** The page's /Rotate as 0, 90, 180 or 270. */
function quarterTurns(page: PDFPage): number {
  return Math.round((((page.getRotation().angle % 360) + 360) % 360) / 90) % 4;
}

/**
 * Draws `text` on every page of the PDF as the template says, and returns the new file.
 *
 * Positions and the angle are those the reader sees: a page with /Rotate is drawn in its displayed
 * frame, mapped back to the page's own coordinates. Text wider than the page (after rotation) is
 * shrunk until it fits inside the margins. The page's existing content is wrapped in q/Q first, so
 * a content stream that leaves its graphics state changed cannot move or scale the watermark.
 *
 * A signed PDF (a sealed document or certificate) is marked as an incremental update: its bytes,
 * seal included, stay the first revision of the copy, so that seal still verifies over exactly
 * what was sealed, and any reader shows what was added after it. The caller then seals the copy
 * itself (issueDocumentCopy), which says what the copy is. Other files are saved in full.
 */
export async function applyWatermark(
  pdfBytes: Uint8Array,
  template: WatermarkStyle,
  text: string,
): Promise<Uint8Array> {
  // Stored documents are never encrypted (pdf-intake refuses them) and sealed files are Signet's
  // own. pdf-lib cannot decrypt: an encrypted file (even one locked only by an owner password) is
  // refused here, never drawn on half-readable, and issueDocumentCopy answers why.
  const document = await PDFDocument.load(pdfBytes, { ignoreEncryption: true, updateMetadata: false });
  if (document.isEncrypted) throw new Error("An encrypted PDF cannot be watermarked.");
  const signed = hasSignature(pdfBytes);
  const before = signed ? objectFingerprints(document) : null;
  const objectsBefore = document.context.largestObjectNumber;
  const font = await embedUnicodeFont(document);
  const line = printable(font, text).trim();
  if (line !== "") {
    const color = colorOf(template.color);
    for (const page of document.getPages()) drawOnPage(page, font, line, template, color);
    await finishFontSubset(document, font);
  }
  if (!before) return document.save({ useObjectStreams: false });
  const update = appendIncrementalUpdate(pdfBytes, document, objectsBefore, changedObjects(document, before));
  // the copy's seal is appended to these bytes from the same document, without parsing them again
  return rememberWritten(update, document);
}

/** Whether the file carries a PDF signature (a signature dictionary's /ByteRange). */
export function hasSignature(pdfBytes: Uint8Array): boolean {
  return Buffer.from(pdfBytes.buffer, pdfBytes.byteOffset, pdfBytes.byteLength).includes("/ByteRange");
}

/** A digest of every indirect object as it would be written, to find the ones drawing changed. */
function objectFingerprints(document: PDFDocument): Map<number, string> {
  const prints = new Map<number, string>();
  for (const [ref, object] of document.context.enumerateIndirectObjects()) {
    const bytes = new Uint8Array(object.sizeInBytes());
    object.copyBytesInto(bytes, 0);
    prints.set(ref.objectNumber, createHash("sha1").update(bytes).digest("hex"));
  }
  return prints;
}

/** The objects that existed before and are written differently now (page dictionaries, resources). */
function changedObjects(document: PDFDocument, before: Map<number, string>): PDFRef[] {
  const changed: PDFRef[] = [];
  for (const [ref, object] of document.context.enumerateIndirectObjects()) {
    const print = before.get(ref.objectNumber);
    if (print === undefined) continue;
    const bytes = new Uint8Array(object.sizeInBytes());
    object.copyBytesInto(bytes, 0);
    if (createHash("sha1").update(bytes).digest("hex") !== print)
      changed.push(PDFRef.of(ref.objectNumber, ref.generationNumber));
  }
  return changed;
}

function drawOnPage(page: PDFPage, font: PDFFont, line: string, style: WatermarkStyle, color: ReturnType<typeof rgb>) {
  const box = page.getCropBox();
  const turns = quarterTurns(page);
  // the displayed frame: width and height as the reader sees the page
  const displayWidth = turns % 2 === 1 ? box.height : box.width;
  const displayHeight = turns % 2 === 1 ? box.width : box.height;

  const theta = (style.angle * Math.PI) / 180;
  const cos = Math.abs(Math.cos(theta));
  const sin = Math.abs(Math.sin(theta));
  const margin = Math.min(MARGIN, displayWidth / 10, displayHeight / 10);
  const bounds = (size: number) => {
    const width = font.widthOfTextAtSize(line, size);
    return { width, boxWidth: width * cos + size * sin, boxHeight: width * sin + size * cos };
  };
  let size = style.fontSize;
  const natural = bounds(size);
  const fit = Math.min(
    1,
    (displayWidth - 2 * margin) / Math.max(natural.boxWidth, 1e-6),
    (displayHeight - 2 * margin) / Math.max(natural.boxHeight, 1e-6),
  );
  size = Math.max(MIN_FONT_SIZE, size * fit);
  const { width, boxWidth, boxHeight } = bounds(size);

  const left = margin + boxWidth / 2;
  const right = displayWidth - margin - boxWidth / 2;
  const top = displayHeight - margin - boxHeight / 2;
  const bottom = margin + boxHeight / 2;
  const middleX = displayWidth / 2;
  const middleY = displayHeight / 2;
  const centers: Record<WatermarkPosition, [number, number]> = {
    CENTER: [middleX, middleY],
    TOP: [middleX, top],
    BOTTOM: [middleX, bottom],
    TOP_LEFT: [left, top],
    TOP_RIGHT: [right, top],
    BOTTOM_LEFT: [left, bottom],
    BOTTOM_RIGHT: [right, bottom],
  };
  const [centerX, centerY] = centers[style.position];
  // the baseline's start, so that the middle of the line lands on the centre
  const rise = MIDDLE_ABOVE_BASELINE * size;
  const displayX = centerX - (width / 2) * Math.cos(theta) + rise * Math.sin(theta);
  const displayY = centerY - (width / 2) * Math.sin(theta) - rise * Math.cos(theta);

  // displayed frame → page space: /Rotate turns the page clockwise for display
  const W = box.width;
  const H = box.height;
  const [pageX, pageY] =
    turns === 1
      ? [W - displayY, displayX]
      : turns === 2
        ? [W - displayX, H - displayY]
        : turns === 3
          ? [displayY, H - displayX]
          : [displayX, displayY];

  page.node.normalize();
  const start = page.doc.context.register(page.doc.context.contentStream([pushGraphicsState()]));
  const end = page.doc.context.register(page.doc.context.contentStream([popGraphicsState()]));
  page.node.wrapContentStreams(start, end);
  page.drawText(line, {
    x: box.x + pageX,
    y: box.y + pageY,
    size,
    font,
    color,
    opacity: style.opacity,
    rotate: degrees(style.angle + turns * 90),
  });
}
