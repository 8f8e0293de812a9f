// The Standard Schema shape (https://standardschema.dev), which zod's schemas also have: the client
// checks answers through it, so a route may carry a zod schema or a check written by hand (issue 17:
// the first download holds no zod).

type Result<Output> = { readonly value: Output; readonly issues?: undefined } | { readonly issues: readonly unknown[] };

export interface StandardSchema<Input = unknown, Output = Input> {
  readonly "~standard": {
    readonly version: 1;
    readonly vendor: string;
    readonly validate: (value: unknown) => Result<Output> | Promise<Result<Output>>;
    readonly types?: { readonly input: Input; readonly output: Output } | undefined;
  };
}

export type InputOf<S extends StandardSchema> = NonNullable<S["~standard"]["types"]>["input"];
export type OutputOf<S extends StandardSchema> = NonNullable<S["~standard"]["types"]>["output"];

/** The value as `schema` gives it back, or `passed: false`. */
export async function checked<S extends StandardSchema>(
  schema: S,
  value: unknown,
): Promise<{ passed: true; value: OutputOf<S> } | { passed: false }> {
  const result = await schema["~standard"].validate(value);
  return result.issues ? { passed: false } : { passed: true, value: result.value as OutputOf<S> };
}

/** A schema written by hand: `read` answers the value to keep, or undefined to refuse it. */
export function handChecked<T>(read: (value: unknown) => T | undefined): StandardSchema<T, T> {
  return {
    "~standard": {
      version: 1,
      vendor: "signet",
      validate: (value) => {
        const out = read(value);
        return out === undefined ? { issues: [{ message: "Invalid value" }] } : { value: out };
      },
    },
  };
}

/** A schema loaded when first used (its module, and zod with it, stay out of the first download). */
export function loadedOnUse<S extends StandardSchema>(load: () => Promise<S>): S {
  return {
    "~standard": {
      version: 1,
      vendor: "signet",
      validate: async (value: unknown) => (await load())["~standard"].validate(value),
    },
  } as S;
}
