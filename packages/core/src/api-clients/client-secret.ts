import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

// A client secret is 256 bits from the CSPRNG: guessing it is hopeless, so a fast hash (SHA-256)
// protects the stored value as well as a slow one would, and keeps the token endpoint cheap. A slow
// hash (argon2id) is only needed for secrets people choose, such as passwords.
const SECRET_PREFIX = "sgs_";
const CLIENT_ID_PREFIX = "sgc_";
/** characters of the secret shown in lists to tell secrets apart (the "sgs_" plus 6 random ones) */
const SHOWN_PREFIX_LENGTH = SECRET_PREFIX.length + 6;

export function newClientSecret(): { value: string; hash: string; prefix: string } {
  const value = `${SECRET_PREFIX}${randomBytes(32).toString("base64url")}`;
  return { value, hash: hashClientSecret(value), prefix: value.slice(0, SHOWN_PREFIX_LENGTH) };
}

export function newClientId(): string {
  return `${CLIENT_ID_PREFIX}${randomBytes(12).toString("base64url")}`;
}

export function hashClientSecret(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}

export function secretMatches(presented: string, storedHash: string): boolean {
  const actual = Buffer.from(hashClientSecret(presented), "hex");
  const expected = Buffer.from(storedHash, "hex");
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

export function secretIsActive(secret: { revokedAt: Date | null; expiresAt: Date | null }, now = new Date()): boolean {
  return secret.revokedAt === null && (secret.expiresAt === null || secret.expiresAt.getTime() > now.getTime());
}
