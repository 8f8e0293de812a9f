import { minProblem } from "@signet/contract";
import { parseXmlSafely } from "./parse-xml-safely.ts";
import {
  AREA_SEQUENCE_ATTRIBUTE,
  areaLabel,
  descendants,
  eNoteMin,
  FIELD_ATTRIBUTE,
  isBorrowerType,
  MIN_PATH,
  mismoChildren,
  normalizeRole,
  resolveDataPath,
  type SignatureArea,
  SMART_DOC_VERSIONS,
  signatureAreas,
  smartDocParts,
  visibleText,
  XHTML_NS,
} from "./smart-doc-format.ts";
import { verifyXmlSignatures } from "./verify-xml-signatures.ts";
import { viewActiveContent } from "./view-active-content.ts";
import { viewValueMatches } from "./view-value-matches.ts";

/** One failure of a SMART Doc: where (a stable short path) and a sentence saying what is wrong. */
export interface SmartDocProblem {
  path: string;
  message: string;
}

/** A package participant as the eNote checks it. */
export interface SmartDocSigner {
  type: string;
  roleNumber: number;
  givenName: string | null;
  familyName: string | null;
}

export interface SmartDocInspection {
  problems: SmartDocProblem[];
  /** the MIN the DATA holds (even when invalid), or null */
  min: string | null;
  /** the VIEW's ID */
  viewId: string | null;
  /** the borrower signature areas, role upper-cased */
  areas: { role: string; sequence: number }[];
}

const same = (left: string | null | undefined, right: string | null | undefined) =>
  (left ?? "").replace(/\s+/g, " ").trim().toLowerCase() === (right ?? "").replace(/\s+/g, " ").trim().toLowerCase();

const MIN_MESSAGES = {
  missing: `The eNote has no MIN (DATA/MAIN/${MIN_PATH}).`,
  format: "The eNote's MIN is not 18 digits.",
  checkDigit: "The eNote's MIN has a wrong check digit.",
} as const;

/** The DATA borrower with this sequence number (attribute SequenceNumber, else position). */
function dataBorrower(main: Element | null, sequence: number): Element | null {
  const borrowers = main ? mismoChildren(mismoChildren(main, "BORROWERS")[0] ?? main, "BORROWER") : [];
  return (
    borrowers.find((borrower) => borrower.getAttribute("SequenceNumber") === String(sequence)) ??
    (borrowers.every((borrower) => !borrower.getAttribute("SequenceNumber")) ? borrowers[sequence - 1] : undefined) ??
    null
  );
}

const borrowerName = (borrower: Element) => ({
  given: visibleText(mismoChildren(borrower, "FirstName")[0] ?? borrower.ownerDocument.createTextNode("")),
  family: visibleText(mismoChildren(borrower, "LastName")[0] ?? borrower.ownerDocument.createTextNode("")),
});

function checkAreas(areas: SignatureArea[], main: Element | null, signers: readonly SmartDocSigner[]) {
  const problems: SmartDocProblem[] = [];
  const seen = new Set<string>();
  for (const area of areas) {
    const label = areaLabel(area);
    const path = `VIEW/signatureArea[${label}]`;
    if (!Number.isInteger(area.sequence) || area.sequence < 1) {
      problems.push({ path, message: `A ${area.role} signature area has no valid ${AREA_SEQUENCE_ATTRIBUTE}.` });
      continue;
    }
    if (seen.has(label)) {
      problems.push({ path, message: `The VIEW has more than one signature area for ${label}.` });
      continue;
    }
    seen.add(label);
    const signer = signers.find(
      (candidate) => normalizeRole(candidate.type) === area.role && candidate.roleNumber === area.sequence,
    );
    if (!signer) {
      problems.push({
        path,
        message: `The eNote has a signature area for ${label}, who is not a participant of the package.`,
      });
      continue;
    }
    const borrower = dataBorrower(main, area.sequence);
    if (!borrower) {
      problems.push({
        path,
        message: `The eNote's DATA has no borrower ${area.sequence} for the ${label} signature area.`,
      });
      continue;
    }
    const name = borrowerName(borrower);
    if (!same(name.given, signer.givenName) || !same(name.family, signer.familyName)) {
      const inPackage = [signer.givenName, signer.familyName].filter(Boolean).join(" ");
      problems.push({
        path,
        message: `${label} is ${`${name.given} ${name.family}`.trim() || "unnamed"} in the eNote but ${inPackage || "unnamed"} in the package.`,
      });
    }
  }
  if (areas.length === 0) {
    problems.push({ path: "VIEW/signatureArea", message: "The VIEW has no borrower signature area." });
  }
  for (const signer of signers) {
    if (!isBorrowerType(signer.type)) continue;
    const label = `${normalizeRole(signer.type)} ${signer.roleNumber}`;
    if (!seen.has(label)) {
      problems.push({
        path: `VIEW/signatureArea[${label}]`,
        message: `The VIEW has no signature area for ${label}, a borrower of the package.`,
      });
    }
  }
  return problems;
}

function checkFields(view: Element, main: Element | null): SmartDocProblem[] {
  const problems: SmartDocProblem[] = [];
  for (const element of descendants(view)) {
    // xmldom answers "" for a missing attribute
    if (!element.hasAttribute(FIELD_ATTRIBUTE)) continue;
    const field = element.getAttribute(FIELD_ATTRIBUTE) ?? "";
    const path = `VIEW/field[${field}]`;
    const data = main ? resolveDataPath(main, field) : null;
    if (!data) {
      problems.push({ path, message: `The VIEW shows ${field}, which the DATA does not hold.` });
      continue;
    }
    const shown = visibleText(element);
    const value = visibleText(data);
    if (!viewValueMatches(shown, value)) {
      problems.push({ path, message: `The VIEW shows "${shown}" for ${field} but the DATA holds "${value}".` });
    }
  }
  return problems;
}

/**
 * Reads a SMART Doc eNote and lists every failure (DOMAIN.md §6, docs/guide/smart-doc-enote.md), never
 * stopping at the first: structure and version, the MIN and its check digit, each data-bound VIEW
 * value against its DATA value, the borrower signature areas against the package's participants,
 * active content and external references in the VIEW, and every ds:Signature already present. XML
 * that cannot be read safely (too large, DOCTYPE/ENTITY, too deep, malformed) is one failure.
 */
export function inspectSmartDoc(
  bytes: Uint8Array,
  options: { signers: readonly SmartDocSigner[]; now?: Date },
): SmartDocInspection {
  const parsed = parseXmlSafely(bytes);
  if (!parsed.ok) return { problems: [{ path: "xml", message: parsed.error }], min: null, viewId: null, areas: [] };
  const problems: SmartDocProblem[] = [];
  const parts = smartDocParts(parsed.document);
  const { root, main } = parts;
  if ((root.localName ?? root.nodeName) !== "SMART_DOCUMENT" || root.namespaceURI) {
    problems.push({ path: "SMART_DOCUMENT", message: "The root element is not SMART_DOCUMENT." });
  }
  const version = root.getAttribute("MISMOVersionIdentifier");
  if (!version) {
    problems.push({ path: "MISMOVersionIdentifier", message: "The SMART Doc has no MISMOVersionIdentifier." });
  } else if (!(SMART_DOC_VERSIONS as readonly string[]).includes(version.trim())) {
    problems.push({
      path: "MISMOVersionIdentifier",
      message: `SMART Doc version ${version} is not supported (supported: ${SMART_DOC_VERSIONS.join(", ")}).`,
    });
  }
  for (const [name, found] of [
    ["HEADER", parts.header],
    ["VIEW", parts.views],
    ["DATA", parts.data],
    ["SIGNATURES", parts.signatures],
  ] as const) {
    if (found.length === 0) problems.push({ path: name, message: `The SMART Doc has no ${name}.` });
    else if (found.length > 1) problems.push({ path: name, message: `The SMART Doc has more than one ${name}.` });
  }
  if (parts.data.length > 0 && !main) problems.push({ path: "DATA/MAIN", message: "The DATA has no MAIN." });

  const min = eNoteMin(main);
  const minIssue = minProblem(min);
  if (minIssue) problems.push({ path: MIN_PATH, message: MIN_MESSAGES[minIssue] });

  const view = parts.views[0] ?? null;
  const viewId = view?.getAttribute("ID") || null;
  let areas: SignatureArea[] = [];
  if (view) {
    if (!viewId) problems.push({ path: "VIEW", message: "The VIEW has no ID (the tamper seal refers to it)." });
    if (!(view.getElementsByTagNameNS(XHTML_NS, "*").length > 0)) {
      problems.push({ path: "VIEW", message: "The VIEW holds no XHTML." });
    }
    problems.push(...checkFields(view, main));
    areas = signatureAreas(view);
    problems.push(...checkAreas(areas, main, options.signers));
    problems.push(...viewActiveContent(view).map((message) => ({ path: "VIEW/content", message })));
  }
  for (const check of verifyXmlSignatures(parsed.document, parsed.text, options.now)) {
    for (const failure of check.failures) {
      problems.push({ path: `SIGNATURES/Signature[${check.index}]`, message: `Signature ${check.index}: ${failure}.` });
    }
  }
  return {
    problems,
    min,
    viewId,
    areas: areas.map(({ role, sequence }) => ({ role, sequence })),
  };
}

/** Every failure of a SMART Doc eNote against the package's signers; empty when it is valid. */
export function validateSmartDoc(
  bytes: Uint8Array,
  options: { signers: readonly SmartDocSigner[]; now?: Date },
): SmartDocProblem[] {
  return inspectSmartDoc(bytes, options).problems;
}
