import {
  DEFAULT_PRINT_PROVIDER,
  PRINT_SETTINGS_MESSAGES,
  PRINT_VENDOR_URL_MESSAGES,
  type PrintConnectionTest,
  type PrintFulfillmentSettings,
  type PrintOptions,
  type UpdatePrintFulfillmentSettings,
} from "@signet/contract";
import { requirePermission } from "../access/organization-access.ts";
import type { Actor } from "../actor.ts";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import type { CoreDeps } from "../core-deps.ts";
import type { Prisma } from "../db/generated/client.ts";
import { AppError } from "../errors/app-error.ts";
import { outboundPolicy } from "../outbound/outbound-fetch.ts";
import { assertOutboundUrl } from "../outbound/outbound-url.ts";
import { checkVendorHealth } from "./vendor-health.ts";

// Issue 16 §4: the organization's print fulfillment switch and vendor connection. The client secret
// is encrypted at rest (ENCRYPTED_COLUMNS) and never leaves the server.

export type Tx = Prisma.TransactionClient;
export const SETTINGS_READERS = ["VIEW_ADMIN_SETTINGS", "MANAGE_ADMIN_SETTINGS"] as const;
export const SETTINGS_ADMINS = ["MANAGE_ADMIN_SETTINGS"] as const;
type SettingsRow = Prisma.PrintFulfillmentSettingsGetPayload<object>;
type Org = { organizationId: string };

export function audit(tx: Tx, actor: Actor, organizationId: string, type: string, data: Record<string, unknown>) {
  return appendAuditEvent(tx, actor, {
    organizationId,
    streamType: "organization",
    streamId: organizationId,
    type,
    data,
  });
}

async function toSettings(
  db: Tx | CoreDeps["db"],
  organizationId: string,
  row: SettingsRow | null,
): Promise<PrintFulfillmentSettings> {
  const [address, envelope, carrier] = await Promise.all([
    db.returnAddress.findFirst({ where: { organizationId, isDefault: true }, select: { id: true } }),
    db.businessReturnEnvelope.findFirst({ where: { organizationId, isDefault: true }, select: { id: true } }),
    db.printCarrier.findFirst({ where: { organizationId, isDefault: true }, select: { id: true } }),
  ]);
  return {
    organizationId,
    enabled: row?.enabled ?? false,
    providerCode: (row?.providerCode ?? DEFAULT_PRINT_PROVIDER) as PrintFulfillmentSettings["providerCode"],
    vendorUrl: row?.vendorUrl ?? null,
    clientId: row?.clientId ?? null,
    hasClientSecret: Boolean(row?.clientSecretEncrypted),
    defaultReturnAddressId: address?.id ?? null,
    defaultBusinessReturnEnvelopeId: envelope?.id ?? null,
    defaultCarrierId: carrier?.id ?? null,
    lastTestedAt: row?.lastTestedAt?.toISOString() ?? null,
    lastTestOk: row?.lastTestOk ?? null,
    lastTestMessage: row?.lastTestMessage ?? null,
    version: row?.version ?? 0,
  };
}

export async function getPrintFulfillmentSettings(
  actor: Actor,
  input: Org,
  deps: CoreDeps,
): Promise<PrintFulfillmentSettings> {
  await requirePermission(actor, input.organizationId, SETTINGS_READERS, deps);
  const row = await deps.db.printFulfillmentSettings.findUnique({ where: { organizationId: input.organizationId } });
  return toSettings(deps.db, input.organizationId, row);
}

export async function updatePrintFulfillmentSettings(
  actor: Actor,
  input: UpdatePrintFulfillmentSettings & Org,
  deps: CoreDeps,
): Promise<PrintFulfillmentSettings> {
  const { organizationId, version, clientSecret, ...changes } = input;
  await requirePermission(actor, organizationId, SETTINGS_ADMINS, deps);
  if (changes.vendorUrl) assertOutboundUrl(changes.vendorUrl, deps.config, PRINT_VENDOR_URL_MESSAGES, "vendorUrl");
  const row = await deps.db.$transaction(async (tx) => {
    const current = await tx.printFulfillmentSettings.findUnique({ where: { organizationId } });
    if ((current?.version ?? 0) !== version) throw new AppError("VERSION_NOT_MATCHED");
    const vendorUrl = changes.vendorUrl !== undefined ? changes.vendorUrl : (current?.vendorUrl ?? null);
    const clientId = changes.clientId !== undefined ? changes.clientId || null : (current?.clientId ?? null);
    const hasSecret = clientSecret !== undefined || Boolean(current?.clientSecretEncrypted);
    const enabled = changes.enabled ?? current?.enabled ?? false;
    if (enabled && (!vendorUrl || !clientId || !hasSecret))
      throw new AppError("BAD_REQUEST", PRINT_SETTINGS_MESSAGES.enableNeedsVendor, [
        { path: "enabled", message: PRINT_SETTINGS_MESSAGES.enableNeedsVendor },
      ]);
    const connectionChanged =
      (changes.vendorUrl !== undefined && changes.vendorUrl !== current?.vendorUrl) ||
      (changes.clientId !== undefined && clientId !== current?.clientId) ||
      clientSecret !== undefined;
    const data = {
      enabled,
      providerCode: changes.providerCode ?? current?.providerCode ?? DEFAULT_PRINT_PROVIDER,
      vendorUrl,
      clientId,
      ...(clientSecret !== undefined ? { clientSecretEncrypted: deps.fieldCipher.encrypt(clientSecret) } : {}),
      // a changed address or credential makes the last test result stale
      ...(connectionChanged ? { lastTestedAt: null, lastTestOk: null, lastTestMessage: null } : {}),
    };
    let saved: SettingsRow;
    if (!current) {
      saved = await tx.printFulfillmentSettings.create({ data: { organizationId, ...data } });
    } else {
      const { count } = await tx.printFulfillmentSettings.updateMany({
        where: { organizationId, version },
        data: { ...data, version: { increment: 1 } },
      });
      if (count === 0) throw new AppError("VERSION_NOT_MATCHED");
      saved = (await tx.printFulfillmentSettings.findUnique({ where: { organizationId } })) as SettingsRow;
    }
    await audit(tx, actor, organizationId, "print-fulfillment.updated", {
      enabled,
      changed: [...Object.keys(changes), ...(clientSecret !== undefined ? ["clientSecret"] : [])],
    });
    return saved;
  });
  return toSettings(deps.db, organizationId, row);
}

/** Calls the vendor with the stored connection; the result (never an exception) says what happened. */
export async function testPrintVendorConnection(
  actor: Actor,
  input: Org,
  deps: CoreDeps,
): Promise<PrintConnectionTest> {
  await requirePermission(actor, input.organizationId, SETTINGS_ADMINS, deps);
  const row = await deps.db.printFulfillmentSettings.findUnique({ where: { organizationId: input.organizationId } });
  const testedAt = new Date();
  if (!row?.vendorUrl || !row.clientId || !row.clientSecretEncrypted)
    return { ok: false, message: PRINT_SETTINGS_MESSAGES.vendorMissing, testedAt: testedAt.toISOString() };
  const result = await checkVendorHealth(
    {
      url: row.vendorUrl,
      clientId: row.clientId,
      clientSecret: deps.fieldCipher.decrypt(row.clientSecretEncrypted),
    },
    outboundPolicy(deps.config),
  );
  await deps.db.printFulfillmentSettings.updateMany({
    where: { organizationId: input.organizationId },
    data: { lastTestedAt: testedAt, lastTestOk: result.ok, lastTestMessage: result.message },
  });
  return { ...result, testedAt: testedAt.toISOString() };
}

/** What a sender chooses from in the builder: no vendor address or credentials. */
export async function getPrintOptions(actor: Actor, input: Org, deps: CoreDeps): Promise<PrintOptions> {
  await requirePermission(
    actor,
    input.organizationId,
    ["VIEW_DOCUMENTS_PACKAGES", "MANAGE_DOCUMENTS_PACKAGES", ...SETTINGS_READERS],
    deps,
  );
  const { organizationId } = input;
  const [row, addresses, carriers] = await Promise.all([
    deps.db.printFulfillmentSettings.findUnique({ where: { organizationId } }),
    deps.db.returnAddress.findMany({ where: { organizationId }, orderBy: [{ isDefault: "desc" }, { name: "asc" }] }),
    deps.db.printCarrier.findMany({
      where: { organizationId, enabled: true },
      orderBy: [{ isDefault: "desc" }, { code: "asc" }, { service: "asc" }],
    }),
  ]);
  return {
    enabled: row?.enabled ?? false,
    providerCode: (row?.providerCode ?? DEFAULT_PRINT_PROVIDER) as PrintOptions["providerCode"],
    returnAddresses: addresses.map((a) => ({
      id: a.id,
      label: [a.company ?? a.name, a.line1, `${a.city} ${a.state}`].join(", "),
      isDefault: a.isDefault,
    })),
    carriers: carriers.map((c) => ({
      id: c.id,
      label: `${c.code} ${c.service}`,
      use: c.use as PrintOptions["carriers"][number]["use"],
      isDefault: c.isDefault,
    })),
  };
}
