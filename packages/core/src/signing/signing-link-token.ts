import { createHmac, timingSafeEqual } from "node:crypto";

// A signing link's token is its row id plus an HMAC of that id under the signed-link key: the
// database never holds a working token, and a guessed id without the key opens nothing.

const mac = (key: Buffer, linkId: string) =>
  createHmac("sha256", key).update(`signing-link.${linkId}`).digest("base64url");

export function signingLinkToken(key: Buffer, linkId: string): string {
  return `${linkId}.${mac(key, linkId)}`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The link id of a genuine token, else null (forged, truncated or of another installation). */
export function signingLinkIdFromToken(key: Buffer, token: string): string | null {
  const [linkId, signature, ...rest] = token.split(".");
  if (!linkId || !signature || rest.length > 0 || !UUID.test(linkId)) return null;
  const expected = Buffer.from(mac(key, linkId));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? linkId : null;
}
