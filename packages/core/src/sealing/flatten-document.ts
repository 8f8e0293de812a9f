import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import {
  type Color,
  grayscale,
  PDFBool,
  PDFDocument,
  PDFDropdown,
  type PDFFont,
  PDFName,
  PDFOptionList,
  type PDFPage,
  PDFRef,
  PDFTextField,
} from "pdf-lib";
import { compressDrawnContent } from "./compress-drawn-content.ts";
import { appendContentStream, fillColor, num, strokeColor } from "./content-text.ts";
import { deflateWithNodeZlib } from "./deflate-with-node-zlib.ts";
import { embedPng } from "./embed-png.ts";
import { declaredPdfa, keepHeaderVersion, outputIntentComponents } from "./pdfa-conformance.ts";
import {
  embedUnicodeFont,
  encodedText,
  finishFontSubset,
  printable,
  unicodeFontMetrics,
  type VerticalMetrics,
  widthOfText,
} from "./unicode-font.ts";
import { rememberWritten } from "./written-documents.ts";

/**
 * A participant's value to burn into a page. Geometry is in PDF points with the origin at the
 * top-left of the page as a viewer shows it: after /Rotate, relative to the CropBox. page is 1-based.
 */
export type TagFill =
  | { kind: "text"; page: number; x: number; y: number; width: number; height: number; text: string }
  | { kind: "check"; page: number; x: number; y: number; width: number; height: number }
  | { kind: "image"; page: number; x: number; y: number; width: number; height: number; png: Uint8Array };

// the package's CommonJS build (the one Node loads) puts its API on exports.default
const UPNG = (createRequire(import.meta.url)("@pdf-lib/upng") as { default: typeof import("@pdf-lib/upng") }).default;

// DeviceGray black: PDF/A allows it under any output intent, DeviceRGB only under an RGB one
const INK: Color = grayscale(0);
/** share of the box height the glyphs (ascender to descender) fill */
const TEXT_HEIGHT_SHARE = 0.8;

/** An embedded image XObject and its size in pixels. */
interface PlacedImage {
  ref: PDFRef;
  width: number;
  height: number;
}

/**
 * Burns tag values into the page content and flattens existing form fields, so the sealed file
 * shows the same thing in every viewer and nothing stays editable. The file is rewritten in full.
 * Text is drawn with the embedded Unicode font. A file that declares PDF/A stays within what it
 * declares: same header version, Info and XMP left as they were, the font subset described as
 * PDF/A-1 wants it, and for PDF/A-1 no transparency (signature images are laid on white).
 */
export async function flattenDocument(pdf: Uint8Array, fills: readonly TagFill[]): Promise<Uint8Array> {
  // updateMetadata false: pdf-lib would otherwise rewrite the Info dictionary and leave the XMP
  // metadata saying something else, which PDF/A forbids
  const load = () => PDFDocument.load(pdf, { updateMetadata: false });
  let document = await load();
  deflateWithNodeZlib(document);
  const pdfa = declaredPdfa(document);
  let font: PDFFont | null = null;
  // pdf-lib draws the flattened form's widgets (and any appearances it builds) as operator objects
  let formDrawn = false;
  // getForm() would add an empty AcroForm to a document without one
  if (document.catalog.has(PDFName.of("AcroForm"))) {
    try {
      font = await flattenForm(document);
      formDrawn = true;
    } catch {
      // pdf-lib cannot flatten every form (missing appearances, odd widget trees). A half-flattened
      // form is worse than a live one, so start again from the original bytes and keep it as it is.
      document = await load();
      deflateWithNodeZlib(document);
      font = null;
    }
  }

  const pages = document.getPages();
  for (const fill of fills) {
    if (!Number.isInteger(fill.page) || fill.page < 1 || fill.page > pages.length) {
      throw new RangeError(`A tag is on page ${fill.page}, but the document has ${pages.length} pages.`);
    }
    if (![fill.x, fill.y, fill.width, fill.height].every(Number.isFinite) || fill.width <= 0 || fill.height <= 0) {
      throw new RangeError(`A tag on page ${fill.page} has an invalid box.`);
    }
  }

  if (!font && fills.some((fill) => fill.kind === "text")) font = await embedUnicodeFont(document);
  const metrics = font ? await unicodeFontMetrics() : null;
  // the same signature image is usually stamped on several tags: embed each distinct PNG once
  const images = new Map<string, PlacedImage>();

  const byPage = new Map<number, TagFill[]>();
  for (const fill of fills) byPage.set(fill.page, [...(byPage.get(fill.page) ?? []), fill]);
  for (const [index, page] of pages.entries()) {
    const pageFills = byPage.get(index + 1);
    if (!pageFills) continue;
    const frame = displayFrame(page);
    let fontKey: PDFName | undefined;
    const imageKeys = new Map<PlacedImage, PDFName>();
    let operators = "";

    for (const fill of pageFills) {
      if (fill.kind === "text") {
        if (!font || !metrics) continue;
        const text = printable(font, fill.text);
        if (text.trim() === "") continue;
        // one font entry per page, not one per drawText (pdf-lib's default bloats the file)
        fontKey ??= page.node.newFontDictionary(font.name, font.ref);
        operators += textOperators(font, metrics, fontKey, text, fill, frame);
      } else if (fill.kind === "check") {
        operators += checkOperators(fill, frame);
      } else {
        const hash = createHash("sha256").update(fill.png).digest("hex");
        let image = images.get(hash);
        if (!image) {
          image = pdfa?.part === 1 ? opaqueImage(document, fill.png) : await embedPng(document, fill.png);
          images.set(hash, image);
        }
        let key = imageKeys.get(image);
        if (!key) {
          key = page.node.newXObject("Image", image.ref);
          imageKeys.set(image, key);
        }
        operators += imageOperators(image, key, fill, frame);
      }
    }
    if (operators !== "") appendContentStream(document, page, operators);
  }

  if (font) await finishFontSubset(document, font);
  if (formDrawn) compressDrawnContent(document);
  // no object or cross-reference streams: PDF/A-1 (PDF 1.4) has neither
  return rememberWritten(keepHeaderVersion(await document.save({ useObjectStreams: false }), pdf, pdfa), document);
}

/**
 * Flattening draws each widget's stored appearance. Forms saved with /NeedAppearances true (LibreOffice
 * does this) leave the value-showing appearances empty for the viewer to build, so the values would
 * vanish: build them first, in the Unicode font like the tags, one field at a time so one odd field
 * cannot keep the rest live.
 */
async function flattenForm(document: PDFDocument): Promise<PDFFont | null> {
  const form = document.getForm();
  const needAppearances = form.acroForm.dict.lookup(PDFName.of("NeedAppearances")) === PDFBool.True;
  const fields = form.getFields();
  let font: PDFFont | null = null;
  if (needAppearances && fields.length > 0) {
    font = await embedUnicodeFont(document);
    for (const field of fields) {
      try {
        if (field instanceof PDFTextField) {
          const value = field.getText();
          if (value !== undefined && printable(font, value) !== value) field.setText(printable(font, value));
          field.updateAppearances(font);
        } else if (field instanceof PDFDropdown || field instanceof PDFOptionList) {
          field.updateAppearances(font);
        }
      } catch {
        // this field keeps the appearance it had
      }
    }
  }
  form.flatten();
  dropDanglingAnnotations(document);
  // the tags reuse it rather than embed the font a second time
  return font;
}

/**
 * pdf-lib's flatten deletes the widgets of fields with kids (radio groups) but leaves their
 * references in the pages' /Annots, which viewers then report as a broken file: drop them.
 */
function dropDanglingAnnotations(document: PDFDocument): void {
  for (const page of document.getPages()) {
    const annots = page.node.Annots();
    if (!annots) continue;
    for (let index = annots.size() - 1; index >= 0; index--) {
      const entry = annots.get(index);
      if (entry instanceof PDFRef && document.context.lookup(entry) === undefined) annots.remove(index);
    }
  }
}

/** How the page is shown: the CropBox, turned by /Rotate (a multiple of 90, clockwise). */
interface Frame {
  rotation: 0 | 90 | 180 | 270;
  /** CropBox in user space, normalised (x, y is its lower-left corner) */
  cx: number;
  cy: number;
  cw: number;
  ch: number;
}

function displayFrame(page: PDFPage): Frame {
  const box = page.getCropBox();
  const turns = Math.round((((page.getRotation().angle % 360) + 360) % 360) / 90) % 4;
  return {
    rotation: (turns * 90) as Frame["rotation"],
    cx: Math.min(box.x, box.x + box.width),
    cy: Math.min(box.y, box.y + box.height),
    cw: Math.abs(box.width),
    ch: Math.abs(box.height),
  };
}

/** A displayed point (origin top-left, y down) in user space (origin bottom-left of the MediaBox, y up). */
function toUser(frame: Frame, dx: number, dy: number): { x: number; y: number } {
  const { cx, cy, cw, ch } = frame;
  switch (frame.rotation) {
    case 0:
      return { x: cx + dx, y: cy + ch - dy };
    case 90:
      return { x: cx + dy, y: cy + dx };
    case 180:
      return { x: cx + cw - dx, y: cy + dy };
    case 270:
      return { x: cx + cw - dy, y: cy + ch - dx };
  }
}

/** The rotation part of a matrix turning by the page's /Rotate: cos, sin, -sin, cos. */
const TURN: Record<Frame["rotation"], string> = { 0: "1 0 0 1", 90: "0 1 -1 0", 180: "-1 0 0 -1", 270: "0 -1 1 0" };

function textOperators(
  font: PDFFont,
  metrics: VerticalMetrics,
  fontKey: PDFName,
  text: string,
  fill: TagFill,
  frame: Frame,
): string {
  const padding = Math.min(fill.height * 0.1, fill.width * 0.05);
  let size = (fill.height * TEXT_HEIGHT_SHARE) / (metrics.ascent - metrics.descent);
  const width = widthOfText(font, text, size);
  const room = fill.width - 2 * padding;
  if (width > room) size *= room / width;
  const ascent = metrics.ascent * size;
  const descent = -metrics.descent * size;
  // the baseline that centres the ascender-to-descender band in the box
  const baseline = fill.y + fill.height / 2 + (ascent - descent) / 2;
  const origin = toUser(frame, fill.x + padding, baseline);
  // turning the text with the page keeps it upright on screen
  const matrix = `${TURN[frame.rotation]} ${num(origin.x)} ${num(origin.y)}`;
  return `q BT ${fillColor(INK)} ${fontKey} ${num(size)} Tf ${matrix} Tm ${encodedText(font, text)} Tj ET Q\n`;
}

function checkOperators(fill: TagFill, frame: Frame): string {
  // a square X, centred, so a wide box does not get a flat cross
  const side = Math.min(fill.width, fill.height) * 0.7;
  const left = fill.x + (fill.width - side) / 2;
  const top = fill.y + (fill.height - side) / 2;
  const thickness = Math.max(0.75, side * 0.12);
  const stroke = (a: [number, number], b: [number, number]) => {
    const start = toUser(frame, a[0], a[1]);
    const end = toUser(frame, b[0], b[1]);
    // round caps (1 J), solid
    return `q ${strokeColor(INK)} ${num(thickness)} w [] 0 d 1 J ${num(start.x)} ${num(start.y)} m ${num(end.x)} ${num(end.y)} l S Q\n`;
  };
  return stroke([left, top], [left + side, top + side]) + stroke([left, top + side], [left + side, top]);
}

function imageOperators(image: PlacedImage, key: PDFName, fill: TagFill, frame: Frame): string {
  const scale = Math.min(fill.width / image.width, fill.height / image.height);
  const width = image.width * scale;
  const height = image.height * scale;
  const left = fill.x + (fill.width - width) / 2;
  const top = fill.y + (fill.height - height) / 2;
  // the image is placed by its displayed bottom-left corner and turned with the page
  const origin = toUser(frame, left, top + height);
  return `q 1 0 0 1 ${num(origin.x)} ${num(origin.y)} cm ${TURN[frame.rotation]} 0 0 cm ${num(width)} 0 0 ${num(height)} 0 0 cm ${key} Do Q\n`;
}

/**
 * A drawn signature is a PNG with an alpha channel, which pdf-lib embeds with a soft mask: transparency,
 * which PDF/A-1 forbids. Lay it on white instead (the page under a signature box is white in
 * practice) and embed the opaque pixels, in RGB under an RGB output intent and in gray otherwise.
 */
function opaqueImage(document: PDFDocument, png: Uint8Array): PlacedImage {
  const decoded = UPNG.decode(png.buffer.slice(png.byteOffset, png.byteOffset + png.byteLength) as ArrayBuffer);
  const rgba = new Uint8Array(UPNG.toRGBA8(decoded)[0]!);
  const { width, height } = decoded;
  const rgb = outputIntentComponents(document) === 3;
  const pixels = new Uint8Array(width * height * (rgb ? 3 : 1));
  for (let pixel = 0; pixel < width * height; pixel++) {
    const alpha = rgba[pixel * 4 + 3]! / 255;
    const channel = (offset: number) => Math.round(rgba[pixel * 4 + offset]! * alpha + 255 * (1 - alpha));
    if (rgb) {
      pixels[pixel * 3] = channel(0);
      pixels[pixel * 3 + 1] = channel(1);
      pixels[pixel * 3 + 2] = channel(2);
    } else {
      // ITU-R BT.601 luma
      pixels[pixel] = Math.round(0.299 * channel(0) + 0.587 * channel(1) + 0.114 * channel(2));
    }
  }
  const stream = document.context.flateStream(pixels, {
    Type: "XObject",
    Subtype: "Image",
    Width: width,
    Height: height,
    BitsPerComponent: 8,
    ColorSpace: rgb ? "DeviceRGB" : "DeviceGray",
  });
  return { ref: document.context.register(stream), width, height };
}
