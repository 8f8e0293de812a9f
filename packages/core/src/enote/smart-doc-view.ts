import {
  ENOTE_VIEW_ATTRIBUTES,
  ENOTE_VIEW_CSS_PROPERTIES,
  ENOTE_VIEW_ELEMENTS,
  ENOTE_VIEW_VOID_ELEMENTS,
} from "@signet/contract";
import { parseXmlSafely } from "./parse-xml-safely.ts";
import {
  AREA_ATTRIBUTE,
  AREA_SEQUENCE_ATTRIBUTE,
  areaLabel,
  childElements,
  eNoteMin,
  FIELD_ATTRIBUTE,
  normalizeRole,
  smartDocParts,
  XHTML_NS,
} from "./smart-doc-format.ts";
import { unsafeCss } from "./view-active-content.ts";

/** Dropped with everything inside: active, embedding or invisible content. */
const DROPPED_ELEMENTS = new Set([
  "head",
  "title",
  "script",
  "style",
  "iframe",
  "frame",
  "frameset",
  "object",
  "embed",
  "applet",
  "link",
  "meta",
  "base",
  "form",
  "input",
  "button",
  "select",
  "textarea",
  "template",
  "noscript",
  "svg",
  "math",
  "img",
  "video",
  "audio",
  "canvas",
]);
const escapeText = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const escapeAttribute = (text: string) => escapeText(text).replace(/"/g, "&quot;");

/** Only the allowed declarations of a style, with plain values (no functions, no escapes). */
function safeStyle(style: string): string | null {
  if (unsafeCss(style)) return null;
  const kept = style
    .split(";")
    .map((declaration) => declaration.split(":"))
    .filter(
      (parts): parts is [string, string] =>
        parts.length === 2 &&
        ENOTE_VIEW_CSS_PROPERTIES.has(parts[0]!.trim().toLowerCase()) &&
        /^[\w\s#.,%-]+$/.test(parts[1]!.trim()),
    )
    .map(([name, value]) => `${name.trim().toLowerCase()}: ${value.trim()}`);
  return kept.length > 0 ? kept.join("; ") : null;
}

export interface ENoteViewArea {
  /** e.g. "BORROWER 1" */
  label: string;
  /** the SIGNATURE tag of that signer on this document, when there is one */
  tagId: string | null;
}

export interface ENoteView {
  min: string | null;
  /** the VIEW as HTML built from an allow-list: known elements and attributes only, no scripts, styles beyond a safe subset, links or images */
  html: string;
  areas: ENoteViewArea[];
}

/**
 * Issue 15 §5: what the signing room shows of an eNote — its VIEW rebuilt as HTML from an allow-list
 * (nothing of the document is passed through as it is: unknown elements are unwrapped or dropped,
 * attributes and CSS kept only when known and plain). Each borrower signature area becomes an empty
 * `<div data-signature-area="BORROWER 1" data-tag-id="…">` the room fills with its sign control.
 */
export function eNoteView(
  bytes: Uint8Array,
  tagIdOf: (area: { role: string; sequence: number }) => string | null,
): ENoteView {
  const parsed = parseXmlSafely(bytes);
  if (!parsed.ok) return { min: null, html: "", areas: [] };
  const parts = smartDocParts(parsed.document);
  const view = parts.views[0];
  if (!view) return { min: eNoteMin(parts.main), html: "", areas: [] };
  const areas: ENoteViewArea[] = [];
  const out: string[] = [];

  const walk = (node: Node) => {
    for (let child = node.firstChild; child; child = child.nextSibling) {
      if (child.nodeType === 3 || child.nodeType === 4) {
        out.push(escapeText(child.nodeValue ?? ""));
        continue;
      }
      if (child.nodeType !== 1) continue;
      const element = child as Element;
      const name = (element.localName ?? element.nodeName).toLowerCase();
      if (element.namespaceURI !== XHTML_NS || DROPPED_ELEMENTS.has(name)) continue;
      const role = element.getAttribute(AREA_ATTRIBUTE);
      if (role) {
        const area = {
          role: normalizeRole(role),
          sequence: element.hasAttribute(AREA_SEQUENCE_ATTRIBUTE)
            ? Number(element.getAttribute(AREA_SEQUENCE_ATTRIBUTE))
            : 1,
        };
        const label = areaLabel(area);
        const tagId = tagIdOf(area);
        areas.push({ label, tagId });
        const signed = element.getAttribute("data-signed") === "true";
        out.push(
          `<div data-signature-area="${escapeAttribute(label)}"${tagId ? ` data-tag-id="${escapeAttribute(tagId)}"` : ""}>`,
        );
        // a sealed eNote's areas hold the signature text: shown as it is (text only)
        if (signed) {
          for (const line of childElements(element)) out.push(`<p>${escapeText((line.textContent ?? "").trim())}</p>`);
        }
        out.push("</div>");
        continue;
      }
      if (!ENOTE_VIEW_ELEMENTS.has(name)) {
        walk(element);
        continue;
      }
      const attributes: string[] = [];
      for (let index = 0; index < element.attributes.length; index++) {
        const attribute = element.attributes.item(index)!;
        const attributeName = (attribute.localName ?? attribute.name).toLowerCase();
        if (attribute.namespaceURI) continue;
        if (ENOTE_VIEW_ATTRIBUTES.has(attributeName) && /^[\w\s.,:%#-]*$/.test(attribute.value)) {
          attributes.push(` ${attributeName}="${escapeAttribute(attribute.value)}"`);
        } else if (attributeName === FIELD_ATTRIBUTE) {
          attributes.push(` data-field="${escapeAttribute(attribute.value)}"`);
        } else if (attributeName === "style") {
          const style = safeStyle(attribute.value);
          if (style) attributes.push(` style="${escapeAttribute(style)}"`);
        }
      }
      out.push(`<${name}${attributes.join("")}>`);
      if (ENOTE_VIEW_VOID_ELEMENTS.has(name)) continue;
      walk(element);
      out.push(`</${name}>`);
    }
  };
  walk(view);
  return { min: eNoteMin(parts.main), html: out.join("").trim(), areas };
}
