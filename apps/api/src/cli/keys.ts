// `pnpm keys <command>`: the operator's side of key rotation (issue 18 §4; docs/operations/rotating-keys.md).
//   generate   print a fresh AUTH_SECRET and FIELD_ENCRYPTION_KEY to put in the environment
//   status     the keys in use (fingerprints), and how many stored secrets still need a previous key
//   reencrypt  move every stored secret onto the current FIELD_ENCRYPTION_KEY (safe to run again)
// It reads the same environment as the API (DATABASE_URL, AUTH_SECRET, *_PREVIOUS, DATA_DIR).
import { randomBytes } from "node:crypto";
import { resolve } from "node:path";
import {
  AUDIT_EVENT_SUBSCRIBERS,
  type ColumnReencryption,
  ConfigError,
  createCoreDeps,
  createPrismaClient,
  fieldEncryptionKey,
  keyFingerprint,
  loadConfig,
  loadOrCreateLocalSecrets,
  reencryptFieldValues,
  subscribeToAuditEvents,
} from "@signet/core";
import { pino } from "pino";

const USAGE = "Usage: pnpm keys generate | status | reencrypt [--dry-run]";

function printTable(rows: ColumnReencryption[], verb: string) {
  for (const row of rows) {
    if (row.scanned === 0) continue;
    const unreadable = row.unreadable > 0 ? `, ${row.unreadable} no key opens` : "";
    console.log(
      `  ${`${row.table}.${row.column}`.padEnd(48)} ${row.scanned} stored, ${row.previousKey} ${verb}${unreadable}`,
    );
  }
  const total = rows.reduce((sum, row) => sum + row.previousKey, 0);
  const unreadable = rows.reduce((sum, row) => sum + row.unreadable, 0);
  console.log(`  Total: ${total} ${verb}${unreadable > 0 ? `, ${unreadable} no key opens (see above)` : ""}.`);
  return { total, unreadable };
}

async function main(command: string | undefined, flags: string[]): Promise<number> {
  if (command === "generate") {
    console.log(`AUTH_SECRET=${randomBytes(48).toString("base64url")}`);
    console.log(`FIELD_ENCRYPTION_KEY=${randomBytes(32).toString("hex")}`);
    console.log("\nMove the current values to AUTH_SECRET_PREVIOUS / FIELD_ENCRYPTION_KEY_PREVIOUS, restart every");
    console.log("API and worker, then run `pnpm keys reencrypt` (docs/operations/rotating-keys.md).");
    return 0;
  }
  if (command !== "status" && command !== "reencrypt") {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig(process.env);
  if (!config.DATABASE_URL) throw new ConfigError("Set DATABASE_URL to the installation's database.");
  const dataDir = resolve(process.env.INIT_CWD ?? process.cwd(), config.DATA_DIR);
  const authSecret = config.AUTH_SECRET ?? (await loadOrCreateLocalSecrets(dataDir)).authSecret;
  subscribeToAuditEvents(AUDIT_EVENT_SUBSCRIBERS);
  const db = createPrismaClient(config.DATABASE_URL, { max: 2 });
  try {
    const deps = createCoreDeps({ db, config, authSecret, dataDir, logger: pino({ level: "silent" }) });
    const fieldKey = keyFingerprint(
      "field-encryption-key",
      fieldEncryptionKey(config.FIELD_ENCRYPTION_KEY, authSecret),
    );
    if (command === "status") {
      const recorded = await db.keyFingerprint.findMany({ orderBy: { purpose: "asc" } });
      const current: Record<string, string> = {
        "auth-secret": keyFingerprint("auth-secret", authSecret),
        "field-encryption-key": fieldKey,
      };
      console.log("Keys (fingerprints; the API records them when it starts):");
      for (const row of recorded) {
        const mine = current[row.purpose];
        const note =
          mine === undefined ? "" : mine === row.fingerprint ? " (this environment)" : ` (this environment: ${mine})`;
        console.log(`  ${row.purpose.padEnd(26)} ${row.fingerprint} since ${row.activatedAt.toISOString()}${note}`);
      }
      console.log("\nStored secrets that still need a previous key:");
      const { total, unreadable } = printTable(
        await reencryptFieldValues(deps, { dryRun: true }),
        "need a previous key",
      );
      return total === 0 && unreadable === 0 ? 0 : 1;
    }
    const dryRun = flags.includes("--dry-run");
    console.log(dryRun ? "Counting (dry run):" : "Re-encrypting with the current key:");
    const { unreadable } = printTable(
      await reencryptFieldValues(deps, { dryRun, currentKeyFingerprint: fieldKey }),
      dryRun ? "would be re-encrypted" : "re-encrypted",
    );
    if (!dryRun)
      console.log("\nOnce every API and worker runs this key, FIELD_ENCRYPTION_KEY_PREVIOUS can be removed.");
    return unreadable === 0 ? 0 : 1;
  } finally {
    await db.$disconnect();
  }
}

try {
  process.exitCode = await main(process.argv[2], process.argv.slice(3));
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exitCode = 1;
}
