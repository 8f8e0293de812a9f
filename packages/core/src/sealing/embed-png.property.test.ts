import { inflateSync } from "node:zlib";
import fc from "fast-check";
import { PDFDict, PDFDocument, PDFName, PDFNumber, PDFRawStream, type PDFRef } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { filteredPng, PNG_CHANNELS, paeth } from "../testing/filtered-png.ts";
import { embedPng } from "./embed-png.ts";

// embed-png.ts against the library it replaces (docs/adr/0002-png-embedding.md): for generated
// 8-bit PNGs of every colour type and row filter, the image XObject each writes is decoded here
// (inflate, then the PNG predictor when /DecodeParms asks for one) and the pixels compared exactly,
// colour and alpha. Decoding the streams is exact where a rendering would blend the soft mask.

interface Decoded {
  /** RGB samples (a gray image expanded), row by row */
  rgb: number[];
  /** one alpha sample a pixel; 255 throughout when there is no soft mask */
  alpha: number[];
}

/** An 8-bit image stream's samples, as a PDF reader decodes them: FlateDecode, then any PNG predictor. */
function decodeStream(stream: PDFRawStream, colours: number): Uint8Array {
  const { dict } = stream;
  const width = dict.lookup(PDFName.of("Width"), PDFNumber).asNumber();
  const height = dict.lookup(PDFName.of("Height"), PDFNumber).asNumber();
  expect(dict.lookup(PDFName.of("Filter"))).toEqual(PDFName.of("FlateDecode"));
  expect(dict.lookup(PDFName.of("BitsPerComponent"), PDFNumber).asNumber()).toBe(8);
  const inflated = inflateSync(stream.contents);
  const parameters = dict.lookupMaybe(PDFName.of("DecodeParms"), PDFDict);
  const predictor = parameters?.lookupMaybe(PDFName.of("Predictor"), PDFNumber)?.asNumber() ?? 1;
  if (predictor === 1) return inflated.subarray(0, width * height * colours);
  expect(predictor).toBeGreaterThanOrEqual(10);
  const stride = width * colours;
  const out = new Uint8Array(height * stride);
  for (let y = 0; y < height; y++) {
    const type = inflated[y * (stride + 1)]!;
    for (let x = 0; x < stride; x++) {
      const left = x >= colours ? out[y * stride + x - colours]! : 0;
      const up = y > 0 ? out[(y - 1) * stride + x]! : 0;
      const upLeft = x >= colours && y > 0 ? out[(y - 1) * stride + x - colours]! : 0;
      const predicted = [0, left, up, (left + up) >> 1, paeth(left, up, upLeft)][type]!;
      out[y * stride + x] = (inflated[y * (stride + 1) + 1 + x]! + predicted) & 0xff;
    }
  }
  return out;
}

async function embeddedPixels(embed: (document: PDFDocument) => Promise<{ ref: PDFRef }>): Promise<Decoded> {
  const document = await PDFDocument.create();
  const { ref } = await embed(document);
  // pdf-lib writes its image objects when the document is flushed
  await document.flush();
  const image = document.context.lookup(ref);
  if (!(image instanceof PDFRawStream)) throw new Error(`${ref} is not a raw stream`);
  const space = image.dict.lookup(PDFName.of("ColorSpace"));
  const colours = space === PDFName.of("DeviceGray") ? 1 : 3;
  if (colours === 3) expect(space).toEqual(PDFName.of("DeviceRGB"));
  const samples = decodeStream(image, colours);
  const rgb = colours === 3 ? Array.from(samples) : Array.from(samples).flatMap((gray) => [gray, gray, gray]);
  const maskRef = image.dict.get(PDFName.of("SMask"));
  const mask = maskRef ? document.context.lookup(maskRef) : undefined;
  if (mask !== undefined && !(mask instanceof PDFRawStream)) throw new Error("The soft mask is not a raw stream");
  const pixels = samples.length / colours;
  return { rgb, alpha: mask ? Array.from(decodeStream(mask, 1)) : new Array<number>(pixels).fill(255) };
}

const generatedPng = fc
  .record({
    width: fc.integer({ min: 1, max: 64 }),
    height: fc.integer({ min: 1, max: 64 }),
    colorType: fc.constantFrom<0 | 2 | 4 | 6>(0, 2, 4, 6),
    filters: fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 1, maxLength: 5 }),
    opaque: fc.boolean(),
    seed: fc.integer(),
  })
  .map(({ width, height, colorType, filters, opaque, seed }) => {
    const channels = PNG_CHANNELS[colorType];
    const samples = new Uint8Array(width * height * channels);
    // a small xorshift from the generated seed: random pixels without fast-check drawing each sample
    let state = seed | 1;
    for (let index = 0; index < samples.length; index++) {
      state ^= state << 13;
      state ^= state >>> 17;
      state ^= state << 5;
      samples[index] = state & 0xff;
    }
    // all-opaque alpha takes the path without a soft mask; mixed alpha keeps some 0 and 255 values
    if (colorType === 4 || colorType === 6) {
      for (let pixel = 0; pixel < width * height; pixel++) {
        const at = pixel * channels + channels - 1;
        if (opaque) samples[at] = 255;
        else if (pixel % 7 === 0) samples[at] = 0;
        else if (pixel % 5 === 0) samples[at] = 255;
      }
    }
    return {
      width,
      height,
      colorType,
      filters,
      samples,
      bytes: filteredPng({ width, height, colorType, samples, filters }),
    };
  });

// a failure's shrinking re-runs the property many times: stop it in time for the test to report it
const BOUNDED = { interruptAfterTimeLimit: 45_000, markInterruptAsFailure: true };

describe("embedPng (property: the pixels pdf-lib's embedPng writes)", () => {
  it("writes, for every generated 8-bit PNG, the colour and alpha pdf-lib writes", async () => {
    await fc.assert(
      fc.asyncProperty(generatedPng, async (png) => {
        const ours = await embeddedPixels((document) => embedPng(document, png.bytes));
        const library = await embeddedPixels((document) => document.embedPng(png.bytes));
        expect(ours.rgb).toEqual(library.rgb);
        expect(ours.alpha).toEqual(library.alpha);
        // and both are the generated samples, so a shared mistake in the decoding above would show
        const channels = PNG_CHANNELS[png.colorType];
        const hasAlpha = png.colorType === 4 || png.colorType === 6;
        const colours = hasAlpha ? channels - 1 : channels;
        const rgb: number[] = [];
        const alpha: number[] = [];
        for (let at = 0; at < png.samples.length; at += channels) {
          const colour = Array.from(png.samples.subarray(at, at + colours));
          rgb.push(...(colours === 1 ? [colour[0]!, colour[0]!, colour[0]!] : colour));
          alpha.push(hasAlpha ? png.samples[at + channels - 1]! : 255);
        }
        expect(ours.rgb).toEqual(rgb);
        expect(ours.alpha).toEqual(alpha);
      }),
      { numRuns: 50, seed: 37, ...BOUNDED },
    );
  }, 60_000); // about 3–13 s alone; the margin is for a loaded CI machine
});
