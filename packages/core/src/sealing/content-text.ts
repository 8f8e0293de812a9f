import { deflateSync } from "node:zlib";
import { type Color, ColorTypes, numberToString, type PDFDocument, type PDFPage, PDFRawStream } from "pdf-lib";

/**
 * Page content written as operator text rather than pdf-lib operator objects: the certificate draws
 * thousands of lines and the flattened document a few hundred tags, and building an object per
 * operator and operand (and pdf-lib's number formatting for each) cost more than the drawing.
 */

/** A number as content stream text, as pdf-lib writes it (which spells out what String would write with an exponent). */
export function num(value: number): string {
  const text = String(value);
  return text.includes("e") ? numberToString(value) : text;
}

function colorOperands(color: Color): { operands: string; operator: "rg" | "g" | "k" } {
  switch (color.type) {
    case ColorTypes.RGB:
      return { operands: `${num(color.red)} ${num(color.green)} ${num(color.blue)}`, operator: "rg" };
    case ColorTypes.Grayscale:
      return { operands: num(color.gray), operator: "g" };
    case ColorTypes.CMYK:
      return {
        operands: `${num(color.cyan)} ${num(color.magenta)} ${num(color.yellow)} ${num(color.key)}`,
        operator: "k",
      };
  }
}

/** The operator that makes `color` the fill colour. */
export function fillColor(color: Color): string {
  const { operands, operator } = colorOperands(color);
  return `${operands} ${operator}`;
}

/** The operator that makes `color` the stroke colour. */
export function strokeColor(color: Color): string {
  const { operands, operator } = colorOperands(color);
  return `${operands} ${operator.toUpperCase()}`;
}

/**
 * zlib's set-up per call (about 35 µs) costs more than compressing a few hundred bytes saves: a
 * page's handful of tags is stored as it is, the certificate's pages compressed.
 */
const COMPRESS_FROM_BYTES = 1024;

/**
 * Appends `operators` to the page as one more content stream. pdf-lib first wraps the page's own
 * content in q … Q (addContentStream normalises the page), so whatever state it leaves does not
 * reach what is drawn here.
 */
export function appendContentStream(document: PDFDocument, page: PDFPage, operators: string): void {
  const { context } = document;
  const bytes = Buffer.from(operators, "latin1");
  const stream =
    bytes.length < COMPRESS_FROM_BYTES
      ? PDFRawStream.of(context.obj({}), bytes)
      : PDFRawStream.of(context.obj({ Filter: "FlateDecode" }), deflateSync(bytes));
  page.node.addContentStream(context.register(stream));
}
