import { decodePDFRawStream, PDFArray, PDFDict, type PDFDocument, PDFName, PDFNumber, PDFRawStream } from "pdf-lib";

/** What a PDF/A file claims in its XMP metadata (ISO 19005: pdfaid:part and pdfaid:conformance). */
export interface PdfaDeclaration {
  part: number;
  conformance: string;
}

const PDFAID_NAMESPACE = "http://www.aiim.org/pdfa/ns/id/";

/**
 * The PDF/A part and level the document declares, or null. Only the declaration counts: a file that
 * claims PDF/A is held to it by every validator, whatever else it contains.
 */
export function declaredPdfa(document: PDFDocument): PdfaDeclaration | null {
  const stream = document.catalog.lookup(PDFName.of("Metadata"));
  if (!(stream instanceof PDFRawStream)) return null;
  let xmp: string;
  try {
    xmp = Buffer.from(decodePDFRawStream(stream).decode()).toString("utf8");
  } catch {
    return null;
  }
  const prefix = new RegExp(`xmlns:([\\w.-]+)\\s*=\\s*["']${PDFAID_NAMESPACE.replace(/[./]/g, "\\$&")}["']`).exec(
    xmp,
  )?.[1];
  if (!prefix) return null;
  // XMP writes a simple property either as an attribute or as an element: accept both
  const property = (name: string) =>
    new RegExp(`${prefix}:${name}\\s*=\\s*["']\\s*([^"'\\s]+)\\s*["']`).exec(xmp)?.[1] ??
    new RegExp(`<${prefix}:${name}>\\s*([^<\\s]+)\\s*</${prefix}:${name}>`).exec(xmp)?.[1];
  const part = Number(property("part"));
  if (!Number.isInteger(part) || part < 1) return null;
  return { part, conformance: (property("conformance") ?? "").toUpperCase() };
}

/**
 * How many colour components the PDF/A output intent's profile has (1 gray, 3 RGB, 4 CMYK), or
 * null without one. PDF/A-1 allows DeviceRGB only under an RGB output intent.
 */
export function outputIntentComponents(document: PDFDocument): number | null {
  const intents = document.catalog.lookupMaybe(PDFName.of("OutputIntents"), PDFArray);
  for (let index = 0; index < (intents?.size() ?? 0); index++) {
    const intent = intents!.lookupMaybe(index, PDFDict);
    if (intent?.get(PDFName.of("S")) !== PDFName.of("GTS_PDFA1")) continue;
    const profile = intent.lookup(PDFName.of("DestOutputProfile"));
    const components = profile instanceof PDFRawStream ? profile.dict.lookup(PDFName.of("N")) : undefined;
    return components instanceof PDFNumber ? components.asNumber() : null;
  }
  return null;
}

const HEADER = /^%PDF-(\d)\.(\d)/;

/**
 * pdf-lib writes every file as "%PDF-1.7". A PDF/A file must keep the version its part is built on
 * (PDF/A-1 is PDF 1.4): write the input's header back. Other files keep their own version when it
 * is newer than 1.7, and get 1.7 otherwise (the seal's ETSI.CAdES.detached signature needs it).
 * The header has the same length either way, so no offset in the file moves.
 */
export function keepHeaderVersion(output: Uint8Array, input: Uint8Array, pdfa: PdfaDeclaration | null): Uint8Array {
  const written = HEADER.exec(Buffer.from(output.subarray(0, 16)).toString("latin1"));
  // readers accept up to 1 KB of anything before the header
  const original = /%PDF-(\d)\.(\d)/.exec(Buffer.from(input.subarray(0, 1024)).toString("latin1"));
  if (!written || !original) return output;
  const version = (match: RegExpExecArray) => Number(match[1]) * 10 + Number(match[2]);
  const keep = pdfa !== null || version(original) > version(written);
  if (!keep || version(original) === version(written)) return output;
  const result = new Uint8Array(output);
  result[5] = original[1]!.charCodeAt(0);
  result[7] = original[2]!.charCodeAt(0);
  return result;
}
