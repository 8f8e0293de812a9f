// Measurement aid, not a scenario: the three pieces of sealing written by hand (docs/adr/0001–0003)
// against the library each replaces, on the same inputs in one process. Each round runs a batch of
// every pair, ours and the library's in alternating order, and takes the CPU time (process.cpuUsage,
// so other work on a shared machine skews it less than wall time) per operation; the figures are
// the medians over the rounds and the ratio library / ours of the same rounds.
//   cd bench && node --import tsx lib/hand-written-pieces.ts [rounds] [batch]
import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import type * as FontkitModule from "../../packages/core/node_modules/@pdf-lib/fontkit/fontkit.js";
import type * as PlaceholderModule from "../../packages/core/node_modules/@signpdf/placeholder-pdf-lib/dist/pdflibAddPlaceholder.js";
import type * as SignPdfModule from "../../packages/core/node_modules/@signpdf/signpdf/dist/signpdf.js";
import type * as UtilsModule from "../../packages/core/node_modules/@signpdf/utils/dist/index.js";
import { embedPng } from "../../packages/core/src/sealing/embed-png.ts";
import { signInPlace } from "../../packages/core/src/sealing/sign-in-place.ts";
import { embedUnicodeFont, unicodeFontBytes } from "../../packages/core/src/sealing/unicode-font.ts";
import { encodePng } from "../../packages/core/src/testing/encode-png.ts";
import { buildFixturePdf } from "./build-fixture-pdf.ts";
import { pdfLib } from "./pdf-lib.ts";
import { signaturePng } from "./signature-png.ts";

const rounds = Number(process.argv[2] ?? 15);
const batch = Number(process.argv[3] ?? 20);
// the libraries are dependencies of @signet/core, not of the bench: load core's copies
const fromCore = createRequire(createRequire(import.meta.url).resolve("@signet/core"));
// its CommonJS build is the module itself; its types describe an ES default export
const fontkit = fromCore("@pdf-lib/fontkit") as typeof FontkitModule.default;
const { pdflibAddPlaceholder } = fromCore("@signpdf/placeholder-pdf-lib") as typeof PlaceholderModule;
const { SignPdf } = fromCore("@signpdf/signpdf") as typeof SignPdfModule;
const { Signer, SUBFILTER_ETSI_CADES_DETACHED } = fromCore("@signpdf/utils") as typeof UtilsModule;
const { PDFDocument } = pdfLib;
type PDFFont = import("../../packages/core/node_modules/pdf-lib/cjs/index.js").PDFFont;

/** CPU milliseconds of `work` run on each of `inputs` (prepared outside the timing), per input. */
async function cpuPerOperation<T>(inputs: T[], work: (input: T) => Promise<unknown>): Promise<number> {
  const started = process.cpuUsage();
  for (const input of inputs) await work(input);
  const { user, system } = process.cpuUsage(started);
  return (user + system) / 1000 / inputs.length;
}

interface Pair {
  name: string;
  /** CPU ms per operation of one side over `count` inputs made for it (made untimed) */
  measure: (side: "ours" | "library", count: number) => Promise<number>;
}

function pair<T>(
  name: string,
  prepare: () => Promise<T>,
  ours: (input: T) => Promise<unknown>,
  library: (input: T) => Promise<unknown>,
): Pair {
  return {
    name,
    measure: async (side, count) => {
      const inputs = await Promise.all(Array.from({ length: count }, prepare));
      return cpuPerOperation(inputs, side === "ours" ? ours : library);
    },
  };
}

// 1. The TrueType subset (0001): about the glyphs of a seal (a hundred: names, dates, the
// certificate's labels, some Polish and CJK); only writing the subset program is timed
const SUBSET_TEXT =
  "Certificate of completion Envelope ID 2026-11-29 10:00:00 UTC Signed by Okafor Zażółć gęślą jaźń " +
  "ABCDEFGHIJKLMNOPQRSTUVWXYZ 0123456789 @.,:;()/- 王小明 契約書 東京都 Ελληνικά Русский";
const fontBytes = await unicodeFontBytes();
const parsedFont = fontkit.create(fontBytes);
const serializeFont = (font: PDFFont) =>
  (font as unknown as { embedder: { serializeFont(): Promise<Uint8Array> } }).embedder.serializeFont();
const subset = pair(
  "TrueType subset (serializeFont)",
  async () => {
    const font = await embedUnicodeFont(await PDFDocument.create());
    font.encodeText(SUBSET_TEXT);
    const reference = await PDFDocument.create();
    // the parsed font shared, as embedUnicodeFont shares it: only the subset writing differs
    reference.registerFontkit({ create: () => parsedFont } as unknown as typeof fontkit);
    const referenceFont = await reference.embedFont(fontBytes, { subset: true });
    referenceFont.encodeText(SUBSET_TEXT);
    return { font, referenceFont };
  },
  ({ font }) => serializeFont(font),
  ({ referenceFont }) => serializeFont(referenceFont),
);

// 2. PNG embedding (0002): the bench's signature image (RGB, the direct path) and an RGBA one with
// soft edges (the alpha path); the document is flushed, as pdf-lib writes its image then
function pngPair(name: string, png: Uint8Array): Pair {
  return pair(
    name,
    () => PDFDocument.create(),
    async (document) => {
      await embedPng(document, png);
      await document.flush();
    },
    async (document) => {
      await document.embedPng(png);
      await document.flush();
    },
  );
}
const rgbaPng = encodePng(
  240,
  60,
  (x, y) => {
    const distance = Math.abs(y - 30 - Math.round(15 * Math.sin(x / 12)));
    return [0x18, 0x18, 0x18, distance < 2 ? 255 : distance < 4 ? 128 : 0];
  },
  { alpha: true },
);

// 3. Writing the signature (0003): a 50-page real-world document with its placeholder; the CMS is
// a fixed byte string on both sides (its cost does not depend on the path), and signpdf's signer
// hashes what it is handed, as a real one does
const CMS = Buffer.alloc(4000, 0x30);
const document50 = await PDFDocument.load(await buildFixturePdf({ pages: 50 }));
pdflibAddPlaceholder({
  pdfDoc: document50,
  reason: "bench",
  name: "bench",
  location: "",
  contactInfo: "",
  subFilter: SUBFILTER_ETSI_CADES_DETACHED,
  signatureLength: 8192,
});
const prepared = await document50.save({ useObjectStreams: false });
class HashingSigner extends Signer {
  override async sign(data: Buffer): Promise<Buffer> {
    createHash("sha256").update(data).digest();
    return CMS;
  }
}
const signing = pair(
  `signature written (${(prepared.length / 1e6).toFixed(1)} MB PDF)`,
  // signInPlace changes the buffer it is given: each operation gets its own copy, made untimed
  async () => Buffer.from(prepared),
  (pdf) => signInPlace(pdf, 0, async () => CMS),
  (pdf) => new SignPdf().sign(pdf, new HashingSigner()),
);

const pairs = [
  subset,
  pngPair("PNG, RGB 240×60 (direct)", signaturePng()),
  pngPair("PNG, RGBA 240×60 (alpha)", rgbaPng),
  signing,
];
const times = pairs.map(() => ({ ours: [] as number[], library: [] as number[], ratio: [] as number[] }));
for (let round = -1; round < rounds; round++) {
  for (const [index, { measure }] of pairs.entries()) {
    // alternate which side runs first, so neither always gets the warmer caches or the GC debt
    const sides = round % 2 === 0 ? (["ours", "library"] as const) : (["library", "ours"] as const);
    const result = { ours: 0, library: 0 };
    for (const side of sides) result[side] = await measure(side, batch);
    // round -1 warms up (JIT, font parse) and is not counted
    if (round < 0) continue;
    times[index]!.ours.push(result.ours);
    times[index]!.library.push(result.library);
    times[index]!.ratio.push(result.library / result.ours);
  }
}
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
console.log(`${rounds} rounds of ${batch} operations each, CPU ms per operation (median over rounds)`);
for (const [index, pair] of pairs.entries()) {
  const { ours, library, ratio } = times[index]!;
  console.log(
    `${pair.name}: ours ${median(ours).toFixed(3)}, library ${median(library).toFixed(3)}, library/ours ${median(ratio).toFixed(1)}×`,
  );
}
