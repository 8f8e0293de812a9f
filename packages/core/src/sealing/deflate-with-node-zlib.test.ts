import { inflateSync } from "node:zlib";
import { PDFDocument, PDFName, PDFRawStream } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { deflateWithNodeZlib } from "./deflate-with-node-zlib.ts";

describe("deflateWithNodeZlib", () => {
  it.each([
    ["bytes", new Uint8Array([0, 1, 2, 250, 255, 0, 0, 0, 7])],
    ["a string", "/CIDInit /ProcSet findresource begin"],
  ])("compresses %s with zlib into a FlateDecode stream that keeps the dictionary", async (_name, contents) => {
    const document = await PDFDocument.create();
    deflateWithNodeZlib(document);
    const stream = document.context.flateStream(contents, { Type: "XObject", Width: 3 });
    expect(stream).toBeInstanceOf(PDFRawStream);
    expect(stream.dict.get(PDFName.of("Filter"))).toBe(PDFName.of("FlateDecode"));
    expect(stream.dict.get(PDFName.of("Type"))).toBe(PDFName.of("XObject"));
    const expected = typeof contents === "string" ? Buffer.from(contents, "latin1") : Buffer.from(contents);
    expect(inflateSync(stream.getContents())).toEqual(expected);
  });

  it("leaves other documents on pdf-lib's own compressor", async () => {
    const patched = await PDFDocument.create();
    const other = await PDFDocument.create();
    deflateWithNodeZlib(patched);
    expect(Object.hasOwn(patched.context, "flateStream")).toBe(true);
    expect(Object.hasOwn(other.context, "flateStream")).toBe(false);
  });
});
