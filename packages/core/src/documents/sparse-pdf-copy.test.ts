import { readFileSync } from "node:fs";
import { PDFDocument, PDFName } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { inspectPdfCopy, loadUploadedPdf, pagesOf } from "./pdf-intake.ts";
import { findActiveContent } from "./remove-active-content.ts";
import { SKIP_MIN_BYTES, SparsePdfCopy } from "./sparse-pdf-copy.ts";

const FIXTURES = new URL("../../../../fixtures/pdfs/", import.meta.url);
const fixture = (name: string) => new Uint8Array(readFileSync(new URL(name, FIXTURES)));
const REAL_WORLD = [
  "google-doc-document.pdf",
  "libreoffice-form.pdf",
  "libreoffice-writer-password.pdf",
  "minimal-document-pdfa-1b.pdf",
  "minimal-document.pdf",
  "pdfkit.pdf",
  "pdflatex-4-pages.pdf",
];

/** The copy an upload arriving in `chunkSize`-byte pieces fills. */
function copyOf(bytes: Uint8Array, chunkSize = 1000) {
  const copy = new SparsePdfCopy(bytes.length + 1);
  for (let at = 0; at < bytes.length; at += chunkSize) copy.push(bytes.subarray(at, at + chunkSize));
  return copy;
}

/** What the upload answered before the copy: pages, or null when it refused or rewrote the file. */
async function wholeFileAnswer(bytes: Uint8Array) {
  try {
    const inspected = pagesOf(await loadUploadedPdf(bytes));
    return (await findActiveContent(bytes)).length === 0 ? inspected : null;
  } catch {
    return null;
  }
}

/** Noise that does not compress: what a photo's stream holds. */
function noise(length: number, seed: number) {
  const bytes = new Uint8Array(length);
  let state = seed;
  for (let index = 0; index < length; index++) {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    bytes[index] = state >>> 24;
  }
  return bytes;
}

/** A PDF of `pages` pages, each drawing one large raw image stream, saved with or without object streams. */
async function largePdf(pages: number, useObjectStreams: boolean) {
  const document = await PDFDocument.create();
  for (let index = 0; index < pages; index++) {
    const page = document.addPage([612 + index, 792]);
    const image = document.context.flateStream(noise(SKIP_MIN_BYTES * 2, index + 1), {
      Type: "XObject",
      Subtype: "Image",
      Width: 128,
      Height: 128,
      BitsPerComponent: 8,
      ColorSpace: "DeviceGray",
    });
    const ref = document.context.register(image);
    page.node.setXObject(PDFName.of(`Im${index}`), ref);
  }
  return document.save({ useObjectStreams });
}

describe("SparsePdfCopy on the real-world fixtures", () => {
  for (const name of REAL_WORLD) {
    it(`answers as the whole file does: ${name}`, async () => {
      const bytes = fixture(name);
      for (const chunkSize of [7, 1000, 65536]) {
        const copy = copyOf(bytes, chunkSize);
        const answer = await inspectPdfCopy(copy);
        const whole = await wholeFileAnswer(bytes);
        if (answer !== null) expect(answer).toEqual(whole);
        // a fixture the upload accepts as it is must be settled by the copy, without reading the file back
        if (whole !== null) expect(answer).not.toBeNull();
      }
    });
  }

  it("leaves the encrypted fixture to the whole-file check (which refuses it with its own message)", async () => {
    expect(await inspectPdfCopy(copyOf(fixture("libreoffice-writer-password.pdf")))).toBeNull();
  });
});

describe("SparsePdfCopy skipping large streams", () => {
  for (const useObjectStreams of [false, true]) {
    it(`never holds the large streams' contents, and answers as the whole file (${useObjectStreams ? "object and xref streams" : "xref table"})`, async () => {
      const bytes = await largePdf(3, useObjectStreams);
      const copy = copyOf(bytes, 4096);
      expect(copy.skipped).toHaveLength(3);
      for (const range of copy.skipped) {
        expect(range.end - range.start).toBeGreaterThan(SKIP_MIN_BYTES);
        // nothing of the skipped contents was copied, but for the rest of the chunk that held its start
        expect(copy.bytes.subarray(range.start + 4096, range.end).every((byte) => byte === 0)).toBe(true);
      }
      const answer = await inspectPdfCopy(copy);
      expect(answer).not.toBeNull();
      expect(answer).toEqual(await wholeFileAnswer(bytes));
      expect(answer!.pageSizes.map((size) => size.width)).toEqual([612, 613, 614]);
    });
  }

  it("is not trusted when an incremental update replaced a skipped stream", async () => {
    const original = await largePdf(1, false);
    // an incremental update that redefines the image object with small contents
    const document = await PDFDocument.load(original);
    const [ref] = document.context
      .enumerateIndirectObjects()
      .find(
        ([, object]) =>
          object instanceof Object &&
          "contents" in object &&
          (object as { contents: Uint8Array }).contents.length > SKIP_MIN_BYTES,
      )!;
    const startxref = Buffer.from(original).toString("latin1").lastIndexOf("startxref");
    const update = Buffer.from(
      `\n${ref.objectNumber} 0 obj\n<< /Length 3 >>\nstream\nabc\nendstream\nendobj\n` +
        `trailer\n<< /Root ${String(document.context.trailerInfo.Root)} /Size 99 /Prev ${startxref} >>\n%%EOF\n`,
      "latin1",
    );
    const updated = Buffer.concat([original, update]);
    const copy = copyOf(updated, 4096);
    expect(copy.skipped).toHaveLength(1);
    // pdf-lib keeps the later object, so the skipped range is no stream it jumped over
    expect(await inspectPdfCopy(copy)).toBeNull();
    expect(await wholeFileAnswer(updated)).not.toBeNull();
  });

  it("is not trusted when a stream's /Length is wrong (pdf-lib then scans the contents for endstream)", async () => {
    const bytes = Buffer.from(await largePdf(1, false));
    const text = bytes.toString("latin1");
    const length = /\/Length (\d{6})/.exec(text)!;
    const wrong = String(Number(length[1]) - 100).padStart(length[1]!.length, "0");
    bytes.write(wrong, length.index + "/Length ".length, "latin1");
    const copy = copyOf(bytes, 4096);
    expect(copy.skipped).toHaveLength(1);
    expect(await inspectPdfCopy(copy)).toBeNull();
  });

  it("answers as the whole file when the cross-reference table is broken (pdf-lib reads objects in file order)", async () => {
    const bytes = Buffer.from(await largePdf(2, false));
    const text = bytes.toString("latin1");
    // every offset of the table and startxref pointing nowhere
    const table = text.indexOf("\nxref\n");
    const broken = Buffer.from(
      text.slice(0, table) +
        text
          .slice(table)
          .replace(/\d{10} (\d{5}) n/g, "0000000001 $1 n")
          .replace(/startxref\n\d+/, "startxref\n7"),
      "latin1",
    );
    const copy = copyOf(broken, 4096);
    expect(copy.skipped).toHaveLength(2);
    const answer = await inspectPdfCopy(copy);
    expect(answer).not.toBeNull();
    expect(answer).toEqual(await wholeFileAnswer(broken));
  });

  it("is not trusted past its capacity", async () => {
    const bytes = fixture("minimal-document.pdf");
    const copy = new SparsePdfCopy(100);
    copy.push(bytes);
    expect(copy.overflowed).toBe(true);
    expect(await inspectPdfCopy(copy)).toBeNull();
  });

  it("keeps the contents of a large stream whose /Length is indirect", async () => {
    const base = await PDFDocument.create();
    base.addPage([300, 400]);
    const original = Buffer.from(await base.save({ useObjectStreams: false }));
    // appended as an incremental update: an unreferenced object with an indirect /Length
    const contents = Buffer.from(noise(SKIP_MIN_BYTES * 2, 7));
    const update = Buffer.concat([
      Buffer.from(`\n90 0 obj\n<< /Length 91 0 R >>\nstream\n`, "latin1"),
      contents,
      Buffer.from(`\nendstream\nendobj\n91 0 obj\n${contents.length}\nendobj\n`, "latin1"),
    ]);
    const bytes = Buffer.concat([original, update]);
    const copy = copyOf(bytes, 4096);
    expect(copy.skipped).toHaveLength(0);
    expect(copy.bytes.equals(bytes)).toBe(true);
    const answer = await inspectPdfCopy(copy);
    expect(answer).not.toBeNull();
    expect(answer).toEqual(await wholeFileAnswer(bytes));
  });
});

describe("SparsePdfCopy's buffer, handed on once released", () => {
  // capacities of their own, so copies made by other tests never take these buffers
  const capacityFor = (bytes: Uint8Array, extra: number) => bytes.length + 1 + extra;

  it("serves the next copy of the same capacity, all zeros again, and the answers stay the same", async () => {
    const first = await largePdf(2, false);
    const second = await largePdf(1, true);
    const capacity = capacityFor(first, 17);
    const a = new SparsePdfCopy(capacity);
    a.push(first);
    const memory = a.bytes.buffer;
    const expected = await inspectPdfCopy(a);
    a.release();
    expect(() => a.bytes).toThrow("released");

    const b = new SparsePdfCopy(capacity);
    expect(b.bytes.buffer).toBe(memory);
    // the whole buffer reads as a new one would, where the first copy wrote included
    expect(Buffer.from(memory, 0, capacity).every((byte) => byte === 0)).toBe(true);
    b.push(second);
    expect(await inspectPdfCopy(b)).toEqual(await wholeFileAnswer(second));
    b.release();

    const c = new SparsePdfCopy(capacity);
    c.push(first);
    expect(c.bytes.buffer).toBe(memory);
    expect(await inspectPdfCopy(c)).toEqual(expected);
  });

  it("is not kept once its copies have written more than the pool lets stay resident", () => {
    const capacity = 20 * 1024 * 1024 + 3;
    // no stream to skip: every byte is written
    const text = Buffer.alloc(capacity - 1, 0x41);
    const a = new SparsePdfCopy(capacity);
    a.push(text);
    const memory = a.bytes.buffer;
    a.release();
    const b = new SparsePdfCopy(capacity);
    expect(b.bytes.buffer).not.toBe(memory);
  });

  it("is released once only: a second release cannot put it in the pool twice", () => {
    const capacity = 4 * 1024 + 5;
    const a = new SparsePdfCopy(capacity);
    a.push(Buffer.from("%PDF-1.7\n"));
    const memory = a.bytes.buffer;
    a.release();
    a.release();
    const b = new SparsePdfCopy(capacity);
    const c = new SparsePdfCopy(capacity);
    expect(b.bytes.buffer).toBe(memory);
    expect(c.bytes.buffer).not.toBe(memory);
  });
});
