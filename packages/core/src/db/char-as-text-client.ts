import pg from "pg";

const CHAR_OID = 18;
const TEXT_OID = 25;

type FieldsCarrier = { fields?: Array<{ dataTypeID: number }> };

// adapter-pg rejects columns of type `"char"` (OID 18) as unsupported, yet the schema engine's
// introspection selects such catalog columns (relkind, contype, ...). Their values are one-letter
// strings, so reporting them as text is faithful and lets both migrations and raw catalog queries
// through.
function relabelCharColumns<T>(result: T): T {
  const results: unknown[] = Array.isArray(result) ? result : [result];
  for (const item of results) {
    for (const field of (item as FieldsCarrier | null)?.fields ?? []) {
      if (field.dataTypeID === CHAR_OID) field.dataTypeID = TEXT_OID;
    }
  }
  return result;
}

type Callback = (error: Error | null, result: unknown) => void;

function relabelQuery(this: pg.Client, ...args: unknown[]): unknown {
  const query = pg.Client.prototype.query as (this: pg.Client, ...args: unknown[]) => unknown;
  const [first] = args;
  if (first !== null && typeof first === "object" && "submit" in first) return query.apply(this, args);

  const last = args.at(-1);
  if (typeof last === "function") {
    const callback = last as Callback;
    args[args.length - 1] = (error: Error | null, result: unknown) =>
      callback(error, error ? result : relabelCharColumns(result));
    return query.apply(this, args);
  }
  if (first !== null && typeof first === "object" && typeof (first as { callback?: unknown }).callback === "function") {
    const callback = (first as { callback: Callback }).callback;
    args[0] = {
      ...first,
      callback: (error: Error | null, result: unknown) => callback(error, error ? result : relabelCharColumns(result)),
    };
    return query.apply(this, args);
  }
  return (query.apply(this, args) as Promise<unknown>).then(relabelCharColumns);
}

/** A pg client that reports `"char"` columns as text; pass it as `Client` in a pool config. */
export class CharAsTextClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config);
    // pg's query() has a dozen overloads that cannot be restated in a subclass; one function
    // handles every calling convention instead.
    this.query = relabelQuery as pg.Client["query"];
  }
}
