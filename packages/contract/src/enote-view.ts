// Issue 15 §5: what of an eNote's VIEW may reach a participant's screen. The server rebuilds the VIEW
// from these lists and the signing room parses what it receives against the same lists again, so
// both sides must agree on one set.

/** XHTML elements shown; anything else is dropped or unwrapped. */
export const ENOTE_VIEW_ELEMENTS: ReadonlySet<string> = new Set([
  "div",
  "span",
  "p",
  "br",
  "hr",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "strong",
  "b",
  "em",
  "i",
  "u",
  "s",
  "small",
  "sub",
  "sup",
  "table",
  "thead",
  "tbody",
  "tfoot",
  "tr",
  "th",
  "td",
  "caption",
  "colgroup",
  "col",
  "ul",
  "ol",
  "li",
  "dl",
  "dt",
  "dd",
  "blockquote",
  "pre",
  "code",
  "section",
  "article",
  "header",
  "footer",
  "address",
]);

/** Elements that never hold content. */
export const ENOTE_VIEW_VOID_ELEMENTS: ReadonlySet<string> = new Set(["br", "hr", "col"]);

/** Attributes kept, with plain values only. */
export const ENOTE_VIEW_ATTRIBUTES: ReadonlySet<string> = new Set([
  "colspan",
  "rowspan",
  "lang",
  "dir",
  "title",
  "align",
  "valign",
  "scope",
]);

/** Style declarations kept: layout and emphasis, nothing that loads or positions content. */
export const ENOTE_VIEW_CSS_PROPERTIES: ReadonlySet<string> = new Set([
  "text-align",
  "font-weight",
  "font-style",
  "text-decoration",
  "vertical-align",
  "text-indent",
  "margin-top",
  "margin-bottom",
  "padding",
  "border",
  "border-top",
  "border-bottom",
  "width",
]);
