import { createHash } from "node:crypto";

export const KEY_PURPOSES = ["auth-secret", "field-encryption-key", "system-seal-certificate"] as const;
export type KeyPurpose = (typeof KEY_PURPOSES)[number];

/**
 * A short name for a secret key that reveals nothing of it (a salted SHA-256, cut to 16 hex digits),
 * so logs, the audit trail and `pnpm keys status` can tell keys apart without holding them.
 */
export function keyFingerprint(purpose: KeyPurpose, material: string | Uint8Array): string {
  return createHash("sha256")
    .update(`signet-key-fingerprint\0${purpose}\0`)
    .update(material)
    .digest("hex")
    .slice(0, 16);
}
