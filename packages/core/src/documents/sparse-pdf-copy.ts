/**
 * The bytes of an upload as pdf-lib reads them, without the contents of its large streams (the
 * images and page contents that make a 50 MB PDF 50 MB). It is filled as the upload streams in:
 * every byte is copied at its own offset into one zero-filled buffer, except the inside of a stream
 * whose dictionary gives a direct /Length of at least SKIP_MIN_BYTES. pdf-lib jumps over such a
 * stream by its /Length without reading it, and none of the upload's checks read a stream's
 * contents, so they answer the same as on the whole file. The skipped pages of the buffer are never
 * written and so never become resident: the process holds only what is parsed.
 *
 * Finding the streams is a scan for the `stream` keyword, not a parser: verifySkips checks, after
 * pdf-lib parsed the copy, that every skipped range lies inside a stream it took by its /Length;
 * anything else (an incremental update that replaced the stream, a miscounted /Length…) means the
 * copy cannot be trusted, and the caller reads the whole file instead.
 */
import { type PDFDocument, PDFName, PDFNumber, PDFRawStream } from "pdf-lib";

export const SKIP_MIN_BYTES = 64 * 1024;
/** How far before a `stream` keyword its dictionary is looked for. */
const DICT_LOOKBACK = 4096;
const STREAM = Buffer.from("stream");

export interface SkippedRange {
  start: number;
  end: number;
}

/**
 * Copy buffers kept for the next uploads. A new buffer per upload, even one never touched beyond a
 * megabyte, counts in full (MAX_UPLOAD_BYTES) towards the memory V8 watches outside its heap, and
 * every 64 MB of that starts a full garbage collection of the API's heap: with 48 MiB uploads,
 * about a third of the API's CPU per upload (measured: 310 → 215 ms, the bare baseline 140).
 * A buffer goes back to the pool with the bytes it was given zeroed again, so a copy always starts
 * as zeros; it is kept only while the pages its uses wrote (resident from then on) stay under
 * POOLED_RESIDENT_LIMIT, which bounds what the pool holds.
 */
const POOL_SIZE = 2;
const POOLED_RESIDENT_LIMIT = 16 * 1024 * 1024;
const pool: { buffer: Buffer; touched: number }[] = [];

export class SparsePdfCopy {
  /** zero-filled and never written where skipped: untouched pages cost no memory */
  private readonly buffer: Buffer;
  /** bytes written into this buffer by earlier copies (an upper bound of its resident pages) */
  private readonly touched: number;
  private released = false;
  private readonly written: { start: number; end: number }[] = [];
  size = 0;
  /** more bytes arrived than the buffer holds (the upload is refused as too large anyway) */
  overflowed = false;
  readonly skipped: SkippedRange[] = [];
  private skipFrom = 0;
  private skipUntil = 0;
  private scanFrom = 0;

  constructor(capacity: number) {
    const index = pool.findIndex((pooled) => pooled.buffer.length === capacity);
    const pooled = index >= 0 ? pool.splice(index, 1)[0]! : { buffer: Buffer.alloc(capacity), touched: 0 };
    this.buffer = pooled.buffer;
    this.touched = pooled.touched;
  }

  /** The copy so far: what pdf-lib parses. */
  get bytes(): Buffer {
    if (this.released) throw new Error("This PDF copy was released.");
    return this.buffer.subarray(0, this.size);
  }

  /**
   * Hands the buffer on to a later copy, once nothing reads this one (nothing parsed from it may
   * be kept: pdf-lib's objects share its memory). The bytes written are zeroed first.
   */
  release(): void {
    if (this.released) return;
    this.released = true;
    let written = 0;
    for (const { start, end } of this.written) {
      this.buffer.fill(0, start, end);
      written += end - start;
    }
    const touched = this.touched + written;
    if (pool.length < POOL_SIZE && touched <= POOLED_RESIDENT_LIMIT) pool.push({ buffer: this.buffer, touched });
  }

  push(chunk: Uint8Array): void {
    const start = this.size;
    const end = start + chunk.length;
    this.size = end;
    if (this.overflowed || end > this.buffer.length) {
      this.overflowed = true;
      return;
    }
    this.copy(chunk, start, start, Math.min(end, Math.max(start, this.skipFrom)));
    this.copy(chunk, start, Math.max(start, this.skipUntil), end);
    this.scan();
  }

  private copy(chunk: Uint8Array, chunkStart: number, from: number, to: number) {
    if (to <= from) return;
    this.buffer.set(chunk.subarray(from - chunkStart, to - chunkStart), from);
    // the ranges written, in order: what release() zeroes
    const last = this.written.at(-1);
    if (last && last.end === from) last.end = to;
    else this.written.push({ start: from, end: to });
  }

  /** Looks for the next streams in what was copied, and decides which to skip. */
  private scan() {
    const bytes = this.bytes;
    while (this.scanFrom < this.size) {
      const at = bytes.indexOf(STREAM, this.scanFrom);
      if (at < 0) {
        // a keyword cut by the chunk's end is found next time
        this.scanFrom = Math.max(this.scanFrom, this.size - STREAM.length);
        return;
      }
      // the end of line after the keyword must have arrived
      if (at + STREAM.length + 2 > this.size) {
        this.scanFrom = at;
        return;
      }
      this.scanFrom = at + STREAM.length;
      const contentsStart = this.contentsStart(bytes, at);
      if (contentsStart === null) continue;
      const length = directLength(bytes.subarray(Math.max(0, at - DICT_LOOKBACK), at).toString("latin1"));
      if (length === null) continue;
      // the scan goes on after the stream: its contents may hold the word by chance
      this.scanFrom = contentsStart + length;
      if (length < SKIP_MIN_BYTES) continue;
      // a margin at each end, whatever end of line pdf-lib takes as the start of the contents
      this.skipFrom = contentsStart + 2;
      this.skipUntil = contentsStart + length - 2;
      this.skipped.push({ start: this.skipFrom, end: this.skipUntil });
    }
  }

  /** Where a stream's contents start when `at` is its keyword after a dictionary, else null. */
  private contentsStart(bytes: Buffer, at: number): number | null {
    if (at >= 3 && bytes.toString("latin1", at - 3, at) === "end") return null;
    let before = at - 1;
    while (before > 0 && isWhite(bytes[before]!)) before--;
    if (before < 1 || bytes[before] !== 0x3e || bytes[before - 1] !== 0x3e) return null;
    const after = at + STREAM.length;
    if (bytes[after] === 0x0d && bytes[after + 1] === 0x0a) return after + 2;
    if (bytes[after] === 0x0a || bytes[after] === 0x0d) return after + 1;
    return null;
  }
}

const isWhite = (byte: number) => byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09 || byte === 0x0c;

/**
 * The direct /Length of the dictionary that ends `text` (the bytes before a `stream` keyword), or
 * null: an indirect one, none, or a stream pdf-lib reads the contents of while parsing (object
 * and cross-reference streams).
 */
function directLength(text: string): number | null {
  const start = text.lastIndexOf("obj");
  if (start < 0) return null;
  const dict = text.slice(start);
  if (/\/Type\s*\/(?:ObjStm|XRef)\b/.test(dict) || /\/Type\s*\d/.test(dict)) return null;
  const lengths = [...dict.matchAll(/\/Length\s+(\d+)(\s+\d+\s+R)?/g)];
  const last = lengths.at(-1);
  if (!last || last[2] !== undefined) return null;
  return Number(last[1]);
}

/**
 * Whether pdf-lib, parsing `copy`, took every skipped range as (part of) the contents of a stream
 * whose direct /Length it jumped over: then it read none of the skipped bytes. pdf-lib parses front
 * to back, so a byte inside such a jump was read by nothing else; a stream found by scanning for
 * `endstream` instead (its /Length wrong or indirect) would have read zeros, and fails this check.
 */
export function skipsAreUnread(document: PDFDocument, copy: SparsePdfCopy): boolean {
  if (copy.overflowed) return false;
  if (copy.skipped.length === 0) return true;
  const base = copy.bytes;
  const jumped: SkippedRange[] = [];
  for (const [, object] of document.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue;
    const { contents } = object;
    const length = object.dict.get(PDFName.of("Length"));
    if (!(length instanceof PDFNumber) || length.asNumber() !== contents.length) continue;
    if (contents.buffer !== base.buffer) continue;
    const start = contents.byteOffset - base.byteOffset;
    jumped.push({ start, end: start + contents.length });
  }
  jumped.sort((a, b) => a.start - b.start);
  let next = 0;
  for (const range of copy.skipped) {
    while (next < jumped.length && jumped[next]!.end < range.end) next++;
    const stream = jumped[next];
    if (!stream || stream.start > range.start) return false;
  }
  return true;
}
