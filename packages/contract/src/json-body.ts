// What a JSON request body must be before anything reads it: UTF-8 that decodes without loss, and
// nested no deeper than any of our schemas goes. Both are checked on the raw bytes, once, where
// bodies are parsed, so no code after the parser ever walks an unbounded depth (a 2,000-deep body
// overflowed the stack of the text checks) and no broken byte is silently stored as U+FFFD.

/** Deeper than any body a route takes (the deepest, a package with documents, tags and options, is < 10). */
export const MAX_JSON_DEPTH = 64;

export const JSON_BODY_MESSAGES = {
  invalidUtf8: "The request body is not valid UTF-8 text",
  tooDeep: `The request body is nested deeper than ${MAX_JSON_DEPTH} levels`,
  invalidJson: "The request body is not valid JSON",
} as const;

const OPEN_OBJECT = 0x7b;
const OPEN_ARRAY = 0x5b;
const CLOSE_OBJECT = 0x7d;
const CLOSE_ARRAY = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * The deepest nesting of objects and arrays in JSON text, in one pass without recursion; brackets
 * inside strings do not count. Stops counting once `limit` is passed (the answer is then limit + 1).
 */
export function jsonNestingDepth(text: string, limit = Number.POSITIVE_INFINITY): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === BACKSLASH) index++;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) inString = true;
    else if (code === OPEN_OBJECT || code === OPEN_ARRAY) {
      depth++;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > limit) return deepest;
      }
    } else if (code === CLOSE_OBJECT || code === CLOSE_ARRAY) depth--;
  }
  return deepest;
}

export type JsonBodyReading = { ok: true; text: string } | { ok: false; message: string };

const strictUtf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });

/** The body's text when it is UTF-8 nested at most MAX_JSON_DEPTH deep, else why it is refused. */
export function readJsonBodyText(bytes: Uint8Array): JsonBodyReading {
  let text: string;
  try {
    text = strictUtf8.decode(bytes);
  } catch {
    return { ok: false, message: JSON_BODY_MESSAGES.invalidUtf8 };
  }
  if (jsonNestingDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH)
    return { ok: false, message: JSON_BODY_MESSAGES.tooDeep };
  return { ok: true, text };
}
