import type { CoreDeps } from "../core-deps.ts";
import type { Db } from "../db/prisma-client.ts";

/**
 * Gives an organization enabled print settings for tests of the print-and-mail flow: the vendor,
 * a default return address, a default business return envelope printing it, and USPS First-Class.
 * `deps` supplies the field cipher the app under test decrypts the secret with.
 */
export async function givePrintSetup(
  db: Db,
  organizationId: string,
  vendor: { url: string; clientId: string; clientSecret: string },
  deps: Pick<CoreDeps, "fieldCipher">,
): Promise<void> {
  const settings = {
    enabled: true,
    providerCode: "WK",
    vendorUrl: vendor.url,
    clientId: vendor.clientId,
    clientSecretEncrypted: deps.fieldCipher.encrypt(vendor.clientSecret),
  };
  await db.printFulfillmentSettings.upsert({
    where: { organizationId },
    create: { organizationId, ...settings },
    update: { ...settings, version: { increment: 1 } },
  });
  const address = await db.returnAddress.create({
    data: {
      organizationId,
      name: "Closing Department",
      company: "Signet Test Lending",
      line1: "100 Main Street",
      line2: "Suite 200",
      city: "Springfield",
      state: "IL",
      postalCode: "62704",
      country: "US",
      isDefault: !(await db.returnAddress.findFirst({ where: { organizationId, isDefault: true } })),
    },
  });
  await db.businessReturnEnvelope.create({
    data: {
      organizationId,
      name: "Signed documents return",
      permitNumber: "12345",
      postalFacility: "Springfield IL",
      returnAddressId: address.id,
      imb: "00040123456200000001627041234",
      isDefault: !(await db.businessReturnEnvelope.findFirst({ where: { organizationId, isDefault: true } })),
    },
  });
  await db.printCarrier.upsert({
    where: { organizationId_code_service: { organizationId, code: "USPS", service: "First-Class" } },
    create: {
      organizationId,
      code: "USPS",
      name: "United States Postal Service",
      service: "First-Class",
      use: "BOTH",
      isDefault: !(await db.printCarrier.findFirst({ where: { organizationId, isDefault: true } })),
    },
    update: { enabled: true },
  });
}
