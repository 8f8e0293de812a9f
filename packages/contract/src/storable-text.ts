// Text that PostgreSQL can store. A NUL character is refused by every text column ("invalid byte
// sequence"), and a lone UTF-16 surrogate cannot be encoded as UTF-8 nor written into jsonb
// ("Unicode low surrogate must follow a high surrogate"). Both are refused at the door, for every
// route, with the field named, instead of failing deep inside a transaction.

import { MAX_JSON_DEPTH } from "./json-body.ts";

export const STORABLE_TEXT_MESSAGES = {
  nul: "must not contain NUL characters",
  loneSurrogate: "must be valid Unicode text (it holds a lone surrogate)",
  tooDeep: `is nested deeper than ${MAX_JSON_DEPTH} levels`,
} as const;

// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why `text` cannot be stored, or null when it can. */
export function unstorableTextReason(text: string): string | null {
  if (text.includes("\u0000")) return STORABLE_TEXT_MESSAGES.nul;
  if (LONE_SURROGATE.test(text)) return STORABLE_TEXT_MESSAGES.loneSurrogate;
  return null;
}

export interface UnstorableText {
  /** dotted path of the offending value, e.g. body.participants.0.email; a key itself ends in "(key)" */
  path: string;
  message: string;
}

/**
 * Every string in a parsed request part (body, query, params, multipart fields), keys included,
 * that cannot be stored. Breadth is bounded by the body limits that parsed it; depth here, as a value
 * nested deeper than MAX_JSON_DEPTH is refused itself (a JSON part of a multipart body is parsed by
 * another parser than the bodies', and recursing as deep as it goes overflowed the stack).
 */
export function findUnstorableText(
  value: unknown,
  path: string,
  found: UnstorableText[] = [],
  depth = 0,
): UnstorableText[] {
  if (depth > MAX_JSON_DEPTH) {
    found.push({ path, message: STORABLE_TEXT_MESSAGES.tooDeep });
    return found;
  }
  if (typeof value === "string") {
    const reason = unstorableTextReason(value);
    if (reason) found.push({ path, message: reason });
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => {
      findUnstorableText(item, `${path}.${index}`, found, depth + 1);
    });
  } else if (value !== null && typeof value === "object" && !ArrayBuffer.isView(value)) {
    for (const [key, item] of Object.entries(value)) {
      const keyReason = unstorableTextReason(key);
      const printable = keyReason ? JSON.stringify(key).slice(1, -1) : key;
      if (keyReason) found.push({ path: `${path}.${printable} (key)`, message: keyReason });
      findUnstorableText(item, `${path}.${printable}`, found, depth + 1);
    }
  }
  return found;
}
