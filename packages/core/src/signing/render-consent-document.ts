import type { ParticipantLanguage } from "@signet/contract";
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
  language: ParticipantLanguage;
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

/** The document's own words around the disclosure, in each language a participant may read. */
const LABELS: Record<
  ParticipantLanguage,
  {
    title: string;
    reviewTitle: string;
    codeIntro: string;
    code: string;
    lastUpdated: string;
    pdfTitle: string;
    reviewPdfTitle: string;
  }
> = {
  en: {
    title: "Consent to electronic records and signatures",
    reviewTitle: "Consent to receive electronic records",
    codeIntro: "To show that you can open PDF documents, type this code on the consent page before you agree.",
    code: "Your confirmation code:",
    lastUpdated: "Last updated",
    pdfTitle: "E-sign consent",
    reviewPdfTitle: "Electronic records consent",
  },
  es: {
    title: "Consentimiento para registros y firmas electrónicos",
    reviewTitle: "Consentimiento para recibir registros electrónicos",
    codeIntro:
      "Para demostrar que puede abrir documentos PDF, escriba este código en la página de consentimiento antes de aceptar.",
    code: "Su código de confirmación:",
    lastUpdated: "Última actualización:",
    pdfTitle: "Consentimiento electrónico",
    reviewPdfTitle: "Consentimiento para registros electrónicos",
  },
  "zh-Hant": {
    title: "電子記錄和電子簽名同意書",
    reviewTitle: "接收電子記錄同意書",
    codeIntro: "為證明您能開啟 PDF 文件，請在表示同意前，於同意頁面輸入此代碼。",
    code: "您的確認代碼：",
    lastUpdated: "最後更新：",
    pdfTitle: "電子簽名同意書",
    reviewPdfTitle: "電子記錄同意書",
  },
  vi: {
    title: "Đồng ý sử dụng hồ sơ và chữ ký điện tử",
    reviewTitle: "Đồng ý nhận hồ sơ điện tử",
    codeIntro: "Để chứng tỏ quý vị có thể mở tài liệu PDF, xin nhập mã này trên trang đồng ý trước khi đồng ý.",
    code: "Mã xác nhận của quý vị:",
    lastUpdated: "Cập nhật lần cuối:",
    pdfTitle: "Đồng ý ký điện tử",
    reviewPdfTitle: "Đồng ý nhận hồ sơ điện tử",
  },
  ko: {
    title: "전자 기록 및 전자 서명 사용 동의",
    reviewTitle: "전자 기록 수령 동의",
    codeIntro: "PDF 문서를 여실 수 있음을 확인하기 위해, 동의하시기 전에 동의 페이지에 이 코드를 입력하십시오.",
    code: "확인 코드:",
    lastUpdated: "최종 업데이트:",
    pdfTitle: "전자 서명 동의",
    reviewPdfTitle: "전자 기록 동의",
  },
  tl: {
    title: "Pahintulot sa mga elektronikong rekord at lagda",
    reviewTitle: "Pahintulot na tumanggap ng mga elektronikong rekord",
    codeIntro:
      "Upang ipakitang kaya ninyong magbukas ng mga PDF na dokumento, i-type ang code na ito sa pahina ng pahintulot bago kayo pumayag.",
    code: "Ang inyong confirmation code:",
    lastUpdated: "Huling binago:",
    pdfTitle: "Pahintulot sa e-sign",
    reviewPdfTitle: "Pahintulot sa mga elektronikong rekord",
  },
};

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
  const labels = LABELS[input.language];
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

  const title = input.reviewOnly ? labels.reviewTitle : labels.title;
  write(title, 18, true);
  write(`${input.organizationName} — ${input.packageName}`, 11);
  if (!input.customPdf) {
    for (const paragraph of defaultConsentText(input.reviewOnly ?? false)[input.language]) write(paragraph, 11);
  }
  if (input.code) {
    write(labels.codeIntro, 11);
    write(labels.code, 13, true);
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
  write(`${labels.lastUpdated} ${day}`, 9);
  pdf.setSubject(`Version ${input.version} · SHA-256 ${input.sha256}`);
  pdf.setTitle(input.reviewOnly ? labels.reviewPdfTitle : labels.pdfTitle);
  await finishFontSubset(pdf, font);
  return pdf.save();
}

/** A Letter page with the font registered once: drawText without a font option uses it. */
function newPage(pdf: PDFDocument, font: PDFFont): PDFPage {
  const page = pdf.addPage(PAGE);
  page.setFont(font);
  return page;
}

/**
 * Greedy word wrap. Chinese puts no spaces between words: a run wider than the line is broken
 * between characters, where Chinese allows a break.
 */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const fits = (value: string) => font.widthOfTextAtSize(value, size) <= width;
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    const candidate = line ? `${line} ${word}` : word;
    if (fits(candidate)) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = "";
    for (const character of word) {
      if (line && !fits(line + character)) {
        lines.push(line);
        line = "";
      }
      line += character;
    }
  }
  if (line) lines.push(line);
  return lines;
}
