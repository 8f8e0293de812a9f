import { readFileSync } from "node:fs";
import { PDFRawStream } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { loadUploadedPdf, pagesOf } from "./pdf-intake.ts";

const FIXTURES = new URL("../../../../fixtures/pdfs/", import.meta.url);
const fixture = (name: string) => new Uint8Array(readFileSync(new URL(name, FIXTURES)));

describe("loadUploadedPdf", () => {
  it("keeps the streams' contents in the upload's memory instead of copying them", async () => {
    const bytes = fixture("google-doc-document.pdf");
    const document = await loadUploadedPdf(bytes);
    const streams = document.context
      .enumerateIndirectObjects()
      .map(([, object]) => object)
      .filter((object): object is PDFRawStream => object instanceof PDFRawStream);
    expect(streams.length).toBeGreaterThan(0);
    for (const stream of streams) expect(stream.contents.buffer).toBe(bytes.buffer);
    expect(pagesOf(document).numPages).toBeGreaterThan(0);
  });

  it("refuses an encrypted PDF with its own message", async () => {
    await expect(loadUploadedPdf(fixture("libreoffice-writer-password.pdf"))).rejects.toMatchObject({
      code: "UNSUPPORTED_MEDIA_TYPE",
      message: expect.stringMatching(/password/i),
    });
  });
});
