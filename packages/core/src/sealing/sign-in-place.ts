import { createHash } from "node:crypto";
import { findByteRange, removeTrailingNewLine, SignPdfError } from "@signpdf/utils";

/**
 * What @signpdf/signpdf's SignPdf.sign does with a PDF holding a signature placeholder — the
 * /ByteRange filled in, the CMS over the bytes outside /Contents written into it as hex — done in
 * the PDF's own bytes: signpdf concatenates the whole file three times and hands the signer a
 * fourth copy to hash, which for a 1.5 MB document cost more than the hash itself. The caller's
 * bytes are changed and returned (less a trailing newline, as signpdf drops it).
 *
 * `from`: where to look for the placeholder (the start of an incremental update, which holds it).
 * `sign` gets the SHA-256 of the signed byte ranges and returns the DER CMS.
 */
export async function signInPlace(
  pdf: Uint8Array,
  from: number,
  sign: (digest: Buffer) => Promise<Uint8Array>,
): Promise<Uint8Array> {
  const bytes = removeTrailingNewLine(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength));
  const found = findByteRange(bytes.subarray(from));
  if (found.byteRangePlaceholder === undefined || found.byteRangePlaceholderPosition === undefined) {
    throw new SignPdfError("No ByteRangeStrings found within PDF buffer.", SignPdfError.TYPE_PARSE);
  }
  const placeholderAt = from + found.byteRangePlaceholderPosition;
  const placeholderEnd = placeholderAt + found.byteRangePlaceholder.length;
  const contentsStart = bytes.indexOf("<", bytes.indexOf("/Contents ", placeholderEnd));
  const contentsEnd = bytes.indexOf(">", contentsStart) + 1;
  const hexLength = contentsEnd - contentsStart - 2;

  const byteRange = `/ByteRange [0 ${contentsStart} ${contentsEnd} ${bytes.length - contentsEnd}]`;
  if (byteRange.length > found.byteRangePlaceholder.length) {
    throw new SignPdfError("The /ByteRange placeholder is too short for the file.", SignPdfError.TYPE_INPUT);
  }
  bytes.write(byteRange.padEnd(found.byteRangePlaceholder.length, " "), placeholderAt, "latin1");
  const digest = createHash("sha256")
    .update(bytes.subarray(0, contentsStart))
    .update(bytes.subarray(contentsEnd))
    .digest();
  const signature = await sign(digest);
  if (signature.length * 2 > hexLength) {
    throw new SignPdfError(
      `Signature exceeds placeholder length: ${signature.length * 2} > ${hexLength}`,
      SignPdfError.TYPE_INPUT,
    );
  }
  const hex = Buffer.from(signature).toString("hex");
  bytes.write(hex.padEnd(hexLength, "0"), contentsStart + 1, "latin1");
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length);
}
