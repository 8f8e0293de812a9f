import type { CarrierUse, PostalAddress } from "@signet/contract";
import type { CoreDeps } from "../core-deps.ts";
import type { Prisma } from "../db/generated/client.ts";
import type { Db } from "../db/prisma-client.ts";

/**
 * Everything a print job needs from the organization's settings (issue 16 §4), read in one place so
 * the print-and-mail flow never touches the settings tables itself.
 */
export interface PrintSetup {
  enabled: boolean;
  provider: { code: string; url: string; clientId: string; clientSecret: string };
  returnAddress: PostalAddress | null;
  businessReturnEnvelope: {
    id: string;
    name: string;
    permitNumber: string;
    imb: string | null;
    address: PostalAddress;
  } | null;
  carriers: { id: string; code: string; name: string; service: string; use: CarrierUse; isDefault: boolean }[];
}

type AddressRow = Prisma.ReturnAddressGetPayload<object>;

export function toPostalAddress(row: AddressRow): PostalAddress {
  return {
    name: row.name,
    company: row.company,
    line1: row.line1,
    line2: row.line2,
    city: row.city,
    state: row.state,
    postalCode: row.postalCode,
    country: row.country,
  };
}

/**
 * The organization's print setup with the vendor secret decrypted (for one call to the vendor; never
 * log or return it), or null when the organization never saved print settings. The return address
 * and envelope are the defaults; carriers are the enabled ones, the default first.
 *
 * The field cipher comes in `deps` because the secret is encrypted at rest like the eVault's.
 */
export async function loadPrintSetup(
  db: Db | Prisma.TransactionClient,
  organizationId: string,
  deps: Pick<CoreDeps, "fieldCipher">,
): Promise<PrintSetup | null> {
  const settings = await db.printFulfillmentSettings.findUnique({ where: { organizationId } });
  if (!settings) return null;
  const [returnAddress, envelope, carriers] = await Promise.all([
    db.returnAddress.findFirst({ where: { organizationId, isDefault: true } }),
    db.businessReturnEnvelope.findFirst({
      where: { organizationId, isDefault: true },
      include: { returnAddress: true },
    }),
    db.printCarrier.findMany({
      where: { organizationId, enabled: true },
      orderBy: [{ isDefault: "desc" }, { code: "asc" }, { service: "asc" }],
    }),
  ]);
  return {
    enabled: settings.enabled,
    provider: {
      code: settings.providerCode,
      url: settings.vendorUrl ?? "",
      clientId: settings.clientId ?? "",
      clientSecret: settings.clientSecretEncrypted ? deps.fieldCipher.decrypt(settings.clientSecretEncrypted) : "",
    },
    returnAddress: returnAddress ? toPostalAddress(returnAddress) : null,
    businessReturnEnvelope: envelope
      ? {
          id: envelope.id,
          name: envelope.name,
          permitNumber: envelope.permitNumber,
          imb: envelope.imb,
          address: toPostalAddress(envelope.returnAddress),
        }
      : null,
    carriers: carriers.map((carrier) => ({
      id: carrier.id,
      code: carrier.code,
      name: carrier.name,
      service: carrier.service,
      use: carrier.use as CarrierUse,
      isDefault: carrier.isDefault,
    })),
  };
}
