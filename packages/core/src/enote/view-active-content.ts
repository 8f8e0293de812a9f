import { descendants, XHTML_NS } from "./smart-doc-format.ts";

/** Attributes whose value is a URL a renderer would load or follow. */
const URL_ATTRIBUTES = new Set([
  "href",
  "src",
  "srcset",
  "action",
  "formaction",
  "data",
  "poster",
  "background",
  "cite",
  "longdesc",
  "usemap",
  "codebase",
  "classid",
  "archive",
  "profile",
  "manifest",
  "lowsrc",
  "dynsrc",
]);
const EMBEDDING = new Set(["iframe", "frame", "frameset", "object", "embed", "applet", "portal"]);
const REFERENCING = new Set(["link", "base", "meta", "form", "import"]);
/** data: URLs that only ever hold a picture (anything else in a data: URL can carry a page or a script) */
const SAFE_DATA_URL = /^data:image\/(png|jpeg|gif);base64,[a-z0-9+/=\s]*$/i;

/** A URL as a browser reads it: control characters and white space inside the scheme are ignored. */
const urlOf = (value: string) =>
  [...value].filter((character) => character.charCodeAt(0) > 0x20 && character.charCodeAt(0) !== 0x7f).join("");

const describe = (element: Element) => `<${element.localName ?? element.nodeName}>`;

/** What is wrong with CSS text taken from the view (a style attribute or element), or null. */
export function unsafeCss(css: string): string | null {
  const text = css.replace(/\\/g, "").toLowerCase();
  if (/url\s*\(|@import|image-set\s*\(|src\s*\(/.test(text)) return "loads an external resource (url() or @import)";
  if (/expression\s*\(|javascript:|behavior\s*:|-moz-binding/.test(text)) return "holds script";
  return null;
}

/**
 * Active content and external references in a VIEW (DOMAIN.md §6: "scripts or external references in
 * the view"), one sentence per finding: script elements, event handler attributes, javascript: URLs,
 * embedded frames and objects, links and images loading something from elsewhere (only fragment links
 * `#…` and data:image pictures stay inside the document), CSS that loads or runs anything, and
 * elements outside XHTML (SVG and MathML can carry their own scripts and links).
 */
export function viewActiveContent(view: Element): string[] {
  const found: string[] = [];
  for (const element of descendants(view)) {
    const name = (element.localName ?? element.nodeName).toLowerCase();
    if (element.namespaceURI !== XHTML_NS) {
      found.push(`The VIEW holds ${describe(element)}, which is not XHTML.`);
    }
    if (name === "script") found.push("The VIEW holds a <script> element.");
    else if (EMBEDDING.has(name)) found.push(`The VIEW embeds external content (${describe(element)}).`);
    else if (REFERENCING.has(name)) found.push(`The VIEW holds ${describe(element)}, which refers to other resources.`);
    if (name === "style") {
      const problem = unsafeCss(element.textContent ?? "");
      if (problem) found.push(`A <style> element in the VIEW ${problem}.`);
    }
    for (let index = 0; index < element.attributes.length; index++) {
      const attribute = element.attributes.item(index)!;
      const attributeName = (attribute.localName ?? attribute.name).toLowerCase();
      const value = attribute.value ?? "";
      if (attributeName.startsWith("on")) {
        found.push(`${describe(element)} in the VIEW has the event handler attribute ${attribute.name}.`);
        continue;
      }
      if (attributeName === "style") {
        const problem = unsafeCss(value);
        if (problem) found.push(`The style of ${describe(element)} in the VIEW ${problem}.`);
        continue;
      }
      const isUrl = URL_ATTRIBUTES.has(attributeName) || attribute.namespaceURI === "http://www.w3.org/1999/xlink";
      if (!isUrl) continue;
      const url = urlOf(value);
      const inside =
        url.startsWith("#") ||
        (url === "" && attributeName === "href") ||
        (name === "img" && attributeName === "src" && SAFE_DATA_URL.test(value));
      if (/^(javascript|vbscript):/i.test(url)) {
        found.push(`${describe(element)} in the VIEW has a javascript: URL in ${attribute.name}.`);
      } else if (!inside) {
        found.push(
          `${describe(element)} in the VIEW refers to an external resource (${attribute.name}="${value.slice(0, 80)}").`,
        );
      }
    }
  }
  return found;
}
