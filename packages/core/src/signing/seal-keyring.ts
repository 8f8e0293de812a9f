import { randomBytes } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Config } from "../config/config.ts";
import type { FieldCipher } from "../crypto/field-cipher.ts";
import type { Db } from "../db/prisma-client.ts";
import { createDevelopmentSealP12, loadSealCredentials, type SealCredentials } from "../sealing/index.ts";

export interface SealKey {
  credentials: SealCredentials;
  source: "ORGANIZATION" | "SYSTEM";
}

/**
 * The keys that seal documents: an organization's own PKCS#12 when it uploaded one, else the
 * system's (SEAL_P12_PATH, or a development certificate generated into DATA_DIR/seal at first
 * start). Each P12 is unlocked once (PBKDF2 is slow on purpose) and its key kept as a node
 * KeyObject; signing then uses native crypto.
 */
export interface SealKeyring {
  system(): Promise<SealCredentials>;
  forOrganization(organizationId: string): Promise<SealKey>;
  /** drop the cached key after the organization's certificate changed */
  forget(organizationId: string): void;
}

export function createSealKeyring(input: {
  db: Db;
  config: Config;
  dataDir: string;
  cipher: FieldCipher;
}): SealKeyring {
  let system: Promise<SealCredentials> | null = null;
  /** unlocked keys by organization, with the fingerprint of the certificate they belong to */
  const byOrganization = new Map<string, { fingerprint: string; key: Promise<SealKey> }>();
  const loadSystem = async () => {
    if (input.config.SEAL_P12_PATH) {
      const p12 = await readFile(input.config.SEAL_P12_PATH);
      return loadSealCredentials(p12, input.config.SEAL_P12_PASSWORD ?? "");
    }
    const { p12, password } = await developmentP12(input.dataDir);
    return loadSealCredentials(p12, password);
  };
  const keyring: SealKeyring = {
    system() {
      system ??= loadSystem().catch((error: unknown) => {
        system = null;
        throw error;
      });
      return system;
    },
    async forOrganization(organizationId) {
      // which certificate is current is read every time (one small row): a certificate replaced
      // through another replica is used here from the next seal on, not after a restart
      const current = await input.db.organizationSealCertificate.findUnique({
        where: { organizationId },
        select: { fingerprint: true },
      });
      if (!current) return { credentials: await keyring.system(), source: "SYSTEM" };
      const cached = byOrganization.get(organizationId);
      if (cached?.fingerprint === current.fingerprint) return cached.key;
      const key = (async (): Promise<SealKey> => {
        const row = await input.db.organizationSealCertificate.findUniqueOrThrow({ where: { organizationId } });
        const p12 = Buffer.from(input.cipher.decrypt(row.p12Ciphertext), "base64");
        return {
          credentials: loadSealCredentials(p12, input.cipher.decrypt(row.passwordCiphertext)),
          source: "ORGANIZATION",
        };
      })();
      byOrganization.set(organizationId, { fingerprint: current.fingerprint, key });
      key.catch(() => byOrganization.delete(organizationId));
      return key;
    },
    forget(organizationId) {
      byOrganization.delete(organizationId);
    },
  };
  return keyring;
}

/**
 * Replaces the development seal with `p12` (the embedded trust services' CA issues one, so the demo
 * seals with a certificate whose revocation can be checked). Same file, same atomic write.
 */
export async function storeDevelopmentP12(dataDir: string, p12: Uint8Array, password: string): Promise<void> {
  const dir = join(dataDir, "seal");
  const file = join(dir, "development-seal.json");
  await mkdir(dir, { recursive: true });
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
  await writeFile(temporary, JSON.stringify({ p12: Buffer.from(p12).toString("base64"), password }), { mode: 0o600 });
  await rename(temporary, file);
}

/**
 * The development seal: made once per DATA_DIR and kept there (owner-only), so documents sealed
 * before a restart still verify against the same certificate. Written through a temporary file and
 * a rename, so two processes starting together never read half a file.
 */
export async function developmentP12(dataDir: string): Promise<{ p12: Buffer; password: string }> {
  const dir = join(dataDir, "seal");
  const file = join(dir, "development-seal.json");
  try {
    const stored = JSON.parse(await readFile(file, "utf8")) as { p12: string; password: string };
    return { p12: Buffer.from(stored.p12, "base64"), password: stored.password };
  } catch {
    const password = randomBytes(18).toString("base64url");
    const p12 = Buffer.from(createDevelopmentSealP12("Signet development seal", password));
    await mkdir(dir, { recursive: true });
    const temporary = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
    await writeFile(temporary, JSON.stringify({ p12: p12.toString("base64"), password }), { mode: 0o600 });
    await rename(temporary, file);
    return { p12, password };
  }
}
