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

/** A hand-written example: `whole` is the example itself, otherwise its object's missing fields are generated. */
export interface HandWrittenExample {
  value: unknown;
  whole: boolean;
}
/** Hand-written examples by schema. */
export type HandWritten = ReadonlyMap<z.ZodType, HandWrittenExample>;

/**
 * A record's hand-written example, typed by the schema's output (what an answer holds); the fields
 * not given are generated, and a field given as undefined is left out.
 */
export const handWrite = <S extends z.ZodType>(
  schema: S,
  value: Partial<z.output<S>>,
): [z.ZodType, HandWrittenExample] => [schema, { value, whole: false }];

/** A request body's hand-written example, exactly what a client sends (typed by the schema's input). */
export const handWriteRequest = <S extends z.ZodType>(
  schema: S,
  value: z.input<S>,
): [z.ZodType, HandWrittenExample] => [schema, { value, whole: true }];

/** A real-looking version 4 UUID made from a name (FNV-1a, mixed), the same name giving the same UUID. */
export function uuidFor(name: string): string {
  let hex = "";
  for (let round = 0; hex.length < 32; round++) {
    let hash = 0x811c9dc5;
    for (const char of `${name}#${round}`) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193) >>> 0;
    // murmur3's finaliser: FNV alone leaves rounds that differ in one character looking alike
    hash = Math.imul(hash ^ (hash >>> 16), 0x85ebca6b);
    hash = Math.imul(hash ^ (hash >>> 13), 0xc2b2ae35);
    hex += ((hash ^ (hash >>> 16)) >>> 0).toString(16).padStart(8, "0");
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
/** The example package's name. */
export const LOAN_NAME = "Loan 2026-000123 — Ada Lovelace";
const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/** What a named thing of the lender is called, by the schema it belongs to (first match wins). */
const NAMES_BY_CONTEXT: [RegExp, string][] = [
  [/PackageTemplate|Blueprint/, "Purchase loan closing"],
  [/DocumentTemplate|TemplateVersion/, "Closing Disclosure"],
  [/Package/, LOAN_NAME],
  [/Document|Stip/, "Closing Disclosure"],
  [/Tag/, "Borrower signature"],
  [/Role/, "Loan Processor"],
  [/Group|Membership/, "Retail Lending — Chicago"],
  [/Organization/, "Prairie State Mortgage"],
  [/CustomField|DataCollection/, "Loan number"],
  [/Webhook|ApiClient|ApiUser/, "Loan origination system"],
  [/Watermark/, "Copy — not for recording"],
  [/EmailTemplate|EmailNotification|Notification/, "Closing package completed"],
  [/Carrier/, "USPS"],
  [/ReturnAddress|Envelope/, "Prairie State Mortgage"],
  [/Address/, "Ada Lovelace"],
  [/ClosingCenter/, "Lakeside Title & Escrow"],
  [/EVault|Vault|EDeposit/, "MERS eRegistry vault"],
  [/IdentityProvider|Saml|Identity/, "Okta — Prairie State Mortgage"],
  [/Holiday/, "Juneteenth National Independence Day"],
  [/Participant|Signing|User|Person|People/, "Ada Lovelace"],
];

/** Strings for fields that only say what they hold by their name (compared lower-cased, no underscores). */
const STRINGS_BY_NAME: [RegExp, string][] = [
  [/^(givenname|firstname)$/, "Ada"],
  [/^middlename$/, "King"],
  [/^(familyname|lastname)$/, "Lovelace"],
  [/fullname$|^displayname$|byname$|^signername$/, "Ada Lovelace"],
  [/^initials$/, "AL"],
  [/^(organizationname|orgname|lendername)$/, "Prairie State Mortgage"],
  [/^recipientname$/, "Ada Lovelace"],
  [/templatename$/, "Purchase loan closing"],
  [/^eventtype$/, "package.completed"],
  [/cookie$/, "signet_session"],
  [/^node$/, "20.19.0"],
  [/^provider$/, "WK"],
  [/^documentkey$|^key$/, "closing-disclosure"],
  [/hint$/, "***-***-0123"],
  [/subject$/, "Please sign your closing documents for loan 2026-000123"],
  [/introtext$|^intro$/, "Hello Ada, your closing documents are ready to review and sign."],
  [/fromtext$|fromname$|^company$|companyname$|^lender/, "Prairie State Mortgage"],
  [/email$|^username$|replyto$|emailaddress$|^to$|^recipient$/, "ada.lovelace@example.com"],
  [/phone/, "3125550123"],
  [/ssnlast4/, "6789"],
  [/^executiontype$/, "E_SIGN"],
  [/certificate/, EXAMPLE_CERTIFICATE],
  [/dataurl/, EXAMPLE_PNG_DATA_URL],
  [/^issuer$/, "https://login.example.com"],
  [/origin/, "https://lender.example.com"],
  [/^imb$/, "00040123456789012345"],
  [/timezone|^zone$/, "America/Chicago"],
  [/urls?$|uri$|link$/, "https://lender.example.com/closing/2026-000123"],
  [/sha256|hash$|fingerprint/, "3f6c1a0e9b7d25c48e1f0a6d2b93c7e54a18f0d6c2b9e7a53d1c08f4b6e2a971"],
  [/password|secret$/, "Correct-Horse-Battery-2026"],
  [/token$/, "eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJleGFtcGxlIn0.c2lnbmF0dXJl"],
  [/filename$/, "closing-disclosure-2026-000123.pdf"],
  [/^city$/, "Springfield"],
  [/^state$/, "IL"],
  [/zip|postal/, "62701"],
  [/^line2$|^addressline2$/, "Suite 400"],
  [/address|^line1$|^street$/, "100 Main Street"],
  [/^country$/, "US"],
  [/colou?r$/, "#1F6FEB"],
  [/^(type|participanttype|participanttypes|slot|slotname)$/, "Borrower"],
  [/^service$|servicelevel/, "First-Class Mail"],
  [/loannumber|^reference$|customerid|externalid/, "2026-000123"],
  [/^prefix$/, "sk_3f9a"],
  [/^(message|body|text|note|notes|comment)$|reason|description|details$/, "Closing documents for loan 2026-000123"],
  [/^(question|prompt)$/, "What is your current mailing address?"],
  [/options$|^optionvalue$|^allowedvalues$|^displayvalue$/, "Fixed rate"],
  [/^html$/, "<p>Hello Ada, your closing documents are ready to review and sign.</p>"],
  [/^packagestatus$/, "AVAILABLE_TO_SIGNERS"],
  [/^(waitingfor|missingsigners|uploadedby|sharedby)$/, "Ada Lovelace"],
  [/^(lasterror|errortext)$/, "The vault did not answer within 30 seconds"],
  [/message$|^detail$|excerpt$|^sentence$|^statement$|^disclosure$/, "Closing documents for loan 2026-000123"],
  [/^pem$/, EXAMPLE_CERTIFICATE],
  [/^contenttype$/, "application/pdf"],
  [/^documenttypes?$/, "Closing Disclosure"],
  [/^carrier$/, "USPS"],
  [/^trackingnumber$/, "9400111899223344556677"],
  [/^scopes?$/, "packages"],
  [/^ip$/, "203.0.113.24"],
  [/^useragent$/, "Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0"],
  [/^windowlines$/, "Prairie State Mortgage"],
  [/^vaultmapping$/, "LoanNumber"],
  [/^(version|protocolversion)$/, "1.4.2"],
  [/^commit$/, "9b63977"],
  [/^recoverycodes$/, "7KQ2-M9XD-4RTP"],
  [/^(answer|value|defaultvalue)$/, "100 Main Street, Springfield, IL 62701"],
];

/** A string for a field, from its name (context: the named schema it belongs to). */
function stringFor(key: string, context: string): string {
  const name = key.toLowerCase().replace(/_/g, "");
  if (name === "id") return uuidFor(`${lowerFirst(context)}Id`);
  if (/[a-z]Id$/.test(key)) return uuidFor(key);
  if (name.endsWith("claim") || name.endsWith("attribute")) {
    // a claim or attribute name of an identity provider: emailClaim → email, givenNameClaim → given_name
    return key
      .replace(/(Claim|Attribute)$/, "")
      .replace(/([a-z])([A-Z])/g, "$1_$2")
      .toLowerCase();
  }
  // TRID's legal dates are calendar days, HH:mm times are a time of day
  if (name.startsWith("trid") && /milestone|date|sentat/.test(name)) return EXAMPLE_DATE;
  if (/[a-z]Time$/.test(key) || /_time$/.test(key)) return "17:00";
  if (name.endsWith("code") && !/zip|postal/.test(name)) return "123456";
  if (name === "value" && /secret/i.test(context)) return "cs_9Xq2mR7vK4tW8yZ1pL6nB3d";
  if (name === "filename" && /Bulk/.test(context)) return "bulk-send-2026-03.csv";
  if (name === "status") return /Package/.test(context) ? "AVAILABLE_TO_SIGNERS" : "ACTIVE";
  for (const [pattern, value] of STRINGS_BY_NAME) if (pattern.test(name)) return value;
  // TRID's deadlines are calendar days too
  if (/due$|received$|consummation$|receiveby$|deadline$/.test(name)) return EXAMPLE_DATE;
  if (/[a-z](At|On)$/.test(key) || /date|time|^valid(from|to)$|^not(before|after)$|until$/.test(name)) {
    return EXAMPLE_DATE_TIME;
  }
  if (name.includes("name") || name === "label" || name === "title") {
    return NAMES_BY_CONTEXT.find(([pattern]) => pattern.test(context))?.[1] ?? LOAN_NAME;
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
  else if (name === "angle") value = 45;
  else if (name === "opacity") value = 0.3;
  else if (name.includes("fontsize")) value = 48;
  else if (name.includes("amount")) value = 350_000;
  else if (name.endsWith("minutes")) value = 15;
  else if (name.endsWith("seconds")) value = 300;
  else if (name.endsWith("ms")) value = 142;
  else if (name === "statuscode") value = 200;
  else if (name.includes("count") || name === "total") value = 1;
  const checks = (def.checks ?? []).map((check) => check._zod.def);
  const integer = checks.some((c) => c.check === "number_format" && String(c.format).includes("int"));
  if (integer) value = Math.round(value);
  for (const c of checks) {
    const bound = c.value as number;
    if (c.check === "greater_than" && (value < bound || (value === bound && !c.inclusive))) {
      value = c.inclusive || !integer ? bound + (c.inclusive ? 0 : 0.5) : bound + 1;
    }
    if (c.check === "less_than" && (value > bound || (value === bound && !c.inclusive))) {
      value = c.inclusive || !integer ? bound - (c.inclusive ? 0 : 0.5) : bound - 1;
    }
  }
  return value;
}

/** Nullable fields that read as "not yet happened" stay null: a fresh record has not been cancelled. */
const NULL_WHEN_NULLABLE =
  /^(cancel|decline|disabled|deactivated|suspended|lastfailure|previoussecret|error|failure|failed|deleted|withdrawn|revoked|locked|expired|returned|archived|closed|finished)/i;

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
  // an unnamed object is named by its field: a signing room's `package` holds the package's id and name
  const where =
    z.globalRegistry.get(schema)?.id ??
    (def.type === "object" && key && !/^(records|items|data|value)$/.test(key)
      ? key.charAt(0).toUpperCase() + key.slice(1)
      : context);
  const own = handWritten.get(schema);
  if (own?.whole) return own.value;
  const next = (inner: unknown, innerKey = key) =>
    exampleOf(inner as z.ZodType, side, handWritten, innerKey, where, depth + 1);
  const generated = generate(def, side, key, where, depth, next);
  if (own === undefined) return generated;
  return Object.fromEntries(
    Object.entries({ ...(generated as object), ...(own.value as object) }).filter(([, value]) => value !== undefined),
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
    case "union": {
      // the first option with something to show that its own schema accepts ("" or null shows little)
      const options = def.options as z.ZodType[];
      const shown = options
        .map((option) => ({ option, value: next(option) }))
        .find(({ option, value }) => value !== "" && value !== null && option.safeParse(value).success);
      return shown ? shown.value : next(options[0]);
    }
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
