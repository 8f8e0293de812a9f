import sanitizeHtml from "sanitize-html";

// Issue 30 §3: an organization's email HTML reaches participants' mail clients, so it keeps only
// what a message needs (text formatting, web and mailto links, https images, tables, inline
// style of a known set of properties) and loses scripts, frames, forms, event handlers and
// javascript: or data: addresses. The same policy runs on the template when it is saved and on the
// rendered message when it is sent, so a template stored before the policy existed is cleaned too.

/** Style values: words, numbers, colours, quoted font names and rgb()/hsl(); never url() or expression(). */
const STYLE_VALUE = /^(?:[\w\s#%.,+\-!'"/]|(?:rgba?|hsla?)\([\d\s.,%]+\))*$/i;
const STYLE_PROPERTIES = [
  "background",
  "background-color",
  "border",
  "border-bottom",
  "border-collapse",
  "border-color",
  "border-left",
  "border-radius",
  "border-right",
  "border-top",
  "color",
  "display",
  "font-family",
  "font-size",
  "font-style",
  "font-weight",
  "height",
  "letter-spacing",
  "line-height",
  "margin",
  "margin-bottom",
  "margin-left",
  "margin-right",
  "margin-top",
  "max-height",
  "max-width",
  "padding",
  "padding-bottom",
  "padding-left",
  "padding-right",
  "padding-top",
  "text-align",
  "text-decoration",
  "vertical-align",
  "white-space",
  "width",
];

const TABLE_CELL = ["width", "height", "colspan", "rowspan", "valign", "bgcolor"];

const POLICY: sanitizeHtml.IOptions = {
  allowedTags: [
    ...["p", "br", "hr", "div", "span", "blockquote", "pre", "code", "small", "sub", "sup"],
    ...["b", "strong", "i", "em", "u", "s", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "li", "a", "img"],
    ...["table", "caption", "thead", "tbody", "tfoot", "tr", "td", "th"],
  ],
  allowedAttributes: {
    "*": ["style", "align", "dir"],
    a: ["href", "title", "target"],
    img: ["src", "alt", "title", "width", "height"],
    table: ["width", "border", "cellpadding", "cellspacing", "role", "bgcolor"],
    td: TABLE_CELL,
    th: TABLE_CELL,
  },
  // http too: the product's own links are http on a development installation (PUBLIC_URL)
  allowedSchemes: ["https", "http", "mailto"],
  allowedSchemesByTag: { img: ["https"] },
  allowProtocolRelative: false,
  allowedStyles: { "*": Object.fromEntries(STYLE_PROPERTIES.map((property) => [property, [STYLE_VALUE]])) },
  disallowedTagsMode: "discard",
};

const allowedTags = new Set(POLICY.allowedTags || []);
const allowedAttributes = POLICY.allowedAttributes as Record<string, string[]>;
const URL_ATTRIBUTES = new Set(["href", "src"]);

function attributeRemoved(tag: string, name: string, value: string): boolean {
  if (!allowedAttributes["*"]?.includes(name) && !allowedAttributes[tag]?.includes(name)) return true;
  if (!URL_ATTRIBUTES.has(name)) return false;
  const scheme = /^\s*([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(value)?.[1]?.toLowerCase();
  if (!scheme) return /^\s*[/\\]{2}/.test(value);
  return !(tag === "img" ? ["https"] : (POLICY.allowedSchemes as string[])).includes(scheme);
}

/** A rendered message's HTML, as sent: only what the policy allows. */
export function sanitizeEmailHtml(html: string): string {
  return sanitizeHtml(html, POLICY);
}

// Variables are swapped for plain words while the template is cleaned, so that a variable in an
// address or a style (href="{{signingLink}}", background:{{brand.primaryColor}}) is judged as the
// value it stands for will be, and comes back as written.
const VARIABLE = /\{\{\s*[\w.]+\s*\}\}/g;
const STAND_IN = /signet_variable_(\d+)_/g;

/**
 * A template's message as stored: cleaned by the same policy, its {{variables}} kept. `removed`
 * says whether a tag or attribute was taken out (shown to the administrator); a style declaration
 * left out of an allowed style attribute is not counted.
 */
export function sanitizeTemplateBody(body: string): { body: string; removed: boolean } {
  const variables: string[] = [];
  const protectedBody = body.replace(VARIABLE, (variable) => `signet_variable_${variables.push(variable) - 1}_`);
  let removed = false;
  const cleaned = sanitizeHtml(protectedBody, {
    ...POLICY,
    onOpenTag(tag, attributes) {
      if (removed) return;
      if (!allowedTags.has(tag)) removed = true;
      else removed = Object.entries(attributes).some(([name, value]) => attributeRemoved(tag, name, value));
    },
  });
  return {
    body: cleaned.replace(STAND_IN, (standIn, index: string) => variables[Number(index)] ?? standIn),
    removed,
  };
}
