/** A migration command failed; the message is the engine's, without its wasm span trace. */
export class MigrationError extends Error {
  override name = "MigrationError";
  /** Prisma's error code (e.g. P3006) when the engine gave one. */
  readonly code: string | undefined;

  constructor(message: string, options: { cause?: unknown; code?: string } = {}) {
    super(message, { cause: options.cause });
    this.code = options.code;
  }
}

export function toMigrationError(error: unknown, context: string): MigrationError {
  if (error instanceof MigrationError) return error;
  const raw = error instanceof Error ? error.message : String(error);
  // The wasm engine appends a tracing span list ("   0: schema_engine_wasm::...") to every message;
  // the one useful thing in it is which migration was being applied.
  const [head = raw, spans = ""] = raw.split(/\n\s+0: /, 2);
  const migration = /migration_name="([^"]+)"/.exec(spans)?.[1];
  const message = `${migration ? `migration ${migration}: ` : ""}${head.replace(/^external connector error\n/, "").trim()}`;
  const code =
    typeof error === "object" && error !== null && "code" in error && typeof error.code === "string"
      ? error.code
      : undefined;
  return new MigrationError(`${context}: ${code ? `${code} ` : ""}${message}`, {
    cause: error,
    ...(code ? { code } : {}),
  });
}
