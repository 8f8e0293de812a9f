import { DOCUMENT_API_MESSAGES } from "@signet/contract";
import { fileTypeFromBuffer } from "file-type";
import { PDFDocument } from "pdf-lib";
import { AppError } from "../errors/app-error.ts";
import { activeContentIn } from "./remove-active-content.ts";
import { type SparsePdfCopy, skipsAreUnread } from "./sparse-pdf-copy.ts";

/** Bytes file-type needs to recognise every format it knows. */
export const SNIFF_BYTES = 4100;

export type SniffedType = "pdf" | "png" | "jpeg";
/** What a package document upload may be: also a SMART Doc eNote (XML, issue 15 §5). */
export type SniffedDocumentType = SniffedType | "smartdoc";

const unsupported = () => new AppError("UNSUPPORTED_MEDIA_TYPE");
/** a PDF by its magic number that cannot be read through: the person is told it is damaged, not of the wrong type */
const damaged = () => new AppError("UNSUPPORTED_MEDIA_TYPE", DOCUMENT_API_MESSAGES.damagedPdf);

/** The upload's real type from its first bytes (magic numbers), whatever its name says; else 415. */
export async function sniffUpload(head: Uint8Array): Promise<SniffedType> {
  const type = await fileTypeFromBuffer(head);
  if (type?.mime === "application/pdf") return "pdf";
  if (type?.mime === "image/png") return "png";
  if (type?.mime === "image/jpeg") return "jpeg";
  throw unsupported();
}

/** A package document upload's type: XML (a SMART Doc eNote) or what sniffUpload finds. */
export async function sniffDocumentUpload(head: Uint8Array): Promise<SniffedDocumentType> {
  return looksLikeXml(head) ? "smartdoc" : sniffUpload(head);
}

/**
 * Issue 15 §5: an XML upload (a SMART Doc eNote) starts, after an optional UTF-8 byte order mark
 * and white space, with an XML declaration or the SMART_DOCUMENT root element.
 */
export function looksLikeXml(head: Uint8Array): boolean {
  let start = head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf ? 3 : 0;
  while (
    start < head.length &&
    (head[start] === 0x20 || head[start] === 0x09 || head[start] === 0x0a || head[start] === 0x0d)
  ) {
    start++;
  }
  const text = Buffer.from(head.subarray(start, start + 32)).toString("latin1");
  return text.startsWith("<?xml") || text.startsWith("<SMART_DOCUMENT");
}

export interface PageSize {
  width: number;
  height: number;
}

/**
 * A page as a viewer shows it: its CropBox (what viewers draw; the MediaBox may be larger), and a
 * page turned a quarter (/Rotate 90 or 270) swaps width and height.
 */
function displayedSize(page: ReturnType<PDFDocument["getPage"]>): PageSize {
  const { width, height } = page.getCropBox();
  const quarterTurns = Math.round((((page.getRotation().angle % 360) + 360) % 360) / 90);
  return quarterTurns % 2 === 1 ? { width: height, height: width } : { width, height };
}

/**
 * The bytes as pdf-lib reads them without copying: its parser takes each stream's contents with
 * slice(), which copies, so a 50 MB upload made of images cost another 50 MB; a view of the same
 * memory is enough, as pdf-lib never writes into a stream's contents.
 */
class SharedBytes extends Uint8Array<ArrayBufferLike> {
  override slice(start?: number, end?: number): Uint8Array<ArrayBuffer> {
    // typed as the copy slice() makes; the view's memory is the upload's, which nothing resizes
    return this.subarray(start, end) as Uint8Array<ArrayBuffer>;
  }
}

/**
 * Parses an uploaded PDF once for every check made on it (pages, then active content), or 415
 * (encrypted, damaged: each its own message). The document shares the memory of `bytes`.
 */
export async function loadUploadedPdf(bytes: Uint8Array): Promise<PDFDocument> {
  let document: PDFDocument;
  try {
    // loaded even when encrypted, to tell that case apart (pdf-lib's EncryptedPDFError fails instanceof)
    document = await PDFDocument.load(new SharedBytes(bytes.buffer, bytes.byteOffset, bytes.byteLength), {
      ignoreEncryption: true,
      updateMetadata: false,
      throwOnInvalidObject: true,
    });
  } catch {
    throw damaged();
  }
  if (document.isEncrypted) throw new AppError("UNSUPPORTED_MEDIA_TYPE", DOCUMENT_API_MESSAGES.passwordProtected);
  return document;
}

/** A parsed PDF's page count and displayed page sizes (tags are placed and checked against them), or 415. */
export function pagesOf(document: PDFDocument): { numPages: number; pageSizes: PageSize[] } {
  let pageSizes: PageSize[];
  try {
    pageSizes = document.getPages().map(displayedSize);
  } catch {
    throw damaged();
  }
  if (pageSizes.length < 1) throw damaged();
  return { numPages: pageSizes.length, pageSizes };
}

/**
 * The page count and sizes of an uploaded PDF from its sparse copy (sparse-pdf-copy.ts), when the
 * copy settles every check: readable, not encrypted, with pages, without active content. null
 * otherwise (a refusal, active content to remove, a copy pdf-lib may have read zeros from): the
 * caller then checks the whole file as stored, and so gives the same answer, message included.
 */
export async function inspectPdfCopy(copy: SparsePdfCopy): Promise<{ numPages: number; pageSizes: PageSize[] } | null> {
  try {
    const document = await loadUploadedPdf(copy.bytes);
    if (!skipsAreUnread(document, copy)) return null;
    const inspected = pagesOf(document);
    return activeContentIn(document).length === 0 ? inspected : null;
  } catch {
    return null;
  }
}

/**
 * Parses a PDF with pdf-lib: its page count and displayed page sizes, or 415 (encrypted: its own
 * message; unreadable or empty).
 */
export async function inspectPdf(bytes: Uint8Array): Promise<{ numPages: number; pageSizes: PageSize[] }> {
  return pagesOf(await loadUploadedPdf(bytes));
}

/** A PNG or JPEG as a one-page PDF whose page is the image's size (in points, one per pixel); else 415. */
export async function imageToPdf(bytes: Uint8Array, type: "png" | "jpeg"): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  let image: Awaited<ReturnType<PDFDocument["embedPng"]>>;
  try {
    image = type === "png" ? await document.embedPng(bytes) : await document.embedJpg(bytes);
  } catch {
    throw unsupported();
  }
  const page = document.addPage([image.width, image.height]);
  page.drawImage(image, { x: 0, y: 0, width: image.width, height: image.height });
  return document.save();
}

/** Displayed width and height (points) of each page of a stored, readable PDF. */
export async function pdfPageSizes(bytes: Uint8Array): Promise<PageSize[]> {
  const document = await PDFDocument.load(bytes, { updateMetadata: false });
  return document.getPages().map(displayedSize);
}
