import fc from "fast-check";
import { z } from "zod";

// Values that a route's own schema accepts, made by fast-check from the JSON Schema of its zod
// schema: the fuzz suite plants one bad string in them, so that the bad text reaches as deep as an
// otherwise valid request would (a body that fails on its first field never tests the rest).

type JsonSchema = {
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  default?: unknown;
};

/** A leaf where any text is allowed: the place a bad string goes. */
export const FREE_TEXT = Symbol("free text");

export interface SchemaValueOptions {
  /** values for uuid fields by their key (real ids go deeper than random ones) */
  idsByKey: Record<string, string>;
}

/** The JSON Schema (input side) of a zod schema, or null when it cannot be expressed. */
export function jsonSchemaOf(schema: unknown): JsonSchema | null {
  if (!(schema instanceof z.ZodType)) return null;
  try {
    return z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;
  } catch {
    return null;
  }
}

/**
 * An arbitrary of values the schema accepts. Free-text string leaves are tagged (wrapped as
 * `{ [FREE_TEXT]: value }`) so that `withPlantedText` can find them.
 */
export function schemaValue(root: JsonSchema, options: SchemaValueOptions): fc.Arbitrary<unknown> {
  const defs = root.$defs ?? {};
  const resolve = (schema: JsonSchema): JsonSchema =>
    schema.$ref ? resolve(defs[schema.$ref.replace("#/$defs/", "")] ?? {}) : schema;

  const build = (raw: JsonSchema, key: string, depth: number): fc.Arbitrary<unknown> => {
    const schema = resolve(raw);
    if (schema.const !== undefined) return fc.constant(schema.const);
    if (schema.enum) return fc.constantFrom(...schema.enum);
    const choices = schema.anyOf ?? schema.oneOf;
    if (choices) return fc.oneof(...choices.map((choice) => build(choice, key, depth)));
    if (schema.allOf?.[0]) return build(schema.allOf[0], key, depth);
    const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
    switch (type) {
      case "object": {
        const properties = Object.entries(schema.properties ?? {});
        if (depth > 4 || properties.length === 0) return fc.constant({});
        const required = new Set(schema.required ?? []);
        const record: Record<string, fc.Arbitrary<unknown>> = {};
        for (const [name, property] of properties) record[name] = build(property, name, depth + 1);
        return fc.record(record, {
          requiredKeys: properties.map(([name]) => name).filter((name) => required.has(name)),
        });
      }
      case "array": {
        const item = schema.items ? build(schema.items, key, depth + 1) : fc.constant("x");
        const minLength = schema.minItems ?? 0;
        return fc.array(item, { minLength, maxLength: Math.max(minLength, Math.min(schema.maxItems ?? 3, 3)) });
      }
      case "string":
        return stringValue(schema, key, options);
      case "integer":
      case "number": {
        const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 0);
        const max = Math.min(schema.maximum ?? (schema.exclusiveMaximum ?? 1000) - 1, min + 1000);
        return fc.integer({ min: Math.ceil(min), max: Math.max(Math.ceil(min), Math.floor(max)) });
      }
      case "boolean":
        return fc.boolean();
      case "null":
        return fc.constant(null);
      default:
        return fc.constant("x");
    }
  };
  return build(root, "", 0);
}

function stringValue(schema: JsonSchema, key: string, options: SchemaValueOptions): fc.Arbitrary<unknown> {
  switch (schema.format) {
    case "uuid":
      return options.idsByKey[key] ? fc.constant(options.idsByKey[key]) : fc.uuid({ version: 4 });
    case "email":
      return fc.constantFrom("ada@example.com", "ben.okafor@example.org");
    case "date":
      return fc.constant("1980-02-29");
    case "date-time":
      return fc.constant("2027-01-15T10:00:00.000Z");
    case "uri":
      return fc.constant("https://lender.example.com");
  }
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern)).filter((text) => fits(schema, text));
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 40, 40));
  return fc.string({ minLength: Math.max(minLength, 1), maxLength }).map((text) => ({ [FREE_TEXT]: text }));
}

const fits = (schema: JsonSchema, text: string) =>
  text.length >= (schema.minLength ?? 0) && text.length <= (schema.maxLength ?? Number.POSITIVE_INFINITY);

/** Free-text leaves of a generated value, as paths. */
function freeTextPaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (value !== null && typeof value === "object") {
    if (FREE_TEXT in value) return [path];
    return Object.entries(value).flatMap(([key, item]) =>
      freeTextPaths(item, [...path, Array.isArray(value) ? Number(key) : key]),
    );
  }
  return [];
}

/** The generated value as plain JSON, with `bad` planted in the free-text leaf `pick` selects (or as an extra key). */
export function withPlantedText(value: unknown, bad: string, pick: number): unknown {
  const paths = freeTextPaths(value);
  const target = paths.length > 0 ? paths[pick % paths.length]!.join("\u0001") : null;
  const plain = (item: unknown, path: (string | number)[]): unknown => {
    if (item === null || typeof item !== "object") return item;
    if (FREE_TEXT in item) {
      const text = (item as { [FREE_TEXT]: string })[FREE_TEXT];
      return path.join("\u0001") === target ? `${text.slice(0, 3)}${bad}` : text;
    }
    if (Array.isArray(item)) return item.map((entry, index) => plain(entry, [...path, index]));
    return Object.fromEntries(Object.entries(item).map(([key, entry]) => [key, plain(entry, [...path, key])]));
  };
  const planted = plain(value, []);
  if (target !== null) return planted;
  // nothing takes free text: the bad string goes in as a key the route does not know
  return planted !== null && typeof planted === "object" && !Array.isArray(planted)
    ? { ...planted, [`extra${bad}`]: bad }
    : { value: planted, [`extra${bad}`]: bad };
}
