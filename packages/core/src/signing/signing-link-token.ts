import { createHmac, timingSafeEqual } from "node:crypto";

// A signing link's token is its row id plus an HMAC of that id under the signed-link key: the
// database never holds a working token, and a guessed id without the key opens nothing.

const mac = (key: Buffer, linkId: string) =>
  createHmac("sha256", key).update(`signing-link.${linkId}`).digest("base64url");

export function signingLinkToken(key: Buffer, linkId: string): string {
  return `${linkId}.${mac(key, linkId)}`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The link id of a genuine token, else null (forged, truncated or of another installation). Given
 * several keys (the current one and those AUTH_SECRET_PREVIOUS left), any of them may have signed it.
 */
export function signingLinkIdFromToken(keys: Buffer | readonly Buffer[], token: string): string | null {
  const [linkId, signature, ...rest] = token.split(".");
  if (!linkId || !signature || rest.length > 0 || !UUID.test(linkId)) return null;
  const given = Buffer.from(signature);
  const genuine = (key: Buffer) => {
    const expected = Buffer.from(mac(key, linkId));
    return expected.length === given.length && timingSafeEqual(expected, given);
  };
  return (Array.isArray(keys) ? keys : [keys]).some(genuine) ? linkId : null;
}
