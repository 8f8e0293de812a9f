import { deflateSync, inflateSync } from "node:zlib";
import type { PDFDocument, PDFRef } from "pdf-lib";

/** An image XObject in the document and its size in pixels. */
export interface EmbeddedPng {
  ref: PDFRef;
  width: number;
  height: number;
}

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** PNG colour types (PNG spec §11.2.2) we write directly, and their channels */
const GRAY = 0;
const RGB = 2;
const GRAY_ALPHA = 4;
const RGBA = 6;
const CHANNELS: Record<number, number> = { [GRAY]: 1, [RGB]: 3, [GRAY_ALPHA]: 2, [RGBA]: 4 };

interface Png {
  width: number;
  height: number;
  bitDepth: number;
  colorType: number;
  interlaced: boolean;
  /** a tRNS chunk: a colour key or palette alpha, which only pdf-lib's path handles */
  transparency: boolean;
  /** the zlib stream of the filtered scanlines, IDAT chunks joined */
  data: Buffer;
}

/**
 * Embeds a PNG as pdf-lib's embedPng does (colour image, its alpha as a soft mask when any pixel is
 * not opaque), without pdf-lib's cost: it decodes every PNG to RGBA in JavaScript and deflates the
 * result with pako. An 8-bit, non-interlaced gray or RGB PNG without transparency goes in as it is:
 * its IDAT data is a zlib stream of PNG-filtered rows, which PDF reads with the PNG predictors
 * (/DecodeParms /Predictor 15); it is inflated only to check it. An 8-bit gray or RGB PNG with alpha is inflated and unfiltered once
 * by zlib, split into colour and alpha, and each deflated by zlib. Anything else (palette, 1–4 or
 * 16 bits, interlaced, tRNS) takes pdf-lib's embedPng.
 */
export async function embedPng(document: PDFDocument, bytes: Uint8Array): Promise<EmbeddedPng> {
  const png = readPng(bytes);
  if (!png || !direct(png)) return document.embedPng(bytes);
  const { context } = document;
  const { width, height } = png;
  const image = { Type: "XObject", Subtype: "Image", Width: width, Height: height, BitsPerComponent: 8 };
  const gray = png.colorType === GRAY || png.colorType === GRAY_ALPHA;
  const ColorSpace = gray ? "DeviceGray" : "DeviceRGB";

  const channels = CHANNELS[png.colorType]!;
  // inflated either way, so a broken stream is refused here rather than written into the file
  const filtered = inflateSync(png.data);
  if (png.colorType === GRAY || png.colorType === RGB) {
    checkFilters(filtered, width, height, channels);
    const DecodeParms = { Predictor: 15, Colors: gray ? 1 : 3, BitsPerComponent: 8, Columns: width };
    const stream = context.stream(png.data, { ...image, ColorSpace, Filter: "FlateDecode", DecodeParms });
    return { ref: context.register(stream), width, height };
  }

  const pixels = unfilter(filtered, width, height, channels);
  const colours = channels - 1;
  const colour = new Uint8Array(width * height * colours);
  const alpha = new Uint8Array(width * height);
  let opaque = true;
  for (let pixel = 0, from = 0, to = 0; pixel < width * height; pixel++) {
    for (let channel = 0; channel < colours; channel++) colour[to++] = pixels[from++]!;
    const value = pixels[from++]!;
    alpha[pixel] = value;
    if (value !== 255) opaque = false;
  }
  const mask = opaque
    ? undefined
    : context.register(
        context.stream(deflateSync(alpha), { ...image, ColorSpace: "DeviceGray", Filter: "FlateDecode" }),
      );
  const stream = context.stream(deflateSync(colour), {
    ...image,
    ColorSpace,
    Filter: "FlateDecode",
    ...(mask ? { SMask: mask } : {}),
  });
  return { ref: context.register(stream), width, height };
}

/** Whether the PNG is one embedPng writes itself: 8-bit gray or RGB, with or without alpha, not interlaced, no tRNS. */
const direct = (png: Png) => png.bitDepth === 8 && !png.interlaced && !png.transparency && png.colorType in CHANNELS;

/** The chunks embedPng needs, or null when the bytes are not a well-formed PNG. */
function readPng(bytes: Uint8Array): Png | null {
  if (bytes.length < 8 || SIGNATURE.some((byte, index) => bytes[index] !== byte)) return null;
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let header: Omit<Png, "data" | "transparency"> | undefined;
  let transparency = false;
  const data: Buffer[] = [];
  for (let offset = 8; offset + 8 <= view.length; ) {
    const length = view.readUInt32BE(offset);
    const type = view.toString("latin1", offset + 4, offset + 8);
    const start = offset + 8;
    if (start + length + 4 > view.length) return null;
    if (type === "IHDR" && length >= 13) {
      header = {
        width: view.readUInt32BE(start),
        height: view.readUInt32BE(start + 4),
        bitDepth: view[start + 8]!,
        colorType: view[start + 9]!,
        interlaced: view[start + 12] !== 0,
      };
    } else if (type === "tRNS") {
      transparency = true;
    } else if (type === "IDAT") {
      data.push(view.subarray(start, start + length));
    } else if (type === "IEND") {
      break;
    }
    offset = start + length + 4;
  }
  if (!header || header.width === 0 || header.height === 0 || data.length === 0) return null;
  return { ...header, transparency, data: Buffer.concat(data) };
}

/** Throws unless the data holds every row, each with a known filter type. */
function checkFilters(filtered: Uint8Array, width: number, height: number, channels: number): void {
  const stride = width * channels;
  if (filtered.length < height * (stride + 1)) throw new Error("The PNG image data is shorter than its size.");
  for (let y = 0; y < height; y++) {
    const filter = filtered[y * (stride + 1)]!;
    if (filter > 4) throw new Error(`The PNG uses an unknown row filter (${filter}).`);
  }
}

/** Undoes the PNG row filters (PNG spec §9) of 8-bit samples, `channels` bytes a pixel. */
function unfilter(filtered: Uint8Array, width: number, height: number, channels: number): Uint8Array {
  const stride = width * channels;
  if (filtered.length < height * (stride + 1)) throw new Error("The PNG image data is shorter than its size.");
  const out = new Uint8Array(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = filtered[y * (stride + 1)]!;
    const source = y * (stride + 1) + 1;
    const row = y * stride;
    const above = row - stride;
    for (let x = 0; x < stride; x++) {
      const left = x >= channels ? out[row + x - channels]! : 0;
      const up = y > 0 ? out[above + x]! : 0;
      const upLeft = y > 0 && x >= channels ? out[above + x - channels]! : 0;
      let predicted: number;
      switch (filter) {
        case 0:
          predicted = 0;
          break;
        case 1:
          predicted = left;
          break;
        case 2:
          predicted = up;
          break;
        case 3:
          predicted = (left + up) >> 1;
          break;
        case 4: {
          const estimate = left + up - upLeft;
          const toLeft = Math.abs(estimate - left);
          const toUp = Math.abs(estimate - up);
          const toUpLeft = Math.abs(estimate - upLeft);
          predicted = toLeft <= toUp && toLeft <= toUpLeft ? left : toUp <= toUpLeft ? up : upLeft;
          break;
        }
        default:
          throw new Error(`The PNG uses an unknown row filter (${filter}).`);
      }
      out[row + x] = (filtered[source + x]! + predicted) & 0xff;
    }
  }
  return out;
}
