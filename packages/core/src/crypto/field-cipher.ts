import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/**
 * Encrypts stored secrets (AES-256-GCM; the IV and tag travel with the text). Writes use the
 * current key; reads also accept the keys it replaced, so a key rotates without downtime while
 * `reencrypt` moves every stored value onto the current key (issue 18 §4).
 */
export interface FieldCipher {
  encrypt(plain: string): string;
  /** throws when the text was changed or made with none of the keys */
  decrypt(sealed: string): string;
  /** the value encrypted with the current key, or null when it already is */
  reencrypt(sealed: string): string | null;
}

const IV_BYTES = 12;
const TAG_BYTES = 16;

function parseKey(value: string, name: string): Buffer {
  const key = /^[0-9a-f]{64}$/i.test(value) ? Buffer.from(value, "hex") : Buffer.from(value, "base64");
  if (key.length !== 32) throw new Error(`${name} must be 32 bytes (64 hex digits or base64)`);
  return key;
}

const derivedKey = (authSecret: string) =>
  Buffer.from(hkdfSync("sha256", authSecret, "signet", "custom-field-values", 32));

/**
 * The key: FIELD_ENCRYPTION_KEY (32 bytes, base64 or hex) when set, else derived with HKDF from
 * AUTH_SECRET, so the embedded default encrypts without one more secret to keep.
 */
export function fieldEncryptionKey(fieldKey: string | undefined, authSecret: string): Buffer {
  return fieldKey ? parseKey(fieldKey, "FIELD_ENCRYPTION_KEY") : derivedKey(authSecret);
}

/**
 * The keys values may still be encrypted with, newest first: FIELD_ENCRYPTION_KEY_PREVIOUS, and the
 * keys derived from the current and previous AUTH_SECRETs (values written before FIELD_ENCRYPTION_KEY
 * was set, or before AUTH_SECRET rotated). The current key is left out.
 */
export function previousFieldEncryptionKeys(input: {
  current: Buffer;
  previousFieldKeys: readonly string[];
  authSecret: string;
  previousAuthSecrets: readonly string[];
}): Buffer[] {
  const candidates = [
    ...input.previousFieldKeys.map((value) => parseKey(value, "FIELD_ENCRYPTION_KEY_PREVIOUS")),
    derivedKey(input.authSecret),
    ...input.previousAuthSecrets.map(derivedKey),
  ];
  const keys: Buffer[] = [];
  for (const key of candidates) {
    if (!key.equals(input.current) && !keys.some((known) => known.equals(key))) keys.push(key);
  }
  return keys;
}

function open(key: Buffer, bytes: Buffer): string {
  const decipher = createDecipheriv("aes-256-gcm", key, bytes.subarray(0, IV_BYTES));
  decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString("utf8");
}

export function createFieldCipher(key: Buffer, previousKeys: readonly Buffer[] = []): FieldCipher {
  const encrypt = (plain: string) => {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv("aes-256-gcm", key, iv);
    const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64");
  };
  /** the plain text and whether the current key opened it (GCM's tag refuses any other key) */
  const decryptWithAny = (sealed: string): { plain: string; current: boolean } => {
    const bytes = Buffer.from(sealed, "base64");
    try {
      return { plain: open(key, bytes), current: true };
    } catch (error) {
      for (const previous of previousKeys) {
        try {
          return { plain: open(previous, bytes), current: false };
        } catch {
          // not this one either
        }
      }
      throw error;
    }
  };
  return {
    encrypt,
    decrypt: (sealed) => decryptWithAny(sealed).plain,
    reencrypt(sealed) {
      const { plain, current } = decryptWithAny(sealed);
      return current ? null : encrypt(plain);
    },
  };
}
