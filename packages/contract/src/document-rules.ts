// Document rules of spec §3 (execution types), §4 (clearing form fields), §5 (unique names, upload
// limits, execution type parsing) and §9 (tag size, maximum upload size).
import { z } from "zod";
import { formatMegabytes, LIMITS } from "./constants.ts";
import { ERROR_CODES } from "./errors.ts";
import { MESSAGES } from "./messages.ts";

/** Spec §3: how a document is executed, per document and participant. */
export const EXECUTION_TYPES = ["E_SIGN", "VIEW_ONLY", "PAPER"] as const;
export type ExecutionType = (typeof EXECUTION_TYPES)[number];

/** The labels users see. */
export const EXECUTION_TYPE_LABELS: Record<ExecutionType, string> = {
  E_SIGN: "E-Sign",
  VIEW_ONLY: "View Only",
  PAPER: "Paper",
};

export const DOCUMENT_MESSAGES = {
  invalidExecutionType: MESSAGES.invalidExecutionType,
  nameMustBeUnique: "Document name must be unique",
  uploadFailed: "Upload failed.",
  uploadTooLarge: ERROR_CODES.PAYLOAD_TOO_LARGE.message,
  uploadUnsupported: ERROR_CODES.UNSUPPORTED_MEDIA_TYPE.message,
  uploadCancelled: "File upload has been cancelled.",
  deleteNotFound: "Delete unsuccessful as file not found.",
  clearTagsTitle: "Change execution type",
  clearTagsConfirm:
    "Changing this document from E-Sign deletes the form fields assigned to it. This cannot be undone. Do you want to continue?",
  tagTooSmall: `A tag must be at least ${LIMITS.minTagSize} by ${LIMITS.minTagSize}.`,
} as const;

/** Thrown by parseExecutionType; its message is the spec's. */
export class ExecutionTypeError extends Error {
  constructor() {
    super(MESSAGES.invalidExecutionType);
    this.name = "ExecutionTypeError";
  }
}

/** 'E-Sign', 'E_SIGN', 'eSign', 'view only' → the same key: upper case without spaces, dashes or underscores. */
const compact = (value: string) => value.replace(/[\s_-]+/g, "").toUpperCase();
const BY_COMPACT = new Map<string, ExecutionType>(EXECUTION_TYPES.map((type) => [compact(type), type]));

/** The execution type of a value, or null: the enum names and the labels, in any case and spacing. */
export function toExecutionType(value: string): ExecutionType | null {
  return BY_COMPACT.get(compact(value)) ?? null;
}

/**
 * Accepts the enum names (E_SIGN, VIEW_ONLY, PAPER) and the labels (E-Sign, View Only, Paper),
 * ignoring case, spaces, dashes and underscores; anything else throws ExecutionTypeError with
 * 'String value is not a valid execution type' (spec §5).
 */
export function parseExecutionType(value: string): ExecutionType {
  const type = toExecutionType(value);
  if (type === null) throw new ExecutionTypeError();
  return type;
}

/** The execution type in a request body, in the same forms as parseExecutionType, with the spec's message. */
export const executionTypeSchema = z.string().transform((value, ctx) => {
  const type = toExecutionType(value);
  if (type === null) {
    ctx.addIssue({ code: "custom", message: MESSAGES.invalidExecutionType });
    return z.NEVER;
  }
  return type;
});

/** Spec §4: changing a document from E-Sign to View Only or Paper deletes its form fields (tags). */
export function changingExecutionTypeClearsTags(from: ExecutionType, to: ExecutionType): boolean {
  return from === "E_SIGN" && to !== "E_SIGN";
}

/** Spec §9: minimum tag height and width. */
export const MIN_TAG_SIZE = LIMITS.minTagSize;

/** A tag is at least MIN_TAG_SIZE wide and high (finite numbers only). */
export function isTagSizeValid(width: number, height: number): boolean {
  return Number.isFinite(width) && Number.isFinite(height) && width >= MIN_TAG_SIZE && height >= MIN_TAG_SIZE;
}

const nameKey = (name: string) => name.trim().toLocaleLowerCase("en");

/**
 * Spec §5: 'Document name must be unique' when `name` equals one of `existingNames` (trimmed,
 * case-insensitive), otherwise null. When renaming, leave the document's own name out of
 * existingNames.
 */
export function uniqueDocumentName(existingNames: readonly string[], name: string): string | null {
  const key = nameKey(name);
  return existingNames.some((existing) => nameKey(existing) === key) ? DOCUMENT_MESSAGES.nameMustBeUnique : null;
}

/** Spec §9: the maximum upload size shown in MB with two decimals, e.g. '50.00 MB'. */
export function maxUploadLabel(bytes: number = LIMITS.maxUploadBytes): string {
  return formatMegabytes(bytes);
}
