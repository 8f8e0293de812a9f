import { systemActor } from "../actor.ts";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import type { CoreDeps } from "../core-deps.ts";
import { Prisma } from "../db/generated/client.ts";
import { INSTALLATION_STREAM } from "./record-key-rotations.ts";

/**
 * Every column the field cipher writes (table, its single-column key, the column). A test reads the
 * Prisma schema and fails when a column named …Ciphertext or …Encrypted is missing here, so a new
 * secret cannot be left behind by a rotation.
 */
export const ENCRYPTED_COLUMNS = [
  { table: "PackageCustomField", key: "id", column: "valueCiphertext" },
  { table: "DocumentCustomField", key: "id", column: "valueCiphertext" },
  { table: "Participant", key: "id", column: "verificationCiphertext" },
  { table: "OrganizationSealCertificate", key: "organizationId", column: "p12Ciphertext" },
  { table: "OrganizationSealCertificate", key: "organizationId", column: "passwordCiphertext" },
  { table: "IdentityProvider", key: "id", column: "clientSecretEncrypted" },
  { table: "OidcSession", key: "activeTokenId", column: "refreshTokenEncrypted" },
  { table: "WebhookEndpoint", key: "id", column: "secretEncrypted" },
  { table: "WebhookEndpoint", key: "id", column: "previousSecretEncrypted" },
  { table: "MfaAuthenticator", key: "userId", column: "secretEncrypted" },
  { table: "BulkSendRow", key: "id", column: "inputCiphertext" },
  { table: "EVault", key: "id", column: "clientSecretEncrypted" },
  { table: "PrintFulfillmentSettings", key: "organizationId", column: "clientSecretEncrypted" },
  { table: "IdentityProofingAttempt", key: "id", column: "personReferenceEncrypted" },
  { table: "NotaryProfile", key: "id", column: "p12Ciphertext" },
  { table: "NotaryProfile", key: "id", column: "passwordCiphertext" },
] as const;

export interface ColumnReencryption {
  table: string;
  column: string;
  /** values read */
  scanned: number;
  /** values that were under a previous key (rewritten, or only counted in a dry run) */
  previousKey: number;
  /** values no key opens: left as they are, and named so an operator can look */
  unreadable: number;
}

/**
 * Moves every stored secret onto the current field key (issue 18 §4), in batches of `batchSize`
 * rows, each row written only if it still holds what was read (a value written meanwhile already
 * uses the current key). Safe to run again and alongside live traffic, since reads accept every key
 * until FIELD_ENCRYPTION_KEY_PREVIOUS is removed. `dryRun` only counts.
 */
export async function reencryptFieldValues(
  deps: Pick<CoreDeps, "db" | "fieldCipher">,
  options: { batchSize?: number; dryRun?: boolean; currentKeyFingerprint?: string } = {},
): Promise<ColumnReencryption[]> {
  const { db, fieldCipher } = deps;
  const batchSize = options.batchSize ?? 200;
  const results: ColumnReencryption[] = [];
  for (const { table, key, column } of ENCRYPTED_COLUMNS) {
    const result: ColumnReencryption = { table, column, scanned: 0, previousKey: 0, unreadable: 0 };
    const [t, k, c] = [Prisma.raw(`"${table}"`), Prisma.raw(`"${key}"`), Prisma.raw(`"${column}"`)];
    let after = "00000000-0000-0000-0000-000000000000";
    for (;;) {
      const rows = await db.$queryRaw<{ id: string; value: string }[]>`
        SELECT ${k}::text AS id, ${c} AS value FROM ${t}
        WHERE ${c} IS NOT NULL AND ${k} > ${after}::uuid ORDER BY ${k} LIMIT ${batchSize}`;
      if (rows.length === 0) break;
      for (const row of rows) {
        result.scanned++;
        let fresh: string | null;
        try {
          fresh = fieldCipher.reencrypt(row.value);
        } catch {
          result.unreadable++;
          continue;
        }
        if (fresh === null) continue;
        result.previousKey++;
        if (!options.dryRun) {
          await db.$executeRaw`UPDATE ${t} SET ${c} = ${fresh} WHERE ${k} = ${row.id}::uuid AND ${c} = ${row.value}`;
        }
      }
      after = rows[rows.length - 1]!.id;
    }
    results.push(result);
  }
  if (!options.dryRun) {
    await db.$transaction((tx) =>
      appendAuditEvent(tx, systemActor, {
        ...INSTALLATION_STREAM,
        type: "key.field-values-reencrypted",
        data: {
          reencrypted: results.reduce((sum, r) => sum + r.previousKey, 0),
          unreadable: results.reduce((sum, r) => sum + r.unreadable, 0),
          ...(options.currentKeyFingerprint ? { fingerprint: options.currentKeyFingerprint } : {}),
        },
      }),
    );
  }
  return results;
}
