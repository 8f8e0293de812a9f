import { type PDFDocument, type PDFObject, PDFRef } from "pdf-lib";

const latin1 = (text: string) => Buffer.from(text, "latin1");

/**
 * `base` — the bytes `document` was saved to, unchanged since — with an incremental update appended
 * (ISO 32000-1 §7.5.6) that holds the objects numbered above `objectsBefore` (those made since the
 * save) and the existing objects in `changed`, and a classic cross-reference section chained to the
 * base's by /Prev. Readers see the same objects a full save would write, but the base's objects are
 * not serialised a second time: for the seal of a 50-page document that second save was most of its
 * cost. The base must end with a classic cross-reference table (pdf-lib saves without object
 * streams write one), which the update keeps: PDF/A-1 allows no cross-reference streams.
 */
export function appendIncrementalUpdate(
  base: Uint8Array,
  document: PDFDocument,
  objectsBefore: number,
  changed: Iterable<PDFRef>,
): Uint8Array {
  const { context } = document;
  const previous = lastCrossReferenceOffset(base);
  const refs = new Map<number, PDFRef>();
  for (const ref of changed) refs.set(ref.objectNumber, ref);
  // the objects made since the save, numbered on from the largest with generation 0 (a lookup per
  // number rather than sorting all of the document's objects to pick them out)
  for (let number = objectsBefore + 1; number <= context.largestObjectNumber; number++) {
    const ref = PDFRef.of(number);
    if (context.lookup(ref) !== undefined) refs.set(number, ref);
  }
  const ordered = [...refs.values()].sort((a, b) => a.objectNumber - b.objectNumber);

  const parts: Uint8Array[] = [base, latin1("\n")];
  let offset = base.length + 1;
  const offsets: number[] = [];
  for (const ref of ordered) {
    const object = context.lookup(ref);
    if (!object) throw new Error(`Object ${ref.objectNumber} is not in the document.`);
    const head = latin1(`${ref.objectNumber} ${ref.generationNumber} obj\n`);
    const body = serialise(object);
    const tail = latin1("\nendobj\n");
    offsets.push(offset);
    parts.push(head, body, tail);
    offset += head.length + body.length + tail.length;
  }

  // one subsection per run of consecutive object numbers; each entry is exactly 20 bytes
  let xref = "xref\n";
  for (let start = 0; start < ordered.length; ) {
    let end = start + 1;
    while (end < ordered.length && ordered[end]!.objectNumber === ordered[end - 1]!.objectNumber + 1) end++;
    xref += `${ordered[start]!.objectNumber} ${end - start}\n`;
    for (let index = start; index < end; index++) {
      const generation = String(ordered[index]!.generationNumber).padStart(5, "0");
      xref += `${String(offsets[index]).padStart(10, "0")} ${generation} n \n`;
    }
    start = end;
  }
  const { Root, Encrypt, Info, ID } = context.trailerInfo;
  const trailer = context.obj({ Size: context.largestObjectNumber + 1, Root, Encrypt, Info, ID, Prev: previous });
  parts.push(latin1(`${xref}trailer\n`), serialise(trailer), latin1(`\nstartxref\n${offset}\n%%EOF`));
  // one copy into an array of its own (Buffer.concat's result may share a pooled ArrayBuffer)
  const file = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    file.set(part, at);
    at += part.length;
  }
  return file;
}

function serialise(object: PDFObject): Uint8Array {
  // a stream brings its dictionary's /Length up to date in sizeInBytes, before copying
  const bytes = new Uint8Array(object.sizeInBytes());
  object.copyBytesInto(bytes, 0);
  return bytes;
}

/** The byte offset the base's last `startxref` points at. */
function lastCrossReferenceOffset(base: Uint8Array): number {
  const tail = Buffer.from(base.subarray(Math.max(0, base.length - 1024))).toString("latin1");
  const match = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(tail);
  if (!match) throw new Error("The file does not end with a cross-reference offset.");
  const offset = Number(match[1]);
  if (Buffer.from(base.subarray(offset, offset + 4)).toString("latin1") !== "xref") {
    throw new Error("The file's last cross-reference section is not a classic table.");
  }
  return offset;
}
