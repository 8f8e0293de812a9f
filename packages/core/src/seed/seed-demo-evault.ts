import type { FieldCipher } from "../crypto/field-cipher.ts";
import type { Db } from "../db/prisma-client.ts";
import { DEMO_CUSTOMER_NAME } from "./seed-demo.ts";

export const DEMO_EVAULT_NAME = "Signet reference eVault";

/**
 * Points the demo organization's eVault at the reference eVault this start runs (issue 15 §1):
 * created on the first start, its address and credentials refreshed on later ones (the port may
 * differ). Once deleted, it stays deleted.
 */
export async function ensureDemoEVault(
  db: Db,
  fieldCipher: FieldCipher,
  vault: { url: string; clientId: string; clientSecret: string },
): Promise<void> {
  const organization = await db.organization.findFirst({ where: { name: DEMO_CUSTOMER_NAME, eoSupport: false } });
  if (!organization) return;
  // found by its client id, so a renamed one is still the demo's vault
  const existing = await db.eVault.findFirst({ where: { organizationId: organization.id, clientId: vault.clientId } });
  const connection = {
    url: vault.url,
    clientId: vault.clientId,
    clientSecretEncrypted: fieldCipher.encrypt(vault.clientSecret),
  };
  if (existing) {
    if (existing.url !== vault.url || existing.clientId !== vault.clientId) {
      await db.eVault.update({ where: { id: existing.id }, data: { ...connection, version: { increment: 1 } } });
    }
    return;
  }
  if (await db.auditEvent.findFirst({ where: { organizationId: organization.id, type: "evault.deleted" } })) return;
  await db.eVault.create({
    data: {
      organizationId: organization.id,
      name: DEMO_EVAULT_NAME,
      nameKey: DEMO_EVAULT_NAME.toLowerCase(),
      adapter: "reference",
      ...connection,
    },
  });
}
