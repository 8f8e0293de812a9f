import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { rememberWritten, takeWritten } from "./written-documents.ts";

describe("rememberWritten / takeWritten", () => {
  it("hands the document back once, for the very bytes it wrote", async () => {
    const document = await PDFDocument.create();
    document.addPage();
    const bytes = rememberWritten(await document.save(), document);
    expect(takeWritten(new Uint8Array(bytes))).toBeUndefined();
    expect(takeWritten(bytes)).toBe(document);
    expect(takeWritten(bytes)).toBeUndefined();
  });

  it("does not hand it back when the bytes changed since", async () => {
    const document = await PDFDocument.create();
    document.addPage();
    const bytes = rememberWritten(await document.save(), document);
    bytes[bytes.length - 2] = 0x20;
    expect(takeWritten(bytes)).toBeUndefined();
  });
});
