/**
 * A TrueType subset written straight from the font file's bytes, as fontkit's TTFSubset writes it
 * (the same tables, in the same order, to the same byte): fontkit decodes every glyph's outline and
 * re-encodes each table field by field through its struct library, which cost about 4 ms per
 * document for the hundred glyphs a seal draws. Here glyphs and tables are copied, and only the
 * counts and offsets that differ in a subset are written.
 */

/** Where a table sits in the font file. */
interface Table {
  offset: number;
  length: number;
}

/** A TrueType font file with its table directory read. */
export interface TrueTypeSource {
  bytes: Uint8Array;
  view: DataView;
  tables: ReadonlyMap<string, Table>;
  /** head.indexToLocFormat is 1: loca holds 32-bit offsets */
  longOffsets: boolean;
  /** hhea.numberOfMetrics: glyphs from this one on share the last advance width */
  longMetrics: number;
}

// the compound glyph flags (TrueType reference manual, 'glyf')
const ARG_1_AND_2_ARE_WORDS = 0x0001;
const WE_HAVE_A_SCALE = 0x0008;
const MORE_COMPONENTS = 0x0020;
const WE_HAVE_AN_X_AND_Y_SCALE = 0x0040;
const WE_HAVE_A_TWO_BY_TWO = 0x0080;

export function readTrueType(bytes: Uint8Array): TrueTypeSource {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const tables = new Map<string, Table>();
  const count = view.getUint16(4);
  for (let index = 0; index < count; index++) {
    const entry = 12 + index * 16;
    const tag = String.fromCharCode(...bytes.subarray(entry, entry + 4));
    tables.set(tag, { offset: view.getUint32(entry + 8), length: view.getUint32(entry + 12) });
  }
  const table = (tag: string) => {
    const found = tables.get(tag);
    if (!found) throw new Error(`The font has no ${tag} table.`);
    return found;
  };
  return {
    bytes,
    view,
    tables,
    longOffsets: view.getInt16(table("head").offset + 50) === 1,
    longMetrics: view.getUint16(table("hhea").offset + 34),
  };
}

/**
 * The subset program of `glyphs` (subset glyph id = index; 0 is .notdef). A compound glyph's
 * components are added through `include`, which appends a glyph not yet in the list and returns
 * its subset id — fontkit's Subset.includeGlyph, so the subset's own list stays the one written.
 */
export function writeTrueTypeSubset(
  source: TrueTypeSource,
  glyphs: readonly number[],
  include: (glyph: number) => number,
): Uint8Array {
  const { bytes, view, tables } = source;
  const glyf = tables.get("glyf")!.offset;
  const loca = tables.get("loca")!.offset;
  const hmtx = tables.get("hmtx")!.offset;
  const locaAt = (glyph: number) =>
    source.longOffsets ? view.getUint32(loca + glyph * 4) : view.getUint16(loca + glyph * 2) * 2;

  const outlines: Uint8Array[] = [];
  const offsets: number[] = [];
  const metrics: number[] = [];
  let offset = 0;
  // glyphs grows while compound glyphs bring in their components
  for (let index = 0; index < glyphs.length; index++) {
    const glyph = glyphs[index]!;
    const start = locaAt(glyph);
    let outline = bytes.subarray(glyf + start, glyf + locaAt(glyph + 1));
    if (outline.length > 0 && view.getInt16(glyf + start) < 0) outline = remapComponents(outline, include);
    outlines.push(outline);
    offsets.push(offset);
    offset += outline.length;
    const metric = Math.min(glyph, source.longMetrics - 1);
    const advance = view.getUint16(hmtx + metric * 4);
    const bearing =
      glyph < source.longMetrics
        ? view.getInt16(hmtx + glyph * 4 + 2)
        : view.getInt16(hmtx + source.longMetrics * 4 + (glyph - source.longMetrics) * 2);
    metrics.push(advance, bearing);
  }
  offsets.push(offset);
  const longOffsets = offset > 0xffff;

  // a copy of its own (a Buffer's slice would be a view into the font)
  const copy = (tag: string) => {
    const table = tables.get(tag);
    return table ? new Uint8Array(bytes.subarray(table.offset, table.offset + table.length)) : undefined;
  };
  const head = copy("head")!;
  new DataView(head.buffer).setInt16(50, longOffsets ? 1 : 0);
  const hhea = copy("hhea")!;
  new DataView(hhea.buffer).setUint16(34, glyphs.length);
  const maxp = copy("maxp")!;
  new DataView(maxp.buffer).setUint16(4, glyphs.length);
  const locaTable = new Uint8Array(offsets.length * (longOffsets ? 4 : 2));
  const locaView = new DataView(locaTable.buffer);
  for (const [index, value] of offsets.entries()) {
    // fontkit halves short offsets with >>> 1, as the format wants
    if (longOffsets) locaView.setUint32(index * 4, value);
    else locaView.setUint16(index * 2, value >>> 1);
  }
  const hmtxTable = new Uint8Array(metrics.length * 2);
  const hmtxView = new DataView(hmtxTable.buffer);
  for (let index = 0; index < metrics.length; index += 2) {
    hmtxView.setUint16(index * 2, metrics[index]!);
    hmtxView.setInt16(index * 2 + 2, metrics[index + 1]!);
  }
  const glyfTable = Buffer.concat(outlines);

  // fontkit's order, its 'true' version tag, no checksums and no padding between tables
  const candidates: [string, Uint8Array | undefined][] = [
    ["head", head],
    ["hhea", hhea],
    ["loca", locaTable],
    ["maxp", maxp],
    ["cvt ", copy("cvt ")],
    ["prep", copy("prep")],
    ["glyf", glyfTable],
    ["hmtx", hmtxTable],
    ["fpgm", copy("fpgm")],
  ];
  const written = candidates.filter((entry): entry is [string, Uint8Array] => entry[1] !== undefined);
  const directory = new Uint8Array(12 + written.length * 16);
  const directoryView = new DataView(directory.buffer);
  directory.set([0x74, 0x72, 0x75, 0x65]);
  const power = 2 ** Math.floor(Math.log2(written.length));
  directoryView.setUint16(4, written.length);
  directoryView.setUint16(6, power * 16);
  directoryView.setUint16(8, Math.log2(power));
  directoryView.setUint16(10, written.length * 16 - power * 16);
  let at = directory.length;
  for (const [index, [tag, data]] of written.entries()) {
    const entry = 12 + index * 16;
    for (let char = 0; char < 4; char++) directory[entry + char] = tag.charCodeAt(char);
    directoryView.setUint32(entry + 8, at);
    directoryView.setUint32(entry + 12, data.length);
    at += data.length;
  }
  return Buffer.concat([directory, ...written.map(([, data]) => data)]);
}

/** A compound glyph with each component's glyph id replaced by its id in the subset. */
function remapComponents(outline: Uint8Array, include: (glyph: number) => number): Uint8Array {
  const copy = new Uint8Array(outline);
  const view = new DataView(copy.buffer);
  let at = 10;
  for (;;) {
    const flags = view.getUint16(at);
    view.setUint16(at + 2, include(view.getUint16(at + 2)));
    at += 4 + (flags & ARG_1_AND_2_ARE_WORDS ? 4 : 2);
    if (flags & WE_HAVE_A_SCALE) at += 2;
    else if (flags & WE_HAVE_AN_X_AND_Y_SCALE) at += 4;
    else if (flags & WE_HAVE_A_TWO_BY_TWO) at += 8;
    if (!(flags & MORE_COMPONENTS)) return copy;
  }
}
