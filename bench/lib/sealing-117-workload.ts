// The sealing-117 bench's workload (see sealing-server.ts): the 117-page real-world stand-in
// (lib/build-real-world-pdf.ts: object streams, images) sealed with a few fills and a signature, made
// once per process. The certificate of completion is left out: it does not grow with the document,
// and the sealing scenario measures it.
import { readFile } from "node:fs/promises";
import { flattenDocument, sealPdf, type TagFill } from "@signet/core";
import { buildRealWorldPdf } from "./build-real-world-pdf.ts";
import { credentials, sealOptions, stampWithPdfLib } from "./sealing-workload.ts";
import { signaturePng } from "./signature-png.ts";

const PAGES = 117;
export const document117 = new Uint8Array(await readFile(await buildRealWorldPdf(PAGES)));
const signature = signaturePng(240, 60);
const initials = signaturePng(90, 40);

// one signer's tags as a long loan file has them: a loan number, a name and a date on the first
// page, initials and a check on a few pages, the signature on the last
const box = (page: number, x: number, y: number, width: number, height: number) => ({ page, x, y, width, height });
export const FILLS_117: TagFill[] = [
  { kind: "text", ...box(1, 72, 100, 200, 20), text: "LN-2024-004211" },
  { kind: "text", ...box(1, 72, 130, 200, 20), text: "Ada Okafor" },
  { kind: "text", ...box(1, 72, 160, 200, 20), text: "2024-05-14" },
  ...[30, 60, 90].flatMap((page): TagFill[] => [
    { kind: "check", ...box(page, 72, 700, 14, 14) },
    { kind: "image", ...box(page, 300, 700, 60, 30), png: initials },
  ]),
  { kind: "text", ...box(PAGES, 72, 600, 200, 20), text: "Ada Okafor" },
  { kind: "text", ...box(PAGES, 300, 600, 120, 20), text: "2024-05-14" },
  { kind: "image", ...box(PAGES, 72, 640, 160, 40), png: signature },
];

/** GET /seal-117's work: the product's flatten and seal of the document. */
export async function seal117(): Promise<{ bytes: number }> {
  const sealed = await sealPdf(
    await flattenDocument(document117, FILLS_117),
    credentials,
    sealOptions("Signed: Okafor refinance"),
  );
  return { bytes: sealed.length };
}

/** GET /stamp-117's work, the baseline: pdf-lib's load, the same fills stamped, save. */
export const stamp117 = () => stampWithPdfLib(document117, FILLS_117);
