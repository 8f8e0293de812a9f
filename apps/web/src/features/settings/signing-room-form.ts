// Pure parts of the signing-room settings form: the message of the origins list
// (zod reports a bad entry by index, the form shows it with the entry).

type MaybeError = { message?: string | undefined } | undefined | null;

/**
 * The origins list's error: the list's own ('Too big: …') or the first bad entry's, prefixed with
 * the entry ('ftp:/x: Invalid URL'). Null when there is none.
 */
export function listError(
  error: MaybeError | readonly MaybeError[] | Record<number, MaybeError>,
  values: readonly string[],
): string | null {
  if (!error) return null;
  if ("message" in error && typeof error.message === "string" && error.message) return error.message;
  for (const [index, entry] of Object.entries(error as Record<string, MaybeError>)) {
    if (!/^\d+$/.test(index) || !entry?.message) continue;
    const value = values[Number(index)];
    return value ? `${value}: ${entry.message}` : entry.message;
  }
  return null;
}

/** Origins typed into the list: trimmed, without empties and duplicates (the server keeps origins only). */
export function cleanOrigins(values: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of values) {
    const value = raw.trim().replace(/\/+$/, "");
    if (!value || seen.has(value)) continue;
    seen.add(value);
    out.push(value);
  }
  return out;
}
