// The sealing bench's workload (see sealing-server.ts), shared with profile-sealing.ts: the document,
// credentials, fills and certificate data are made once per process.
import { randomBytes } from "node:crypto";
import {
  type CertificateData,
  createDevelopmentSealP12,
  flattenDocument,
  loadSealCredentials,
  renderCertificateOfCompletion,
  sealPdf,
  type TagFill,
} from "@signet/core";
import { buildFixturePdf } from "./build-fixture-pdf.ts";
import { pdfLib } from "./pdf-lib.ts";
import { signaturePng } from "./signature-png.ts";

const PAGES = 50;
export const document = await buildFixturePdf({ pages: PAGES });
const password = randomBytes(12).toString("base64url");
export const credentials = loadSealCredentials(createDevelopmentSealP12("Signet Bench Seal", password), password);
const signature = signaturePng(240, 60);
const initials = signaturePng(90, 40);

// 100 tag fills over the 50 pages, as two finished participants' tags (names, dates, loan numbers,
// checked boxes), and 10 images: a signature and initials on five of the pages.
const box = (page: number, x: number, y: number, width: number, height: number) => ({ page, x, y, width, height });
const TEXTS = ["LN-2024-004211", "Ada Okafor", "2024-05-14", "Harbor Freight Logistics", "Primary residence"];
export const FILLS: TagFill[] = [
  ...Array.from({ length: 100 }, (_, index): TagFill => {
    const page = (index % PAGES) + 1;
    const y = 100 + Math.floor(index / PAGES) * 60;
    return index % 4 === 3
      ? { kind: "check", ...box(page, 72, y, 14, 14) }
      : { kind: "text", ...box(page, 72, y, 200, 20), text: TEXTS[index % TEXTS.length]! };
  }),
  ...Array.from({ length: 10 }, (_, index): TagFill => {
    const page = Math.floor(index / 2) * 10 + 10;
    return index % 2 === 0
      ? { kind: "image", ...box(page, 72, 640, 160, 40), png: signature }
      : { kind: "image", ...box(page, 300, 650, 60, 30), png: initials };
  }),
];

const participant = (name: string, email: string, png: Uint8Array) => ({
  displayName: name,
  name,
  email,
  phone: null,
  type: "BORROWER",
  accessMethod: "EMAIL",
  authentication: ["Email link", "SMS one-time code"],
  consent: {
    version: "2024-01",
    sha256: "a".repeat(64),
    grantedAt: "2024-05-14T15:02:11.000Z",
    ip: "203.0.113.7",
    userAgent: "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 Safari/605.1.15",
    givenBy: "Pressing 'I agree' under the disclosure shown in the signing room",
    withdrawnAt: null,
  },
  status: "COMPLETED",
  finishedAt: "2024-05-14T15:40:00.000Z",
  signaturePng: png,
});
// one event per signed tag and the package's own: the certificate runs over several pages
export const CERTIFICATE: CertificateData = {
  package: {
    id: "6f1c1f40-3f0e-4d33-9a43-0d2b1f7f7a10",
    shortId: "K7M2Q9XZ",
    name: "Okafor refinance",
    organizationName: "Bench Organization",
    status: "COMPLETED",
    sentAt: "2024-05-14T14:00:00.000Z",
    completedAt: "2024-05-14T15:40:00.000Z",
    timeZone: "America/New_York",
  },
  documents: [
    {
      name: "Loan file",
      pages: PAGES,
      sha256Original: "b".repeat(64),
      sha256AtSend: "b".repeat(64),
      sha256Final: null,
    },
  ],
  participants: [
    participant("Ada Okafor", "ada@example.com", signature),
    participant("Ben Okafor", "ben@example.com", initials),
  ],
  events: Array.from({ length: 120 }, (_, index) => ({
    sequence: index + 1,
    occurredAt: new Date(Date.UTC(2024, 4, 14, 14, 0, index * 20)).toISOString(),
    sentence: index % 2 === 0 ? "Ada Okafor signed a tag on Loan file." : "Ben Okafor filled a tag on Loan file.",
    ip: "203.0.113.7",
    userAgent: "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 Safari/605.1.15",
    details: `Page: ${(index % PAGES) + 1}`,
  })),
  chain: { valid: true, events: 120, lastHash: "c".repeat(64) },
  generatedAt: "2024-05-14T15:41:00.000Z",
};

export const sealOptions = (reason: string) => ({
  reason,
  name: "Signet for Bench Organization",
  location: "http://127.0.0.1",
  signingTimeAttribute: false,
});

/** GET /seal's work: the product's flatten, seal, certificate and its seal. */
export async function sealPackage(): Promise<{ bytes: number; certificateBytes: number }> {
  const sealed = await sealPdf(
    await flattenDocument(document, FILLS),
    credentials,
    sealOptions("Signed: Okafor refinance"),
  );
  const certificate = await renderCertificateOfCompletion(CERTIFICATE);
  const sealedCertificate = await sealPdf(certificate, credentials, sealOptions("Certificate of completion"));
  return { bytes: sealed.length, certificateBytes: sealedCertificate.length };
}

/** GET /stamp's work, the baseline: the same fills drawn with plain pdf-lib, and a save. */
export const stampPackage = () => stampWithPdfLib(document, FILLS);

/** What a person would write by hand with pdf-lib: load, `fills` drawn, each distinct PNG embedded once, save. */
export async function stampWithPdfLib(bytes: Uint8Array, fills: readonly TagFill[]): Promise<{ bytes: number }> {
  const { PDFDocument, StandardFonts, grayscale } = pdfLib;
  const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const images = new Map<Uint8Array, Awaited<ReturnType<typeof pdf.embedPng>>>();
  const pages = pdf.getPages();
  for (const fill of fills) {
    const page = pages[fill.page - 1]!;
    // the fills' y runs down from the top, pdf-lib's up from the bottom
    const bottom = page.getHeight() - fill.y - fill.height;
    if (fill.kind === "text") {
      page.drawText(fill.text, { x: fill.x, y: bottom + 4, size: fill.height * 0.7, font, color: grayscale(0) });
    } else if (fill.kind === "check") {
      page.drawLine({
        start: { x: fill.x, y: bottom + fill.height / 2 },
        end: { x: fill.x + 5, y: bottom },
        thickness: 1.5,
      });
      page.drawLine({
        start: { x: fill.x + 5, y: bottom },
        end: { x: fill.x + fill.width, y: bottom + fill.height },
        thickness: 1.5,
      });
    } else {
      let image = images.get(fill.png);
      if (!image) {
        image = await pdf.embedPng(fill.png);
        images.set(fill.png, image);
      }
      page.drawImage(image, { x: fill.x, y: bottom, width: fill.width, height: fill.height });
    }
  }
  const saved = await pdf.save({ useObjectStreams: false });
  return { bytes: saved.length };
}
