import {
  decodePDFRawStream,
  grayscale,
  numberToString,
  type PDFArray,
  PDFDocument,
  PDFName,
  type PDFRawStream,
  type PDFRef,
  rgb,
} from "pdf-lib";
import { describe, expect, it } from "vitest";
import { appendContentStream, fillColor, num, strokeColor } from "./content-text.ts";

async function lastStream(bytes: Uint8Array): Promise<PDFRawStream> {
  const document = await PDFDocument.load(bytes);
  const contents = document.getPage(0).node.Contents() as PDFArray;
  return document.context.lookup(contents.get(contents.size() - 1) as PDFRef) as PDFRawStream;
}

describe("content text", () => {
  it("writes numbers and colours as pdf-lib does", () => {
    expect(num(12.5)).toBe("12.5");
    expect(num(1e-7)).toBe(numberToString(1e-7));
    expect(fillColor(rgb(0.1, 0.2, 0.3))).toBe("0.1 0.2 0.3 rg");
    expect(strokeColor(grayscale(0))).toBe("0 G");
  });

  it("stores a few operators as they are and compresses a page's worth, after the page's own content", async () => {
    for (const operators of ["q 0 g 10 10 m 20 20 l S Q\n", "q 0 g 10 10 m 20 20 l S Q\n".repeat(100)]) {
      const document = await PDFDocument.create();
      const page = document.addPage();
      page.drawRectangle({ x: 1, y: 1, width: 2, height: 2 });
      appendContentStream(document, page, operators);
      const stream = await lastStream(await document.save());
      expect(stream.dict.get(PDFName.of("Filter"))).toBe(
        operators.length < 1024 ? undefined : PDFName.of("FlateDecode"),
      );
      expect(Buffer.from(decodePDFRawStream(stream).decode()).toString("latin1")).toBe(operators);
    }
  });
});
