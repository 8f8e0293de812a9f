/**
 * Signet's SMART Doc format (docs/guide/smart-doc-enote.md): the names and the small readers every eNote
 * step shares (validation, the signing room's view, sealing).
 */
export const SMART_DOC_VERSIONS = ["1.02"] as const;
export const XHTML_NS = "http://www.w3.org/1999/xhtml";
export const DSIG_NS = "http://www.w3.org/2000/09/xmldsig#";
export const FIELD_ATTRIBUTE = "data-mismo-field";
export const AREA_ATTRIBUTE = "data-signature-area";
export const AREA_SEQUENCE_ATTRIBUTE = "data-sequence";
export const MIN_PATH = "MERS/MERS_MINIdentifier";

/** A borrower signature area of the VIEW: who signs there (role as written, upper-cased) and its element. */
export interface SignatureArea {
  role: string;
  sequence: number;
  element: Element;
}

/** The element children of a node, in order. */
export const childElements = (node: Node): Element[] => {
  const found: Element[] = [];
  for (let child = node.firstChild; child; child = child.nextSibling) {
    if (child.nodeType === 1) found.push(child as Element);
  }
  return found;
};

const localName = (element: Element) => element.localName ?? element.nodeName;

/** The MISMO (un-namespaced) child elements of `parent` named `name`. */
export const mismoChildren = (parent: Element, name: string) =>
  childElements(parent).filter((child) => localName(child) === name && !child.namespaceURI);

/** Every element under `root` (itself excluded), depth first in document order. */
export function* descendants(root: Node): Generator<Element> {
  const stack: Node[] = [];
  for (let child = root.lastChild; child; child = child.previousSibling) stack.push(child);
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.nodeType !== 1) continue;
    yield node as Element;
    for (let child = node.lastChild; child; child = child.previousSibling) stack.push(child);
  }
}

/** Text of an element with white space collapsed (what a reader sees). */
export const visibleText = (node: Node) => (node.textContent ?? "").replace(/\s+/g, " ").trim();

/**
 * An element under DATA/MAIN by its path: element names separated by '/', each optionally with a
 * 1-based index among its same-named siblings, e.g. `BORROWERS/BORROWER[2]/LastName`.
 */
export function resolveDataPath(main: Element, path: string): Element | null {
  let current: Element | null = main;
  for (const segment of path.split("/")) {
    const match = /^([A-Za-z_][\w.-]*)(?:\[(\d+)\])?$/.exec(segment.trim());
    if (!match || !current) return null;
    const index = match[2] ? Number(match[2]) : 1;
    current = mismoChildren(current, match[1]!)[index - 1] ?? null;
  }
  return current;
}

/** The parts of a SMART Doc, when present (exactly one of each is expected). */
export interface SmartDocParts {
  root: Element;
  header: Element[];
  views: Element[];
  data: Element[];
  main: Element | null;
  signatures: Element[];
}

export function smartDocParts(document: Document): SmartDocParts {
  const root = document.documentElement;
  const data = mismoChildren(root, "DATA");
  return {
    root,
    header: mismoChildren(root, "HEADER"),
    views: mismoChildren(root, "VIEW"),
    data,
    main: data[0] ? (mismoChildren(data[0], "MAIN")[0] ?? null) : null,
    signatures: mismoChildren(root, "SIGNATURES"),
  };
}

/** The MIN the DATA holds, or null. */
export const eNoteMin = (main: Element | null) => {
  const element = main ? resolveDataPath(main, MIN_PATH) : null;
  return element ? visibleText(element) : null;
};

/** Borrower signature areas of a VIEW, in document order. */
export function signatureAreas(view: Element): SignatureArea[] {
  const areas: SignatureArea[] = [];
  for (const element of descendants(view)) {
    // xmldom answers "" for a missing attribute
    const role = element.getAttribute(AREA_ATTRIBUTE);
    if (!role) continue;
    const sequence = element.hasAttribute(AREA_SEQUENCE_ATTRIBUTE)
      ? Number(element.getAttribute(AREA_SEQUENCE_ATTRIBUTE))
      : 1;
    areas.push({ role: normalizeRole(role), sequence, element });
  }
  return areas;
}

/** Participant types and area roles compare upper-cased with spaces as underscores ('Co Borrower' = 'CO_BORROWER'). */
export const normalizeRole = (role: string) => role.trim().toUpperCase().replace(/\s+/g, "_");

/** Package participants whose type makes them borrowers: each must sign the eNote in an area of their own. */
export const isBorrowerType = (type: string) => normalizeRole(type).includes("BORROWER");

export const areaLabel = (area: { role: string; sequence: number }) => `${area.role} ${area.sequence}`;
