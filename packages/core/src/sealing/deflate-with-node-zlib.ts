import { deflateSync } from "node:zlib";
import { type PDFDocument, typedArrayFor } from "pdf-lib";

/**
 * pdf-lib compresses what it embeds (PNG images and their soft masks, the font subset and its
 * ToUnicode map, the CIDSet) through PDFContext.flateStream, with pako: a JavaScript deflate several
 * times slower than Node's zlib. Makes this document's context compress those with zlib instead,
 * the same FlateDecode data, as the same raw stream. Call it before embedding anything.
 */
export function deflateWithNodeZlib(document: PDFDocument): void {
  const { context } = document;
  context.flateStream = (contents, dict = {}) =>
    context.stream(deflateSync(typedArrayFor(contents)), { ...dict, Filter: "FlateDecode" });
}
