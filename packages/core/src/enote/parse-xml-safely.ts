import { DOMParser } from "@xmldom/xmldom";

/** Largest SMART Doc we read (an eNote is a few hundred kilobytes at most). */
export const MAX_SMART_DOC_BYTES = 5 * 1024 * 1024;
/** Deepest element nesting we read (real eNote views nest a few dozen levels). */
export const MAX_SMART_DOC_DEPTH = 256;

export type SafeXml = { ok: true; text: string; document: Document } | { ok: false; error: string };

const UTF8_BOM = "\uFEFF";

/**
 * Nesting depth of the markup, counted without parsing (so a deeply nested bomb is refused before a
 * parser builds it): start tags add one, end tags and empty-element tags don't; comments, CDATA
 * sections and processing instructions are skipped.
 */
function markupDepth(text: string, limit: number): number {
  let depth = 0;
  let deepest = 0;
  let index = text.indexOf("<");
  while (index !== -1) {
    if (text.startsWith("<!--", index)) {
      const end = text.indexOf("-->", index + 4);
      index = end === -1 ? -1 : text.indexOf("<", end + 3);
      continue;
    }
    if (text.startsWith("<![CDATA[", index)) {
      const end = text.indexOf("]]>", index + 9);
      index = end === -1 ? -1 : text.indexOf("<", end + 3);
      continue;
    }
    const close = text.indexOf(">", index);
    if (close === -1) break;
    const next = text[index + 1];
    if (next === "/") depth--;
    else if (next !== "?" && next !== "!" && text[close - 1] !== "/") {
      depth++;
      if (depth > deepest) deepest = depth;
      if (deepest > limit) return deepest;
    }
    index = text.indexOf("<", close + 1);
  }
  return deepest;
}

/**
 * A document type declaration naming only its root and an external DTD, e.g. MISMO 1.02's
 * `<!DOCTYPE SMART_DOCUMENT SYSTEM "SMART_DOCUMENT_1_02.dtd">`: it declares nothing (the DTD is never
 * fetched: xmldom loads no external resource), so it is read like no declaration at all. Anything
 * with an internal subset ('[' … ']'), where entities would live, is not.
 */
const EXTERNAL_ONLY_DOCTYPE =
  /^<!DOCTYPE\s+[A-Za-z_][\w.:-]*(?:\s+(?:SYSTEM\s+(?:"[^"]*"|'[^']*')|PUBLIC\s+(?:"[^"]*"|'[^']*')\s+(?:"[^"]*"|'[^']*')))?\s*>/;

/** True when the text declares no DOCTYPE, or one only naming an external DTD (see above). */
function doctypeIsHarmless(text: string): boolean {
  const declarations = [...text.matchAll(/<!DOCTYPE/gi)];
  if (declarations.length === 0) return true;
  if (declarations.length > 1) return false;
  return EXTERNAL_ONLY_DOCTYPE.test(text.slice(declarations[0]!.index));
}

/**
 * Reads untrusted XML without any of the classic XML attacks: bytes over MAX_SMART_DOC_BYTES,
 * anything but UTF-8, an ENTITY declaration or a DOCTYPE with an internal subset (billion laughs,
 * external entities: refused before a parser sees them, so nothing is expanded and no file or URL
 * is read; a DOCTYPE naming only an external DTD is harmless and accepted) and nesting deeper
 * than MAX_SMART_DOC_DEPTH are refused with a sentence saying why; so is XML that is not well formed
 * (xmldom's warnings and errors count as failures).
 */
export function parseXmlSafely(bytes: Uint8Array): SafeXml {
  if (bytes.length > MAX_SMART_DOC_BYTES) {
    return { ok: false, error: `The file is larger than ${MAX_SMART_DOC_BYTES / 1024 / 1024} MB.` };
  }
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return { ok: false, error: "The XML is not UTF-8 text." };
  }
  if (text.startsWith(UTF8_BOM)) text = text.slice(1);
  if (!doctypeIsHarmless(text) || /<!ENTITY/i.test(text)) {
    return {
      ok: false,
      error:
        "The XML declares a DOCTYPE or ENTITY: SMART Docs may not (entity expansion and external entities are refused).",
    };
  }
  const declared = /^\s*<\?xml[^>]*encoding\s*=\s*["']([^"']+)["']/.exec(text)?.[1];
  if (declared && !/^utf-?8$/i.test(declared)) {
    return { ok: false, error: `The XML declares the encoding ${declared}: only UTF-8 is accepted.` };
  }
  if (markupDepth(text, MAX_SMART_DOC_DEPTH) > MAX_SMART_DOC_DEPTH) {
    return { ok: false, error: `The XML nests elements deeper than ${MAX_SMART_DOC_DEPTH} levels.` };
  }
  const problems: string[] = [];
  const record = (level: string) => (message: unknown) => {
    problems.push(`${level}: ${String(message).split("\n")[0]}`);
  };
  let document: Document;
  try {
    document = new DOMParser({
      locator: {},
      errorHandler: { warning: record("warning"), error: record("error"), fatalError: record("fatal") },
    }).parseFromString(text, "text/xml") as unknown as Document;
  } catch (error) {
    return { ok: false, error: `The XML is not well formed (${String((error as Error).message).split("\n")[0]}).` };
  }
  if (problems.length > 0 || !document?.documentElement) {
    return { ok: false, error: `The XML is not well formed (${problems[0] ?? "no root element"}).` };
  }
  return { ok: true, text, document };
}
