import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Anti-forgery token: the OWASP "signed double-submit cookie", bound to the session's token id.
 * The browser reads it from a readable cookie and echoes it in a header; another site can neither
 * read the cookie nor compute the HMAC. Stateless, so any API replica can check it.
 */
export function csrfTokenFor(key: Buffer, tokenId: string): string {
  return createHmac("sha256", key).update(`csrf:${tokenId}`).digest("base64url");
}

/** Checked against every key still accepted (the current one, then those of AUTH_SECRET_PREVIOUS). */
export function isValidCsrfToken(keys: readonly Buffer[], tokenId: string, presented: string | undefined): boolean {
  if (!presented) return false;
  const actual = Buffer.from(presented);
  return keys.some((key) => {
    const expected = Buffer.from(csrfTokenFor(key, tokenId));
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  });
}
