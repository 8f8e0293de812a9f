import { addressWindowLines, type PostalAddress } from "@signet/contract";
import { PDFDocument, type PDFFont, type PDFPage, rgb } from "pdf-lib";
import { embedUnicodeFont, finishFontSubset, printable } from "../../sealing/unicode-font.ts";
import { type PrintSetDocument, type PrintSetPart, printSetParts, type StepOrder } from "./print-set-order.ts";

export interface PrintSetInput {
  organizationName: string;
  packageName: string;
  recipient: PostalAddress;
  returnAddress: PostalAddress | null;
  businessReturnEnvelope: { permitNumber: string; imb: string | null; address: PostalAddress } | null;
  /** why the recipient gets paper, in a sentence for the letter */
  reasonSentence: string;
  documents: (PrintSetDocument & { bytes: Uint8Array })[];
  stips: { name: string; description: string | null; required: boolean }[];
  paperOrder: StepOrder;
  stipsOrder: StepOrder;
  date: Date;
}

export interface RenderedPrintSet {
  bytes: Uint8Array;
  pageCount: number;
  /** where each part starts, for the instructions page and the tests */
  parts: { title: string; firstPage: number; pageCount: number }[];
}

// US Letter, in PDF points (72 per inch).
const INCH = 72;
const PAGE: [number, number] = [8.5 * INCH, 11 * INCH];
const MARGIN = 0.875 * INCH;

/*
 * A standard #10 double-window envelope (4 1/8" × 9 1/2") shows, of a letter folded in three (top
 * panel 3 2/3"):
 * - the return address window: 3 1/2" × 1", 3/8" from the left edge and 1/2" from the top;
 * - the recipient window: 4 1/2" × 1 1/8", 7/8" from the left edge and 2" from the top of the letter.
 * The blocks below are printed 1/8" inside those windows, so the letter may shift in the envelope
 * by that much and every line still shows. Five lines of 10 pt on 12.5 pt leading fill 0.87".
 */
const RETURN_BLOCK = { left: 0.5 * INCH, top: 0.625 * INCH };
const RECIPIENT_BLOCK = { left: 1.0 * INCH, top: 2.125 * INCH };
const ADDRESS_SIZE = 10;
const ADDRESS_LEADING = 12.5;

class Writer {
  private y: number;

  constructor(
    readonly page: PDFPage,
    private readonly font: PDFFont,
    top = MARGIN,
  ) {
    this.y = PAGE[1] - top;
  }

  line(text: string, size = 11, gap = 4) {
    const width = PAGE[0] - 2 * MARGIN;
    for (const wrapped of wrap(printable(this.font, text), this.font, size, width)) {
      this.y -= size;
      this.page.drawText(wrapped, { x: MARGIN, y: this.y, size, font: this.font, color: rgb(0, 0, 0) });
      this.y -= gap;
    }
  }

  space(points: number) {
    this.y -= points;
  }

  moveTo(top: number) {
    this.y = PAGE[1] - top;
  }
}

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let current = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = current ? `${current} ${word}` : word;
    if (current && font.widthOfTextAtSize(candidate, size) > width) {
      lines.push(current);
      current = word;
    } else current = candidate;
  }
  if (current || lines.length === 0) lines.push(current);
  return lines;
}

function drawBlock(page: PDFPage, font: PDFFont, lines: string[], at: { left: number; top: number }) {
  lines.forEach((text, index) => {
    page.drawText(printable(font, text), {
      x: at.left,
      y: PAGE[1] - at.top - ADDRESS_SIZE - index * ADDRESS_LEADING,
      size: ADDRESS_SIZE,
      font,
    });
  });
}

const partTitle = (part: PrintSetPart, documents: PrintSetInput["documents"]) => {
  switch (part.kind) {
    case "cover-letter":
      return "Cover letter";
    case "instructions":
      return "Signing instructions";
    case "stips":
      return "Supporting documents to include";
    case "return-envelope":
      return "Business return envelope";
    case "document":
      return documents[part.index]!.name;
  }
};

const dateWords = (date: Date) =>
  date.toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });

/**
 * Issue 16 §4 / DOMAIN.md §9: the print set one recipient receives, as one PDF: a cover letter
 * whose addresses sit in the windows of a #10 double-window envelope, the signing instructions
 * (which pages to sign, where to send them), the documents in paperOrder / stipsOrder, and the
 * business return envelope sheet. The documents' own pages are copied unchanged.
 */
export async function renderPrintSet(input: PrintSetInput): Promise<RenderedPrintSet> {
  const parts = printSetParts(input.documents, {
    paperOrder: input.paperOrder,
    stipsOrder: input.stipsOrder,
    hasStips: input.stips.length > 0,
    hasReturnEnvelope: input.businessReturnEnvelope !== null,
  });
  // the documents' real page counts (not what was recorded at upload) decide where each part starts
  const sources = await Promise.all(
    input.documents.map((document) =>
      PDFDocument.load(document.bytes, { updateMetadata: false, ignoreEncryption: true }),
    ),
  );
  // where each part starts is known before anything is drawn: generated parts are one page
  const layout: RenderedPrintSet["parts"] = [];
  let next = 1;
  for (const part of parts) {
    const pageCount = part.kind === "document" ? sources[part.index]!.getPageCount() : 1;
    layout.push({ title: partTitle(part, input.documents), firstPage: next, pageCount });
    next += pageCount;
  }

  const pdf = await PDFDocument.create({ updateMetadata: false });
  pdf.setTitle(`Print set: ${input.packageName}`);
  pdf.setProducer("Signet");
  pdf.setCreationDate(input.date);
  pdf.setModificationDate(input.date);
  const font = await embedUnicodeFont(pdf);
  const sendBackTo = input.businessReturnEnvelope?.address ?? input.returnAddress;

  for (const [position, part] of parts.entries()) {
    if (part.kind === "document") {
      const source = sources[part.index]!;
      const pages = await pdf.copyPages(source, source.getPageIndices());
      for (const page of pages) pdf.addPage(page);
      continue;
    }
    const page = pdf.addPage(PAGE);
    if (part.kind === "cover-letter") {
      if (input.returnAddress) drawBlock(page, font, addressWindowLines(input.returnAddress), RETURN_BLOCK);
      drawBlock(page, font, addressWindowLines(input.recipient), RECIPIENT_BLOCK);
      const text = new Writer(page, font, 3.75 * INCH);
      text.line(dateWords(input.date));
      text.space(10);
      text.line(`Dear ${input.recipient.name},`);
      text.space(6);
      text.line(
        `${input.organizationName} sends you the documents of “${input.packageName}” on paper. ${input.reasonSentence}`,
      );
      text.line(
        "The next page lists every page that needs your signature or initials. Sign in ink, keep the pages in order, and mail them back in the enclosed envelope.",
      );
      if (sendBackTo) {
        text.line(`Send the signed pages to: ${addressWindowLines(sendBackTo).join(", ")}.`);
      }
      text.space(10);
      text.line("Sincerely,");
      text.line(input.organizationName);
      continue;
    }
    if (part.kind === "instructions") {
      const text = new Writer(page, font);
      text.line("Signing instructions", 16, 10);
      text.line(`Package: ${input.packageName}`);
      text.line(`This print set has ${next - 1} pages.`);
      text.space(8);
      for (const [index, entry] of layout.entries()) {
        const laidOut = parts[index]!;
        if (laidOut.kind !== "document") continue;
        const document = input.documents[laidOut.index]!;
        const range = `pages ${entry.firstPage}–${entry.firstPage + entry.pageCount - 1} of this set`;
        const action =
          document.executionType === "VIEW_ONLY"
            ? "for your records; nothing to sign"
            : document.signPages.length > 0
              ? `sign on page${document.signPages.length > 1 ? "s" : ""} ${document.signPages.join(", ")} of the document`
              : "read, sign and date where the document asks";
        text.line(`• ${document.name} (${range}): ${action}.`);
      }
      text.space(8);
      if (sendBackTo) text.line(`Mail the signed pages to: ${addressWindowLines(sendBackTo).join(", ")}.`);
      text.line("Sign in blue or black ink. Do not staple, fold more than needed, or remove any page.");
      continue;
    }
    if (part.kind === "stips") {
      const text = new Writer(page, font);
      text.line("Supporting documents to include", 16, 10);
      text.line("Please include copies of these documents with your signed pages:");
      text.space(6);
      for (const stip of input.stips) {
        text.line(
          `• ${stip.name}${stip.required ? "" : " (if you have it)"}${stip.description ? ` — ${stip.description}` : ""}`,
        );
      }
      continue;
    }
    // the business return envelope sheet: on top of the papers that go back
    const envelope = input.businessReturnEnvelope!;
    const text = new Writer(page, font);
    text.line("Business return envelope", 16, 10);
    text.line("Use the enclosed prepaid envelope: no postage is needed when mailed in the United States.");
    text.space(8);
    text.line("BUSINESS REPLY MAIL", 14);
    text.line(`FIRST-CLASS MAIL PERMIT NO. ${envelope.permitNumber}`);
    text.line("POSTAGE WILL BE PAID BY ADDRESSEE");
    text.space(6);
    for (const addressLine of addressWindowLines(envelope.address)) text.line(addressLine);
    if (envelope.imb) text.line(`IMb ${envelope.imb}`, 9);
    text.space(8);
    text.line(`Return sheet ${position + 1} — place this sheet on top of your signed pages.`, 9);
  }

  await finishFontSubset(pdf, font);
  const bytes = await pdf.save({ useObjectStreams: false });
  return { bytes, pageCount: pdf.getPageCount(), parts: layout };
}
