import type { FieldCipher } from "../crypto/field-cipher.ts";
import type { Db } from "../db/prisma-client.ts";
import { DEMO_CUSTOMER_NAME } from "../seed/seed-demo.ts";

/**
 * Points the demo organization's print fulfillment at the reference print vendor this start runs
 * (issue 16 §4): on the first start it gets enabled settings, a return address, a business return
 * envelope and USPS First-Class; later starts only refresh the vendor's address (the port may
 * differ). Settings an administrator changed to another vendor are left alone.
 */
export async function ensureDemoPrintSetup(
  db: Db,
  fieldCipher: FieldCipher,
  vendor: { url: string; clientId: string; clientSecret: string },
): Promise<void> {
  const organization = await db.organization.findFirst({ where: { name: DEMO_CUSTOMER_NAME, eoSupport: false } });
  if (!organization) return;
  const organizationId = organization.id;
  const existing = await db.printFulfillmentSettings.findUnique({ where: { organizationId } });
  if (existing) {
    if (existing.clientId === vendor.clientId && existing.vendorUrl !== vendor.url) {
      await db.printFulfillmentSettings.update({
        where: { organizationId },
        data: { vendorUrl: vendor.url, version: { increment: 1 } },
      });
    }
    return;
  }
  await db.$transaction(async (tx) => {
    await tx.printFulfillmentSettings.create({
      data: {
        organizationId,
        enabled: true,
        providerCode: "WK",
        vendorUrl: vendor.url,
        clientId: vendor.clientId,
        clientSecretEncrypted: fieldCipher.encrypt(vendor.clientSecret),
      },
    });
    const address = await tx.returnAddress.create({
      data: {
        organizationId,
        name: "Closing Department",
        company: organization.name,
        line1: "100 Main Street",
        line2: "Suite 200",
        city: "Springfield",
        state: "IL",
        postalCode: "62704",
        country: "US",
        isDefault: true,
      },
    });
    await tx.businessReturnEnvelope.create({
      data: {
        organizationId,
        name: "Signed documents return",
        permitNumber: "12345",
        postalFacility: "Springfield IL",
        returnAddressId: address.id,
        imb: null,
        isDefault: true,
      },
    });
    await tx.printCarrier.create({
      data: {
        organizationId,
        code: "USPS",
        name: "United States Postal Service",
        service: "First-Class",
        use: "BOTH",
        isDefault: true,
      },
    });
  });
}
