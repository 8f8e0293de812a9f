import { ACTIVE_CONTENT_KINDS, type ActiveContentKind, DOCUMENT_API_MESSAGES } from "@signet/contract";
import {
  PDFArray,
  PDFBool,
  type PDFContext,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFInvalidObject,
  PDFName,
  type PDFObject,
  PDFRef,
  PDFStream,
  PDFString,
} from "pdf-lib";
import { AppError } from "../errors/app-error.ts";

// Issue 10 §3: a document participants open and sign must not run anything in their viewer. Every
// place a viewer triggers an action by itself (opening the file or a page, focusing or typing in a
// field) is emptied, and actions a click would run are dropped when they execute code, open or
// send files, or play media; plain links (URI) and jumps inside the document (GoTo) stay.

export interface ActiveContentRemoval {
  /** the bytes to store: the input itself (same object) when nothing was found */
  bytes: Uint8Array;
  /** what was removed, in ACTIVE_CONTENT_KINDS order; empty when nothing was found */
  removed: ActiveContentKind[];
}

const name = (value: string) => PDFName.of(value);
const A = name("A");
const AA = name("AA");
const S = name("S");
const JS = name("JS");
const NEXT = name("Next");
const URI = name("URI");
const GO_TO = name("GoTo");

/** Action types (ISO 32000 §12.6.4) that run code, open, fetch or send files, or play media. */
const RISKY_ACTIONS: ReadonlyMap<PDFName, ActiveContentKind> = new Map(
  (
    [
      "JavaScript",
      "Launch",
      "SubmitForm",
      "ImportData",
      "GoToE",
      "GoToR",
      "Rendition",
      "RichMediaExecute",
      "Movie",
      "Sound",
    ] as const
  ).map((kind) => [name(kind), kind]),
);

/**
 * URIs a click may follow without running anything: web, mail and phone links. A file: or UNC path
 * can leak the reader's network credentials, and script or data URLs run in some viewers.
 */
const UNSAFE_URI = /^\s*(?:javascript|vbscript|data|file)\s*:|^\s*\\\\/i;

/** Names that, in an object pdf-lib could not parse, may be active content we cannot see into. */
const ACTIVE_NAME_IN_RAW = /\/(?:JS|JavaScript|AA|OpenAction|Launch|SubmitForm|ImportData|GoToE|GoToR|XFA)(?![\w#.-])/;

const notRemovable = () => new AppError("UNSUPPORTED_MEDIA_TYPE", DOCUMENT_API_MESSAGES.activeContentNotRemovable);

const textOf = (value: PDFObject | undefined) =>
  value instanceof PDFString || value instanceof PDFHexString ? value.decodeText() : "";

/**
 * Finds and removes active content (see ACTIVE_CONTENT_KINDS). A file without any is returned
 * untouched; otherwise it is rewritten in full (earlier revisions and objects nothing refers to any
 * more are dropped) and checked again. Refuses (415) what it cannot read, encrypted files, dynamic
 * XFA forms, and any file still carrying active content after the rewrite.
 */
export async function removeActiveContent(bytes: Uint8Array): Promise<ActiveContentRemoval> {
  const document = await load(bytes);
  if (document.isEncrypted) throw new AppError("UNSUPPORTED_MEDIA_TYPE", DOCUMENT_API_MESSAGES.passwordProtected);
  return removeActiveContentFrom(document, bytes);
}

/**
 * removeActiveContent on a document already parsed from `bytes` (unencrypted, with pages), so an
 * upload is parsed once for all its checks. The document is changed when something is removed.
 */
export async function removeActiveContentFrom(document: PDFDocument, bytes: Uint8Array): Promise<ActiveContentRemoval> {
  const removed = sweep(document, "remove");
  if (removed.length === 0) return { bytes, removed: [] };

  const pages = document.getPageCount();
  dropUnreachable(document.context);
  let saved: Uint8Array;
  try {
    saved = await document.save({ useObjectStreams: false, addDefaultPage: false, updateFieldAppearances: false });
  } catch {
    throw notRemovable();
  }
  // the rewrite is what participants get: read it back as a viewer would and look again
  const reloaded = await load(saved).catch(() => {
    throw notRemovable();
  });
  if (sweep(reloaded, "find").length > 0 || reloaded.getPageCount() !== pages) throw notRemovable();
  return { bytes: saved, removed };
}

/** The active content of a PDF, without changing it (what removeActiveContent would remove). */
export async function findActiveContent(bytes: Uint8Array): Promise<ActiveContentKind[]> {
  const document = await load(bytes);
  if (document.isEncrypted) throw new AppError("UNSUPPORTED_MEDIA_TYPE", DOCUMENT_API_MESSAGES.passwordProtected);
  return sweep(document, "find");
}

/** The active content of a document already parsed (unencrypted, with pages), without changing it. */
export function activeContentIn(document: PDFDocument): ActiveContentKind[] {
  return sweep(document, "find");
}

async function load(bytes: Uint8Array): Promise<PDFDocument> {
  try {
    const document = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
    // pdf-lib accepts a file without a catalog or page tree; there would be nothing to check
    if (document.getPageCount() < 1) throw new Error("no pages");
    return document;
  } catch {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE");
  }
}

/**
 * Visits every object a viewer can reach from the trailer and, in "remove" mode, takes out what
 * it finds. Walking every reachable dictionary (rather than pages, annotations and fields one by
 * one) also covers outlines, fields missing from /Annots, and inline action dictionaries.
 */
function sweep(document: PDFDocument, mode: "find" | "remove"): ActiveContentKind[] {
  try {
    return sweepObjects(document, mode);
  } catch (error) {
    // a structure pdf-lib parsed but that is not what a PDF allows there (a catalog that is a number…)
    if (error instanceof AppError) throw error;
    throw new AppError("UNSUPPORTED_MEDIA_TYPE");
  }
}

function sweepObjects(document: PDFDocument, mode: "find" | "remove"): ActiveContentKind[] {
  const { context, catalog } = document;
  const found = new Set<ActiveContentKind>();
  const remove = mode === "remove";

  const openAction = catalog.lookup(name("OpenAction"));
  // an array is a plain destination (which page to show first): no action
  if (openAction instanceof PDFDict && !onlyGoTo(context, openAction)) {
    found.add("OpenAction");
    if (remove) catalog.delete(name("OpenAction"));
  }
  const names = catalog.lookup(name("Names"));
  if (names instanceof PDFDict && names.has(name("JavaScript"))) {
    found.add("JavaScript");
    if (remove) names.delete(name("JavaScript"));
  }
  const acroForm = catalog.lookup(name("AcroForm"));
  if (acroForm instanceof PDFDict && acroForm.has(name("XFA"))) {
    // a dynamic form's pages are a placeholder ("please wait…") the scripts replace: without them
    // nothing would be left to read and sign
    if (catalog.lookup(name("NeedsRendering")) === PDFBool.True) {
      throw new AppError("UNSUPPORTED_MEDIA_TYPE", DOCUMENT_API_MESSAGES.dynamicXfaForm);
    }
    found.add("XFA");
    if (remove) acroForm.delete(name("XFA"));
  }

  const visit = (object: PDFObject | undefined) => {
    if (object instanceof PDFStream) visit(object.dict);
    else if (object instanceof PDFArray) for (const item of object.asArray()) visit(item);
    else if (object instanceof PDFDict) {
      if (object.has(AA)) {
        found.add("AA");
        if (remove) object.delete(AA);
      }
      const action = object.lookup(A);
      if (action instanceof PDFDict) {
        const risky = riskyInChain(context, action, remove);
        for (const kind of risky.kinds) found.add(kind);
        if (remove && risky.head) object.delete(A);
      }
      for (const [, value] of object.entries()) visit(value);
    } else if (object instanceof PDFInvalidObject && ACTIVE_NAME_IN_RAW.test(object.toString())) {
      // pdf-lib kept it as raw bytes: what a viewer would make of them cannot be checked or removed
      throw notRemovable();
    }
  };
  for (const ref of reachable(context)) visit(context.lookup(ref));

  return ACTIVE_CONTENT_KINDS.filter((kind) => found.has(kind));
}

/** Whether an action is risky by itself (its /Next chain aside), and as what. */
function riskOf(action: PDFDict): ActiveContentKind | null {
  const type = action.get(S);
  if (type instanceof PDFName) {
    const risky = RISKY_ACTIONS.get(type);
    if (risky) return risky;
    if (type === URI && UNSAFE_URI.test(textOf(action.lookup(URI)))) return "URI";
  }
  // viewers run /JS whatever /S says
  return action.has(JS) ? "JavaScript" : null;
}

/** The actions of an action's /Next (one action or an array of them, ISO 32000 §12.6.2), with the entry naming each. */
function nextOf(context: PDFContext, action: PDFDict): { entry: PDFObject; action: PDFDict }[] {
  const next = action.get(NEXT);
  if (next === undefined) return [];
  const list = context.lookup(next);
  return (list instanceof PDFArray ? list.asArray() : [next]).flatMap((entry) => {
    const resolved = context.lookup(entry);
    return resolved instanceof PDFDict ? [{ entry, action: resolved }] : [];
  });
}

/**
 * The risky actions of a chain. head: the first action is risky (its holder drops it with its
 * chain); in "remove" mode risky actions further down are unlinked from their /Next, so the
 * harmless ones before them still run. Chains that loop are followed once.
 */
function riskyInChain(
  context: PDFContext,
  first: PDFDict,
  remove: boolean,
): { head: boolean; kinds: Set<ActiveContentKind> } {
  const kinds = new Set<ActiveContentKind>();
  const seen = new Set<PDFDict>();
  const walk = (action: PDFDict): boolean => {
    if (seen.has(action)) return false;
    seen.add(action);
    const risk = riskOf(action);
    if (risk) kinds.add(risk);
    const next = nextOf(context, action);
    const keep = next.filter((item) => !walk(item.action)).map((item) => item.entry);
    if (remove && keep.length < next.length) {
      if (keep.length === 0) action.delete(NEXT);
      else action.set(NEXT, keep.length === 1 ? keep[0]! : context.obj(keep));
    }
    // a risky action goes with its whole chain, so the walk above only had to note what it held
    return risk !== null;
  };
  return { head: walk(first), kinds };
}

/** An OpenAction that only shows a place in the document (GoTo, possibly chained) is harmless. */
function onlyGoTo(context: PDFContext, action: PDFDict, seen = new Set<PDFDict>()): boolean {
  if (seen.has(action)) return true;
  seen.add(action);
  return (
    action.get(S) === GO_TO &&
    !action.has(JS) &&
    nextOf(context, action).every((next) => onlyGoTo(context, next.action, seen))
  );
}

/** Every indirect object reachable from the trailer's catalog and document information. */
function reachable(context: PDFContext): Set<PDFRef> {
  const refs = new Set<PDFRef>();
  const pending: (PDFObject | undefined)[] = [context.trailerInfo.Root, context.trailerInfo.Info];
  while (pending.length > 0) {
    const object = pending.pop();
    if (object instanceof PDFRef) {
      if (refs.has(object)) continue;
      const resolved = context.lookup(object);
      if (resolved === undefined) continue;
      refs.add(object);
      pending.push(resolved);
    } else if (object instanceof PDFStream) pending.push(object.dict);
    else if (object instanceof PDFArray) pending.push(...object.asArray());
    else if (object instanceof PDFDict) pending.push(...object.values());
  }
  return refs;
}

/** Removed actions (and earlier revisions) would otherwise still be written, unreferenced, into the file. */
function dropUnreachable(context: PDFContext): void {
  const keep = reachable(context);
  for (const [ref] of context.enumerateIndirectObjects()) if (!keep.has(ref)) context.delete(ref);
}
