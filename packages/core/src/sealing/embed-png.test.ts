import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { deflateSync, inflateSync } from "node:zlib";
import { PDFDict, PDFDocument, PDFName, PDFNumber, PDFRawStream, type PDFRef } from "pdf-lib";
import { afterAll, describe, expect, it } from "vitest";
import { pngChunk } from "../testing/encode-png.ts";
import { embedPng } from "./embed-png.ts";

// Each kind of PNG is embedded, drawn at 8 points a pixel on white and rendered by poppler at 72 dpi:
// the centre of each pixel's square must be the PNG's own colour laid on white, whichever path
// embedded it (poppler smooths the squares' edges).

const UPNG = (createRequire(import.meta.url)("@pdf-lib/upng") as { default: typeof import("@pdf-lib/upng") }).default;

const scratch = mkdtempSync(join(tmpdir(), "signet-embed-png-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
let files = 0;

interface PngSpec {
  width: number;
  height: number;
  colorType: number;
  bitDepth?: number;
  interlace?: number;
  /** one sample per channel per pixel, row by row (16-bit samples as 0..65535) */
  samples: (x: number, y: number) => number[];
  /** filter type for row y (0 None, 1 Sub, 2 Up, 3 Average, 4 Paeth) */
  filter?: (y: number) => number;
  chunks?: [string, Buffer][];
}

/** A PNG written from samples, each row filtered with the filter asked for. */
function png(spec: PngSpec): Uint8Array {
  const bitDepth = spec.bitDepth ?? 8;
  const bytesPerSample = bitDepth === 16 ? 2 : 1;
  const channels = spec.samples(0, 0).length;
  const bpp = channels * bytesPerSample;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(spec.width, 0);
  header.writeUInt32BE(spec.height, 4);
  header[8] = bitDepth;
  header[9] = spec.colorType;
  header[12] = spec.interlace ?? 0;
  const raw: number[][] = [];
  for (let y = 0; y < spec.height; y++) {
    const row: number[] = [];
    for (let x = 0; x < spec.width; x++) {
      for (const sample of spec.samples(x, y)) {
        if (bytesPerSample === 2) row.push(sample >> 8, sample & 0xff);
        else row.push(sample);
      }
    }
    raw.push(row);
  }
  const filtered: number[] = [];
  for (let y = 0; y < spec.height; y++) {
    const type = spec.filter?.(y) ?? 0;
    const row = raw[y]!;
    const above = raw[y - 1];
    filtered.push(type);
    for (let x = 0; x < row.length; x++) {
      const left = x >= bpp ? row[x - bpp]! : 0;
      const up = above?.[x] ?? 0;
      const upLeft = x >= bpp ? (above?.[x - bpp] ?? 0) : 0;
      const estimate = left + up - upLeft;
      const paeth =
        Math.abs(estimate - left) <= Math.abs(estimate - up) && Math.abs(estimate - left) <= Math.abs(estimate - upLeft)
          ? left
          : Math.abs(estimate - up) <= Math.abs(estimate - upLeft)
            ? up
            : upLeft;
      const predicted = [0, left, up, (left + up) >> 1, paeth][type]!;
      filtered.push((row[x]! - predicted) & 0xff);
    }
  }
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      pngChunk("IHDR", header),
      ...(spec.chunks ?? []).map(([type, data]) => pngChunk(type, data)),
      // two IDAT chunks: readers join them
      ...splitInTwo(deflateSync(Buffer.from(filtered))).map((part) => pngChunk("IDAT", part)),
      pngChunk("IEND", Buffer.alloc(0)),
    ]),
  );
}
const splitInTwo = (data: Buffer) => [data.subarray(0, data.length >> 1), data.subarray(data.length >> 1)];

function rawStream(document: PDFDocument, ref: PDFRef): PDFRawStream {
  const stream = document.context.lookup(ref);
  if (!(stream instanceof PDFRawStream)) throw new Error(`${ref} is not a raw stream`);
  return stream;
}

/** PNGs written as they are, their rows decoded by the reader's PNG predictors */
const predictorExpected = (spec: PngSpec) => spec.colorType === 0 || spec.colorType === 2;

function rgbaOf(bytes: Uint8Array): Uint8Array {
  const decoded = UPNG.decode(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  return new Uint8Array(UPNG.toRGBA8(decoded)[0]!);
}

/** What the PNG shows on white, as 8-bit RGB, decoded by pdf-lib's own PNG decoder. */
function expectedOnWhite(bytes: Uint8Array): { width: number; height: number; rgb: number[] } {
  const decoded = UPNG.decode(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  const rgba = rgbaOf(bytes);
  const rgb: number[] = [];
  for (let index = 0; index < rgba.length; index += 4) {
    const alpha = rgba[index + 3]! / 255;
    for (let channel = 0; channel < 3; channel++) rgb.push(rgba[index + channel]! * alpha + 255 * (1 - alpha));
  }
  return { width: decoded.width, height: decoded.height, rgb };
}

const SCALE = 8;
async function renderedOnWhite(bytes: Uint8Array): Promise<{ rgb: number[]; ref: PDFRef; document: PDFDocument }> {
  const document = await PDFDocument.create();
  const image = await embedPng(document, bytes);
  const [width, height] = [image.width * SCALE, image.height * SCALE];
  const page = document.addPage([width, height]);
  const name = page.node.newXObject("Image", image.ref);
  const content = document.context.stream(`q ${width} 0 0 ${height} 0 0 cm ${name} Do Q`);
  page.node.set(PDFName.of("Contents"), document.context.register(content));
  const file = join(scratch, `${files++}.pdf`);
  writeFileSync(file, await document.save());
  const result = spawnSync("pdftoppm", ["-r", "72", "-singlefile", file, file]);
  expect(result.status, result.stderr.toString()).toBe(0);
  const ppm = readFileSync(`${file}.ppm`);
  // P6\n<w> <h>\n255\n
  let offset = 0;
  for (let lines = 0; lines < 3; offset++) if (ppm[offset] === 0x0a) lines++;
  const rgb: number[] = [];
  for (let y = 0; y < image.height; y++) {
    for (let x = 0; x < image.width; x++) {
      const at = offset + ((y * SCALE + SCALE / 2) * width + x * SCALE + SCALE / 2) * 3;
      rgb.push(ppm[at]!, ppm[at + 1]!, ppm[at + 2]!);
    }
  }
  return { rgb, ref: image.ref, document };
}

const gradient = (x: number, y: number) => (x * 37 + y * 91) % 256;
const W = 23;
const H = 9;
const cases: { name: string; spec: PngSpec; direct: boolean; mask: boolean; colorSpace?: string }[] = [
  {
    name: "8-bit RGB, every row filter",
    spec: {
      width: W,
      height: H,
      colorType: 2,
      samples: (x, y) => [gradient(x, y), 255 - gradient(x, y), (x * 11) % 256],
      filter: (y) => y % 5,
    },
    direct: true,
    mask: false,
    colorSpace: "DeviceRGB",
  },
  {
    name: "8-bit gray",
    spec: { width: W, height: H, colorType: 0, samples: (x, y) => [gradient(x, y)], filter: (y) => (y + 2) % 5 },
    direct: true,
    mask: false,
    colorSpace: "DeviceGray",
  },
  {
    name: "8-bit RGBA with soft edges, every row filter",
    spec: {
      width: W,
      height: H,
      colorType: 6,
      samples: (x, y) => [20, 30 + x, 120, [0, 64, 128, 255][(x + y) % 4]!],
      filter: (y) => (y + 1) % 5,
    },
    direct: true,
    mask: true,
    colorSpace: "DeviceRGB",
  },
  {
    name: "8-bit RGBA, all opaque",
    spec: { width: W, height: H, colorType: 6, samples: (x, y) => [gradient(x, y), 10, 200, 255], filter: () => 4 },
    direct: true,
    mask: false,
    colorSpace: "DeviceRGB",
  },
  {
    name: "8-bit gray with alpha",
    spec: {
      width: W,
      height: H,
      colorType: 4,
      samples: (x, y) => [gradient(x, y), (x * 23) % 256],
      filter: (y) => y % 5,
    },
    direct: true,
    mask: true,
    colorSpace: "DeviceGray",
  },
  {
    name: "palette",
    spec: {
      width: W,
      height: H,
      colorType: 3,
      samples: (x, y) => [(x + y) % 3],
      chunks: [["PLTE", Buffer.from([255, 0, 0, 0, 128, 0, 10, 20, 250])]],
    },
    direct: false,
    mask: false,
  },
  {
    name: "16-bit RGB",
    spec: {
      width: W,
      height: H,
      colorType: 2,
      bitDepth: 16,
      samples: (x, y) => [gradient(x, y) * 257, 1000 * x, 65535],
    },
    direct: false,
    mask: false,
  },
  {
    name: "interlaced (one pixel: Adam7's first pass holds it all)",
    spec: { width: 1, height: 1, colorType: 2, interlace: 1, samples: () => [200, 100, 50] },
    direct: false,
    mask: false,
  },
  {
    name: "RGB with a tRNS colour key",
    spec: {
      width: W,
      height: H,
      colorType: 2,
      samples: (x) => (x % 2 ? [0, 0, 255] : [255, 0, 0]),
      chunks: [["tRNS", Buffer.from([0, 0, 0, 0, 0, 255])]],
    },
    direct: false,
    mask: true,
  },
];

describe("embedPng", () => {
  it.each(cases)("$name: draws the PNG's pixels, alpha kept", async ({ spec, direct, mask, colorSpace }) => {
    const bytes = png(spec);
    const expected = expectedOnWhite(bytes);
    const { rgb, ref, document } = await renderedOnWhite(bytes);
    expect(rgb.length).toBe(expected.rgb.length);
    const worst = Math.max(...rgb.map((value, index) => Math.abs(value - expected.rgb[index]!)));
    // laying a soft edge on white rounds; opaque pixels come back exact
    expect(worst).toBeLessThanOrEqual(mask ? 2 : 0);

    const stream = rawStream(document, ref);
    expect(stream.dict.get(PDFName.of("Width"))).toEqual(PDFNumber.of(spec.width));
    expect(stream.dict.has(PDFName.of("SMask"))).toBe(mask);
    // written directly: zlib data, the PNG's own colour space; pdf-lib writes DeviceRGB only
    if (direct) expect(stream.dict.get(PDFName.of("ColorSpace"))).toBe(PDFName.of(colorSpace!));
    if (direct && !predictorExpected(spec)) {
      // decoded by us: the samples are exactly the PNG's, the alpha in the soft mask
      const rgba = rgbaOf(bytes);
      const colour = inflateSync(stream.getContents());
      const channels = colorSpace === "DeviceGray" ? 1 : 3;
      const alpha = mask
        ? inflateSync(rawStream(document, stream.dict.get(PDFName.of("SMask")) as PDFRef).getContents())
        : null;
      for (let pixel = 0; pixel < spec.width * spec.height; pixel++) {
        for (let channel = 0; channel < channels; channel++) {
          expect(colour[pixel * channels + channel]).toBe(rgba[pixel * 4 + channel]);
        }
        if (alpha) expect(alpha[pixel]).toBe(rgba[pixel * 4 + 3]);
      }
    }
    const predictor = stream.dict.lookupMaybe(PDFName.of("DecodeParms"), PDFDict)?.get(PDFName.of("Predictor"));
    expect(predictor !== undefined).toBe(direct && predictorExpected(spec));
  });

  it("refuses a PNG whose image data is broken, as pdf-lib does", async () => {
    const bytes = png(cases[0]!.spec);
    const broken = Buffer.from(bytes);
    // the first IDAT's zlib header
    const idat = broken.indexOf("IDAT");
    broken.writeUInt16BE(broken.readUInt16BE(idat + 4) ^ 0xffff, idat + 4);
    await expect(embedPng(await PDFDocument.create(), new Uint8Array(broken))).rejects.toThrow();
    await expect(embedPng(await PDFDocument.create(), new Uint8Array([1, 2, 3]))).rejects.toThrow();
  });
});
