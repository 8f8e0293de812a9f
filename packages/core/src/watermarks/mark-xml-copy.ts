/**
 * A copy of an XML record (a sealed SMART Doc eNote) that says it is a copy (DOMAIN.md §6, §7): a
 * processing instruction and a comment naming it a copy go right after the XML declaration, outside
 * the root element. Nothing inside the document changes, so the copy's view still reads as signed
 * and its tamper seal still verifies — yet its bytes, and so its hash, differ from the
 * authoritative copy's, and any reader of the file sees that it is not the original.
 */
export function markXmlCopy(original: Uint8Array, text: string): Uint8Array {
  const xml = Buffer.from(original).toString("utf8");
  const declaration = /^\uFEFF?<\?xml[^?]*\?>/.exec(xml);
  const at = declaration ? declaration[0].length : 0;
  const safe = text.replace(/--/g, "—").replace(/\?>/g, "? >");
  const mark = `\n<?signet-copy ${safe.replace(/[\r\n]+/g, " ")}?>\n<!-- ${safe} -->`;
  return Buffer.from(`${xml.slice(0, at)}${mark}${at === 0 ? "\n" : ""}${xml.slice(at)}`, "utf8");
}

/** An XML file (not a PDF): the copy is marked, not drawn on. */
export function isXmlRecord(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.subarray(0, 64))
    .toString("utf8")
    .replace(/^\uFEFF/, "")
    .trimStart();
  return head.startsWith("<");
}
