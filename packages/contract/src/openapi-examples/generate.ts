import { z } from "zod";

// Issue 36 §2: an example for every body and answer of the OpenAPI documents. Most schemas get one
// from this walk over zod's definitions, reading field names for realistic values; the schemas
// integrators meet first get hand-written values (see the other files of this folder) that take the
// place of the generated ones wherever the schema appears, also nested. Nothing here is random or
// reads the clock: the document must be the same on every build. The hand-written values are passed
// in rather than registered by importing their files (the package has no side effects to bundlers).

/** Which side of a schema an example shows: what a client sends, or what the server answers. */
export type ExampleSide = "input" | "output";

type Def = Record<string, unknown> & { type: string; checks?: { _zod: { def: Record<string, unknown> } }[] };
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Hand-written examples by schema: an object's fields not given are generated. */
export type HandWritten = ReadonlyMap<z.ZodType, unknown>;

/**
 * One hand-written example, typed by the schema's output (what both a client's JSON and an answer
 * look like for these schemas). A field given as undefined is left out of the example.
 */
export const handWrite = <S extends z.ZodType>(schema: S, value: Partial<z.output<S>>): [z.ZodType, unknown] => [
  schema,
  value,
];

/** A real-looking version 4 UUID made from a name (FNV-1a), the same name giving the same UUID. */
export function uuidFor(name: string): string {
  let hex = "";
  for (let round = 0; hex.length < 32; round++) {
    let hash = 0x811c9dc5 ^ round;
    for (const char of `${round}:${name}`) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193) >>> 0;
    hex += hash.toString(16).padStart(8, "0");
  }
  const variant = "89ab"[Number.parseInt(hex[16]!, 16) % 4];
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export const EXAMPLE_DATE_TIME = "2026-03-16T14:30:00.000Z";
export const EXAMPLE_DATE = "2026-03-16";
/** A PEM certificate's shape (its body is not a real certificate: the schemas check the armour only). */
const EXAMPLE_CERTIFICATE =
  "-----BEGIN CERTIFICATE-----\nMIIBszCCAVmgAwIBAgIUZXhhbXBsZS1jZXJ0aWZpY2F0ZTAKBggqhkjOPQQDAjAa\n-----END CERTIFICATE-----";
/** A 1×1 transparent PNG. */
const EXAMPLE_PNG_DATA_URL =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";
/** Tried in turn when a field's value does not match its schema's patterns. */
const PATTERN_CANDIDATES = [
  "123456",
  "loan_number",
  "USPS",
  "LOAN",
  "17:00",
  EXAMPLE_DATE,
  "https://lender.example.com",
  "00040123456789012345",
  "AL",
  "a",
  "A",
  "1",
];
const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/** A string for a field, from its name (context: the named schema it belongs to). */
function stringFor(key: string, context: string): string {
  const name = key.toLowerCase();
  if (name === "id") return uuidFor(`${lowerFirst(context)}Id`);
  if (/[a-z]Id$/.test(key)) return uuidFor(key);
  if (name.endsWith("claim") || name.endsWith("attribute")) {
    // a claim or attribute name of an identity provider: emailClaim → email, givenNameClaim → given_name
    return key
      .replace(/(Claim|Attribute)$/, "")
      .replace(/([a-z])([A-Z])/g, "$1_$2")
      .toLowerCase();
  }
  if (name.includes("email") || name === "username" || name === "replyto") return "ada.lovelace@example.com";
  if (name.includes("phone")) return "3125550123";
  if (name.includes("ssnlast4")) return "6789";
  if (name === "code" || (name.endsWith("code") && !name.includes("zip") && !name.includes("postal"))) return "123456";
  if (name === "executiontype") return "E_SIGN";
  // TRID's legal dates are calendar days
  if (name.startsWith("trid") && /milestone|date|sentat/.test(name)) return EXAMPLE_DATE;
  if (/[a-z]Time$/.test(key) || /_time$/.test(key)) return "17:00";
  if (name.includes("certificate")) return EXAMPLE_CERTIFICATE;
  if (name.includes("dataurl")) return EXAMPLE_PNG_DATA_URL;
  if (name === "issuer") return "https://login.example.com";
  if (name.includes("origin")) return "https://lender.example.com";
  if (name === "imb") return "00040123456789012345";
  if (name.includes("timezone") || name === "zone") return "America/Chicago";
  if (/[a-z](At|On)$/.test(key) || name.includes("date") || name.includes("time")) {
    return EXAMPLE_DATE_TIME;
  }
  if (name.includes("url") || name === "uri" || name.endsWith("link") || name === "origin") {
    return "https://lender.example.com/signet";
  }
  if (name === "givenname" || name === "firstname") return "Ada";
  if (name === "middlename") return "King";
  if (name === "familyname" || name === "lastname") return "Lovelace";
  if (name.includes("fullname") || name === "displayname" || name.endsWith("byname")) return "Ada Lovelace";
  if (name === "initials") return "AL";
  if (name.includes("sha256") || name.includes("hash")) {
    return "9f2c4e1a7b3d5f60812c4e6a8b0d2f4163a5c7e9b1d3f5072c4e6a8b0d2f4163";
  }
  if (name.includes("password") || name.includes("secret")) return "Example-Passw0rd-2026";
  if (name === "token" || name.endsWith("token")) return "eyJhbGciOiJFUzI1NiJ9.example.signature";
  if (name.includes("filename")) return "closing-disclosure.pdf";
  if (name === "city") return "Springfield";
  if (name === "state") return "IL";
  if (name.includes("zip") || name.includes("postal")) return "62701";
  if (name.includes("address") || name === "line1" || name === "street") return "100 Main Street";
  if (name === "country") return "US";
  if (name.includes("color") || name.includes("colour")) return "#1F6FEB";
  if (name === "subject") return "Please sign your closing documents";
  if (name === "message" || name === "body" || name.includes("reason") || name.includes("description")) {
    return "Loan 2026-000123 closing documents for Ada Lovelace";
  }
  if (name.includes("name") || name === "label" || name === "title") {
    const thing = context
      .replace(/^(Create|Update|Set|Add|New|Replace)(?=[A-Z])/, "")
      .replace(/(Body|Response|Form)$/, "")
      .replace(/([a-z])([A-Z])/g, "$1 $2");
    return thing ? `${thing} — Chicago` : "Loan 2026-000123";
  }
  return "Loan 2026-000123";
}

/** Fits a string to the length and format checks of its schema, where that is possible. */
function fitString(value: string, def: Def): string {
  let text = value;
  let min = 0;
  let max = Number.POSITIVE_INFINITY;
  for (const check of def.checks ?? []) {
    const c = check._zod.def;
    if (c.check === "min_length") min = Math.max(min, c.minimum as number);
    if (c.check === "max_length") max = Math.min(max, c.maximum as number);
    if (c.check === "length_equals") min = max = c.length as number;
  }
  const format = (def.format ?? (def.checks ?? []).find((c) => c._zod.def.format)?._zod.def.format) as
    | string
    | undefined;
  if (format === "uuid" || format === "guid") text = /^[0-9a-f-]{36}$/.test(text) ? text : uuidFor(text);
  else if (format === "email") text = text.includes("@") ? text : "ada.lovelace@example.com";
  else if (format === "url") text = /^https?:/.test(text) ? text : "https://lender.example.com/signet";
  else if (format === "datetime") text = EXAMPLE_DATE_TIME;
  else if (format === "date") text = EXAMPLE_DATE;
  else if (format === "time") text = "14:30:00";
  if (text.length > max) text = text.slice(0, max);
  while (text.length < min) text += "0";
  const patterns = (def.checks ?? []).flatMap((check) =>
    check._zod.def.format === "regex" ? [check._zod.def.pattern as RegExp] : [],
  );
  const fits = (candidate: string) =>
    candidate.length >= min && candidate.length <= max && patterns.every((pattern) => pattern.test(candidate));
  if (!fits(text)) text = PATTERN_CANDIDATES.find(fits) ?? text;
  return text;
}

function numberFor(key: string, def: Def): number {
  const name = key.toLowerCase();
  let value = 1;
  if (name === "version") value = 3;
  else if (name.includes("bytes") || name === "size") value = 248_731;
  else if (name.includes("pages")) value = 12;
  else if (name === "x" || name === "left") value = 72;
  else if (name === "y" || name === "top") value = 640;
  else if (name === "width") value = 180;
  else if (name === "height") value = 36;
  else if (name.includes("days")) value = 7;
  else if (name.includes("count") || name === "total") value = 1;
  let integer = false;
  for (const check of def.checks ?? []) {
    const c = check._zod.def;
    if (c.check === "number_format" && String(c.format).includes("int")) integer = true;
    if (c.check === "greater_than") {
      const bound = c.value as number;
      if (value < bound || (value === bound && !c.inclusive)) value = c.inclusive ? bound : bound + 1;
    }
    if (c.check === "less_than") {
      const bound = c.value as number;
      if (value > bound || (value === bound && !c.inclusive)) value = c.inclusive ? bound : bound - 1;
    }
  }
  return integer ? Math.round(value) : value;
}

/** Nullable fields that read as "not yet happened" stay null: a fresh record has not been cancelled. */
const NULL_WHEN_NULLABLE =
  /^(cancel|decline|disabled|deactivated|suspended|lastfailure|previoussecret|error|failure|failed|deleted|withdrawn|revoked|locked|expired|returned)/i;

/**
 * An example value of a zod schema: hand-written where registered, generated otherwise.
 * `key` is the field it fills (its name guides the value), `context` the named schema around it.
 */
export function exampleOf(
  schema: z.ZodType,
  side: ExampleSide,
  handWritten: HandWritten,
  key = "",
  context = "",
  depth = 0,
): unknown {
  const def = defOf(schema);
  const where = z.globalRegistry.get(schema)?.id ?? context;
  const own = handWritten.get(schema);
  if (own !== undefined && (typeof own !== "object" || own === null || Array.isArray(own))) return own;
  const next = (inner: unknown, innerKey = key) =>
    exampleOf(inner as z.ZodType, side, handWritten, innerKey, where, depth + 1);
  const generated = generate(def, side, key, where, depth, next);
  if (own === undefined) return generated;
  return Object.fromEntries(
    Object.entries({ ...(generated as object), ...(own as object) }).filter(([, value]) => value !== undefined),
  );
}

function generate(
  def: Def,
  side: ExampleSide,
  key: string,
  context: string,
  depth: number,
  next: (inner: unknown, innerKey?: string) => unknown,
): unknown {
  if (depth > 12) return null;
  switch (def.type) {
    case "object": {
      const out: Record<string, unknown> = {};
      for (const [field, child] of Object.entries(def.shape as Record<string, z.ZodType>)) {
        if (defOf(child).type === "never") continue;
        out[field] = next(child, field);
      }
      return out;
    }
    case "string":
      return fitString(stringFor(key, context), def);
    case "number":
      return numberFor(key, def);
    case "int":
      return numberFor(key, def);
    case "boolean":
      return /^(enabled|active|valid|ok|healthy|canmanage|allowed)/i.test(key);
    case "enum":
      return Object.values(def.entries as Record<string, unknown>)[0];
    case "literal":
      return (def.values as unknown[])[0];
    case "array": {
      const item = next(def.element);
      let length = 1;
      for (const check of def.checks ?? []) {
        const c = check._zod.def;
        if (c.check === "min_length") length = Math.max(length, c.minimum as number);
        if (c.check === "max_length") length = Math.min(length, c.maximum as number);
        if (c.check === "length_equals") length = c.length as number;
      }
      return Array.from({ length }, () => item);
    }
    case "tuple":
      return (def.items as z.ZodType[]).map((item) => next(item));
    case "record":
      return { [String(fitString("example", defOf(def.keyType as z.ZodType)))]: next(def.valueType) };
    case "nullable":
      return NULL_WHEN_NULLABLE.test(key) ? null : next(def.innerType);
    case "optional":
    case "nonoptional":
    case "readonly":
    case "catch":
    case "prefault":
    case "default":
    case "success":
      return next(def.innerType);
    case "pipe": {
      // a request shows what the client sends (the pipe's input); an answer what the server sends,
      // which for a transform is still the input's shape
      const out = defOf(def.out as z.ZodType);
      return next(side === "input" || out.type === "transform" ? def.in : def.out);
    }
    case "lazy":
      return next((def.getter as () => z.ZodType)());
    case "union":
      return next((def.options as z.ZodType[])[0]);
    case "intersection":
      return { ...(next(def.left) as object), ...(next(def.right) as object) };
    case "null":
      return null;
    case "unknown":
    case "any":
      return { note: "free-form" };
    case "date":
      return EXAMPLE_DATE_TIME;
    default:
      // files, custom checks, transforms alone: no JSON example can be derived
      return undefined;
  }
}
