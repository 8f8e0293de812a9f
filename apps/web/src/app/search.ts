// Search params are read by small functions rather than zod: the route tree, and every route's search
// schema with it, is in the entry chunk, and zod (even zod/mini) was ~16 KB gzip of the sign-in page's
// first download (issue 17). Every field is lenient: a missing or malformed value is dropped, not a
// failed route (stale or hand-edited URLs still open the page).

/** Reads one search param: its value, or undefined when missing or malformed. */
export type SearchField<T> = (raw: unknown) => T | undefined;

type Fields = Record<string, SearchField<unknown>>;
type ValueOf<F> = F extends SearchField<infer T> ? T : never;
export type SearchOf<F extends Fields> = { [K in keyof F]?: ValueOf<F[K]> };

/** A route's `validateSearch`: the known params read, others left out. */
export interface SearchSchema<F extends Fields> {
  readonly fields: F;
  /** Reads the URL's params, whatever they hold. */
  read(raw: Record<string, unknown>): SearchOf<F>;
  /** `read` for the router, typed with what links and navigations may pass. */
  parse(input: SearchOf<F>): SearchOf<F>;
}

/** What a schema reads, for the types of the code that uses it. */
export type SearchValues<S> = S extends SearchSchema<infer F> ? SearchOf<F> : never;

export function searchSchema<F extends Fields>(fields: F): SearchSchema<F> {
  const read = (raw: Record<string, unknown>) => {
    const out: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(fields)) {
      const value = raw[key] === undefined ? undefined : field(raw[key]);
      if (value !== undefined) out[key] = value;
    }
    return out as SearchOf<F>;
  };
  return { fields, read, parse: read };
}

/** The schema's fields and more (a route's own params beside shared ones). */
export function extend<F extends Fields, G extends Fields>(schema: SearchSchema<F>, fields: G): SearchSchema<F & G> {
  return searchSchema({ ...schema.fields, ...fields });
}

/** Text, trimmed if asked, within the given lengths. */
export const text =
  ({ max, min = 0, trim = false }: { max?: number; min?: number; trim?: boolean } = {}): SearchField<string> =>
  (raw) => {
    if (typeof raw !== "string") return undefined;
    const value = trim ? raw.trim() : raw;
    return value.length >= min && (max === undefined || value.length <= max) ? value : undefined;
  };

// zod's patterns (z.uuid(), z.iso.date()), so links keep opening what they opened before
const UUID =
  /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/;
const ISO_DATE =
  /^(?:(?:\d\d[2468][048]|\d\d[13579][26]|\d\d0[48]|[02468][048]00|[13579][26]00)-02-29|\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\d|30)|(?:02)-(?:0[1-9]|1\d|2[0-8])))$/;

export const isUuid = (raw: unknown): raw is string => typeof raw === "string" && UUID.test(raw);

export const uuid = (): SearchField<string> => (raw) => (isUuid(raw) ? raw : undefined);

/** A calendar day, YYYY-MM-DD. */
export const isoDate = (): SearchField<string> => (raw) =>
  typeof raw === "string" && ISO_DATE.test(raw) ? raw : undefined;

/** One of the given words. */
export const oneOf =
  <const V extends readonly string[]>(values: V): SearchField<V[number]> =>
  (raw) =>
    values.includes(raw as string) ? (raw as V[number]) : undefined;

/** A whole number from the URL's text (or a number), within the given bounds. */
export const wholeNumber =
  (min: number, max = Number.POSITIVE_INFINITY): SearchField<number> =>
  (raw) => {
    const value = Number(raw);
    return Number.isInteger(value) && value >= min && value <= max ? value : undefined;
  };

/** ?page=: a positive integer. */
export const pageNumber = () => wholeNumber(1);

export const sortDirection = () => oneOf(["asc", "desc"]);

/**
 * Several of the given words, as an array or comma-separated: unknown ones and repeats dropped
 * (a list of package statuses in a link).
 */
export const someOf =
  <const V extends readonly string[]>(values: V): SearchField<V[number][]> =>
  (raw) => {
    const list = typeof raw === "string" ? raw.split(",") : raw;
    if (!Array.isArray(list) || !list.every((item) => typeof item === "string")) return undefined;
    return [...new Set(list.filter((item): item is V[number] => values.includes(item)))];
  };

export const returnUrlSearch = searchSchema({ returnUrl: text({ max: 2048 }) });

export const traceIdSearch = searchSchema({ traceId: text({ max: 200 }) });

/** The refusal page: the refused call's trace id, or `for=support` for a page only support staff open. */
export const forbiddenSearch = extend(traceIdSearch, { for: oneOf(["support"]) });

export const passwordResetLinkSearch = searchSchema({
  request: text({ max: 100 }),
  token: text({ max: 200 }),
});

/** The sign-up link: /sign-up?invitation={id}&token={secret}. */
export const signUpSearch = searchSchema({
  invitation: text({ max: 100 }),
  token: text({ max: 200 }),
});

/** The emailed link of a request to join (issue 30 §1). */
export const joinSearch = signUpSearch;

/** The emailed link that links an account to an identity provider (issue 30 §1). */
export const linkAccountSearch = searchSchema({
  request: text({ max: 100 }),
  token: text({ max: 200 }),
});
