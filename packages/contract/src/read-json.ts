// Checks of parsed JSON written by hand, for the few shapes the web app reads before anything else
// (its public config, its session cookie, error bodies): zod, even zod/mini, was ~16 KB gzip of the
// sign-in page's first download (issue 17). They judge as the zod schemas of the same shapes do (their
// tests hold them to those): same accepted values, unknown keys dropped.

export type Field<T> = (value: unknown) => { ok: true; value: T } | { ok: false };
type FieldValue<F> = F extends Field<infer T> ? T : never;

const fail = { ok: false } as const;
const pass = <T>(value: T) => ({ ok: true, value }) as const;

export const string: Field<string> = (value) => (typeof value === "string" ? pass(value) : fail);
/** zod's z.int(): a safe integer */
export const int: Field<number> = (value) => (Number.isSafeInteger(value) ? pass(value as number) : fail);
export const boolean: Field<boolean> = (value) => (typeof value === "boolean" ? pass(value) : fail);

export const oneOf =
  <const V extends readonly string[]>(values: V): Field<V[number]> =>
  (value) =>
    values.includes(value as string) ? pass(value as V[number]) : fail;

export const optional =
  <T>(field: Field<T>): Field<T | undefined> =>
  (value) =>
    value === undefined ? pass(undefined) : field(value);

export const nullable =
  <T>(field: Field<T>): Field<T | null> =>
  (value) =>
    value === null ? pass(null) : field(value);

export const arrayOf =
  <T>(field: Field<T>): Field<T[]> =>
  (value) => {
    if (!Array.isArray(value)) return fail;
    const out: T[] = [];
    for (const item of value) {
      const result = field(item);
      if (!result.ok) return fail;
      out.push(result.value);
    }
    return pass(out);
  };

export const either =
  <A, B>(first: Field<A>, second: Field<B>): Field<A | B> =>
  (value) => {
    const result = first(value);
    return result.ok ? result : second(value);
  };

/** The object's fields as `fields` read them, unknown keys dropped; optional ones absent stay absent. */
export const object =
  <F extends Record<string, Field<unknown>>>(fields: F): Field<{ [K in keyof F]: FieldValue<F[K]> }> =>
  (value) => {
    if (typeof value !== "object" || value === null || Array.isArray(value)) return fail;
    const input = value as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(fields)) {
      const result = field(input[key]);
      if (!result.ok) return fail;
      if (result.value !== undefined || key in input) out[key] = result.value;
    }
    return pass(out as { [K in keyof F]: FieldValue<F[K]> });
  };
