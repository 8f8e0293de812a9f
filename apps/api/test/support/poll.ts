/** Calls the probe until it returns a value (not undefined, null or false), or fails after the timeout. */
export async function poll<T>(
  what: string,
  probe: () => Promise<T | undefined | null | false>,
  { timeoutMs = 10_000, intervalMs = 50 } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== null && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The claims of a cookie-style sign-in, read from the readable payload cookie (header.payload). */
export function payloadClaims(cookieValue: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(cookieValue.split(".")[1]!, "base64url").toString());
}
