import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/** Encrypts custom field values marked encrypted (AES-256-GCM; the IV and tag travel with the text). */
export interface FieldCipher {
  encrypt(plain: string): string;
  /** throws when the text was changed or made with another key */
  decrypt(sealed: string): string;
}

const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * The key: FIELD_ENCRYPTION_KEY (32 bytes, base64 or hex) when set, else derived with HKDF from
 * AUTH_SECRET, so the embedded default encrypts without one more secret to keep. Rotating
 * AUTH_SECRET without FIELD_ENCRYPTION_KEY makes stored values unreadable: production sets both.
 */
export function fieldEncryptionKey(fieldKey: string | undefined, authSecret: string): Buffer {
  if (fieldKey) {
    const key = /^[0-9a-f]{64}$/i.test(fieldKey) ? Buffer.from(fieldKey, "hex") : Buffer.from(fieldKey, "base64");
    if (key.length !== 32) throw new Error("FIELD_ENCRYPTION_KEY must be 32 bytes (64 hex digits or base64)");
    return key;
  }
  return Buffer.from(hkdfSync("sha256", authSecret, "signet", "custom-field-values", 32));
}

export function createFieldCipher(key: Buffer): FieldCipher {
  return {
    encrypt(plain) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64");
    },
    decrypt(sealed) {
      const bytes = Buffer.from(sealed, "base64");
      const decipher = createDecipheriv("aes-256-gcm", key, bytes.subarray(0, IV_BYTES));
      decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString("utf8");
    },
  };
}
