import { decodePDFRawStream, PDFContentStream, PDFDocument, PDFRawStream, rgb } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { compressDrawnContent } from "./compress-drawn-content.ts";

describe("compressDrawnContent", () => {
  it("swaps each drawn content stream for the same operators, compressed", async () => {
    const document = await PDFDocument.create();
    const page = document.addPage();
    page.drawRectangle({ x: 10, y: 10, width: 100, height: 50, color: rgb(0.2, 0.4, 0.6) });
    const drawn = document.context
      .enumerateIndirectObjects()
      .filter(([, object]) => object instanceof PDFContentStream) as [unknown, PDFContentStream][];
    expect(drawn.length).toBeGreaterThan(0);
    const operators = drawn.map(([, stream]) => Buffer.from(stream.getUnencodedContents()).toString("latin1"));

    compressDrawnContent(document);

    const reloaded = await PDFDocument.load(await document.save());
    const contents = reloaded.context
      .enumerateIndirectObjects()
      .map(([, object]) => object)
      .filter((object): object is PDFRawStream => object instanceof PDFRawStream)
      .map((stream) => Buffer.from(decodePDFRawStream(stream).decode()).toString("latin1"));
    for (const expected of operators) expect(contents).toContain(expected);
    expect(document.context.enumerateIndirectObjects().some(([, object]) => object instanceof PDFContentStream)).toBe(
      false,
    );
  });
});
