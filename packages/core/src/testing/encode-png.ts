import { crc32, deflateSync } from "node:zlib";

// A PNG written from pixels, so tests need no image files: 8-bit RGB or RGBA, no interlace, every
// row with filter type 0 (PNG spec §11–12: signature, IHDR, IDAT, IEND, each chunk with its CRC-32).

/** One PNG chunk: length, type, data and the CRC-32 of type and data. */
export function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const out = Buffer.alloc(body.length + 8);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), body.length + 4);
  return out;
}

/** A PNG of `width`×`height` whose pixel at (x, y) is `pixel(x, y)`: [r, g, b] or, with alpha, [r, g, b, a]. */
export function encodePng(
  width: number,
  height: number,
  pixel: (x: number, y: number) => readonly number[],
  options: { alpha?: boolean } = {},
): Uint8Array {
  const channels = options.alpha ? 4 : 3;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = options.alpha ? 6 : 2; // RGBA or RGB
  const rows = Array.from({ length: height }, (_, y) => {
    const row = Buffer.alloc(1 + width * channels);
    for (let x = 0; x < width; x++) row.set(pixel(x, y).slice(0, channels), 1 + x * channels);
    return row;
  });
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      pngChunk("IHDR", header),
      pngChunk("IDAT", deflateSync(Buffer.concat(rows))),
      pngChunk("IEND", Buffer.alloc(0)),
    ]),
  );
}
