import { deflateSync } from "node:zlib";
import { pngChunk } from "./encode-png.ts";

// A PNG written from 8-bit samples with the row filter asked for on each row (PNG spec §9), so tests
// and the bench can feed every filter type to a PNG reader. encode-png.ts writes filter 0 only.

/** PNG colour types with 8-bit samples: gray, RGB, gray + alpha, RGBA (PNG spec §11.2.2). */
export const PNG_CHANNELS: Readonly<Record<0 | 2 | 4 | 6, number>> = { 0: 1, 2: 3, 4: 2, 6: 4 };

export interface FilteredPngSpec {
  width: number;
  height: number;
  colorType: 0 | 2 | 4 | 6;
  /** width × height × channels samples, row by row */
  samples: Uint8Array;
  /** the filter type of each row: 0 None, 1 Sub, 2 Up, 3 Average, 4 Paeth */
  filters: readonly number[];
}

/** The PNG of the spec; its image data is split over two IDAT chunks, which readers must join. */
export function filteredPng(spec: FilteredPngSpec): Uint8Array {
  const bpp = PNG_CHANNELS[spec.colorType];
  const stride = spec.width * bpp;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(spec.width, 0);
  header.writeUInt32BE(spec.height, 4);
  header[8] = 8;
  header[9] = spec.colorType;
  const filtered = Buffer.alloc(spec.height * (stride + 1));
  for (let y = 0; y < spec.height; y++) {
    const type = spec.filters[y % spec.filters.length]!;
    const row = y * stride;
    filtered[y * (stride + 1)] = type;
    for (let x = 0; x < stride; x++) {
      const left = x >= bpp ? spec.samples[row + x - bpp]! : 0;
      const up = y > 0 ? spec.samples[row - stride + x]! : 0;
      const upLeft = x >= bpp && y > 0 ? spec.samples[row - stride + x - bpp]! : 0;
      const predicted = [0, left, up, (left + up) >> 1, paeth(left, up, upLeft)][type]!;
      filtered[y * (stride + 1) + 1 + x] = (spec.samples[row + x]! - predicted) & 0xff;
    }
  }
  const data = deflateSync(filtered);
  const half = data.length >> 1;
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      pngChunk("IHDR", header),
      pngChunk("IDAT", data.subarray(0, half)),
      pngChunk("IDAT", data.subarray(half)),
      pngChunk("IEND", Buffer.alloc(0)),
    ]),
  );
}

/** The Paeth predictor (PNG spec §9.4). */
export function paeth(left: number, up: number, upLeft: number): number {
  const estimate = left + up - upLeft;
  const toLeft = Math.abs(estimate - left);
  const toUp = Math.abs(estimate - up);
  const toUpLeft = Math.abs(estimate - upLeft);
  if (toLeft <= toUp && toLeft <= toUpLeft) return left;
  return toUp <= toUpLeft ? up : upLeft;
}
