import { randomBytes } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";

export interface LocalSecrets {
  authSecret: string;
  demoPassword: string;
}

/**
 * The embedded default has no operator to set secrets, so it makes them once and keeps them under
 * DATA_DIR (owner-only). Real deployments set AUTH_SECRET, shared by every replica.
 */
export async function loadOrCreateLocalSecrets(dataDir: string): Promise<LocalSecrets> {
  const file = join(dataDir, "secrets.json");
  try {
    return JSON.parse(await readFile(file, "utf8")) as LocalSecrets;
  } catch {
    const secrets: LocalSecrets = {
      authSecret: randomBytes(48).toString("base64url"),
      // readable but strong: meets the password policy (upper, lower, digit, 12+)
      demoPassword: `Demo-${randomBytes(6).toString("hex")}-Pw1`,
    };
    await mkdir(dataDir, { recursive: true });
    await writeFile(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
    return secrets;
  }
}
