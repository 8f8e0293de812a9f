import {
  type Color,
  PDFDocument,
  type PDFFont,
  type PDFPage,
  popGraphicsState,
  pushGraphicsState,
  rgb,
  setLineWidth,
  setStrokingColor,
  setTextRenderingMode,
  TextRenderingMode,
} from "pdf-lib";
import { embedUnicodeFont, finishFontSubset, printable } from "../sealing/unicode-font.ts";
import { defaultConsentText } from "./default-consent.ts";

export interface ConsentDocumentInput {
  language: "en" | "es";
  /** the participant only reviews: the disclosure worded for receiving and reviewing */
  reviewOnly?: boolean;
  organizationName: string;
  packageName: string;
  /** the code the participant types back to show they can open PDFs; null: the organization asks for none */
  code: string | null;
  /** kept in the PDF's properties (subject), not printed: participants read plain words */
  version: string;
  sha256: string;
  /** the day (YYYY-MM-DD) the text last changed, printed as "Last updated" */
  updatedOn: string;
  /** the organization's own consent PDF, followed by the code page; null for the default disclosure */
  customPdf: Uint8Array | null;
}

const PAGE: [number, number] = [612, 792];
const LEFT = 56;
const TOP = 740;
const BOTTOM = 60;
const WIDTH = 500;
const INK: Color = rgb(0, 0, 0);
const CODE_INK: Color = rgb(0.1, 0.2, 0.45);

/**
 * The consent document a participant opens (DOMAIN.md §3): the default disclosure, or the
 * organization's custom PDF, then the participant's code when the organization asks for one. Names of organizations and
 * packages are printed as typed (any Latin script, dashes and quotes, Chinese) in the embedded
 * Unicode font.
 */
export async function renderConsentDocument(input: ConsentDocumentInput): Promise<Uint8Array> {
  const es = input.language === "es";
  const pdf = input.customPdf ? await PDFDocument.load(input.customPdf) : await PDFDocument.create();
  const font = await embedUnicodeFont(pdf);
  let page = newPage(pdf, font);
  let y = TOP;
  const text = (value: string, x: number, baseline: number, size: number, bold: boolean, color: Color = INK) => {
    if (bold) {
      // bold is the same glyphs filled and outlined: one font file serves both
      page.pushOperators(
        pushGraphicsState(),
        setTextRenderingMode(TextRenderingMode.FillAndOutline),
        setLineWidth(size * 0.035),
        setStrokingColor(color),
      );
    }
    page.drawText(value, { x, y: baseline, size, color });
    if (bold) page.pushOperators(popGraphicsState());
  };
  const write = (value: string, size: number, bold = false) => {
    for (const line of wrap(printable(font, value), font, size, WIDTH)) {
      if (y < BOTTOM) {
        y = TOP;
        page = newPage(pdf, font);
      }
      text(line, LEFT, y, size, bold);
      y -= size * 1.45;
    }
    y -= size * 0.6;
  };

  const title = input.reviewOnly
    ? es
      ? "Consentimiento para recibir registros electrónicos"
      : "Consent to receive electronic records"
    : es
      ? "Consentimiento para registros y firmas electrónicos"
      : "Consent to electronic records and signatures";
  write(title, 18, true);
  write(`${input.organizationName} — ${input.packageName}`, 11);
  if (!input.customPdf) {
    for (const paragraph of defaultConsentText(input.reviewOnly ?? false)[input.language]) write(paragraph, 11);
  }
  if (input.code) {
    write(
      es
        ? "Para demostrar que puede abrir documentos PDF, escriba este código en la página de consentimiento antes de aceptar."
        : "To show that you can open PDF documents, type this code on the consent page before you agree.",
      11,
    );
    write(es ? "Su código de confirmación:" : "Your confirmation code:", 13, true);
    if (y - 14 < BOTTOM) {
      y = TOP;
      page = newPage(pdf, font);
    }
    page.drawRectangle({
      x: LEFT,
      y: y - 14,
      width: 200,
      height: 40,
      color: rgb(0.93, 0.96, 1),
      borderColor: rgb(0.1, 0.3, 0.6),
      borderWidth: 1,
    });
    text(printable(font, input.code), LEFT + 16, y - 2, 22, true, CODE_INK);
    y -= 50;
  }
  const day = new Intl.DateTimeFormat(input.language, { dateStyle: "long", timeZone: "UTC" }).format(
    new Date(`${input.updatedOn}T00:00:00Z`),
  );
  write(`${es ? "Última actualización:" : "Last updated"} ${day}`, 9);
  pdf.setSubject(`Version ${input.version} · SHA-256 ${input.sha256}`);
  pdf.setTitle(
    input.reviewOnly
      ? es
        ? "Consentimiento para registros electrónicos"
        : "Electronic records consent"
      : es
        ? "Consentimiento electrónico"
        : "E-sign consent",
  );
  await finishFontSubset(pdf, font);
  return pdf.save();
}

/** A Letter page with the font registered once: drawText without a font option uses it. */
function newPage(pdf: PDFDocument, font: PDFFont): PDFPage {
  const page = pdf.addPage(PAGE);
  page.setFont(font);
  return page;
}

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(candidate, size) > width) {
      lines.push(line);
      line = word;
    } else line = candidate;
  }
  if (line) lines.push(line);
  return lines;
}
