import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Anti-forgery token: the OWASP "signed double-submit cookie", bound to the session's token id.
 * The browser reads it from a readable cookie and echoes it in a header; another site can neither
 * read the cookie nor compute the HMAC. Stateless, so any API replica can check it.
 */
export function csrfTokenFor(key: Buffer, tokenId: string): string {
  return createHmac("sha256", key).update(`csrf:${tokenId}`).digest("base64url");
}

export function isValidCsrfToken(key: Buffer, tokenId: string, presented: string | undefined): boolean {
  if (!presented) return false;
  const expected = Buffer.from(csrfTokenFor(key, tokenId));
  const actual = Buffer.from(presented);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
