import type { PDFDocument } from "pdf-lib";

/**
 * The seal job flattens a document and seals the bytes it gets back, and renders the certificate
 * and seals that: parsing a file this process has just written costs as much as writing it. The
 * writer leaves its document beside the bytes it returns, and sealing those same bytes takes the
 * document back instead of parsing them again. Keyed by the array itself (nothing is kept once the
 * caller lets go of it) and checked against a copy, so bytes changed in between are parsed as
 * usual (a copy and a compare cost less than hashing the file twice).
 */
const written = new WeakMap<Uint8Array, { document: PDFDocument; copy: Buffer }>();

/** Returns `bytes`, noting that `document` is what they were written from. */
export function rememberWritten(bytes: Uint8Array, document: PDFDocument): Uint8Array {
  written.set(bytes, { document, copy: Buffer.from(bytes) });
  return bytes;
}

/**
 * The document `bytes` were written from, if this process wrote them and they are unchanged. Given
 * out once: the caller changes it (the seal adds its signature field).
 */
export function takeWritten(bytes: Uint8Array): PDFDocument | undefined {
  const entry = written.get(bytes);
  if (!entry) return undefined;
  written.delete(bytes);
  return entry.copy.equals(bytes) ? entry.document : undefined;
}
