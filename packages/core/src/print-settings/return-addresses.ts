import {
  addressWindowLines,
  type CreateReturnAddressParsed,
  PRINT_SETTINGS_MESSAGES,
  type ReturnAddress,
  type ReturnAddressList,
  type UpdateReturnAddressParsed,
} from "@signet/contract";
import { requirePermission } from "../access/organization-access.ts";
import type { Actor } from "../actor.ts";
import type { CoreDeps } from "../core-deps.ts";
import type { Prisma } from "../db/generated/client.ts";
import { AppError, notFound } from "../errors/app-error.ts";
import { audit, SETTINGS_ADMINS, SETTINGS_READERS, type Tx } from "./print-settings.ts";
import { toPostalAddress } from "./print-setup.ts";

type Row = Prisma.ReturnAddressGetPayload<object>;
type Ref = { organizationId: string; returnAddressId: string };

function toReturnAddress(row: Row, envelopesUsing: number): ReturnAddress {
  const address = toPostalAddress(row);
  return {
    id: row.id,
    ...address,
    isDefault: row.isDefault,
    windowLines: addressWindowLines(address),
    envelopesUsing,
    version: row.version,
  };
}

async function usage(db: Tx | CoreDeps["db"], ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db.businessReturnEnvelope.groupBy({
    by: ["returnAddressId"],
    where: { returnAddressId: { in: ids } },
    _count: { _all: true },
  });
  return new Map(rows.map((row) => [row.returnAddressId, row._count._all]));
}

async function find(db: Tx | CoreDeps["db"], ref: Ref): Promise<Row> {
  const row = await db.returnAddress.findFirst({
    where: { id: ref.returnAddressId, organizationId: ref.organizationId },
  });
  if (!row) throw notFound(PRINT_SETTINGS_MESSAGES.returnAddressNotFound);
  return row;
}

/** The same row with its envelope count, after a write. */
async function present(db: CoreDeps["db"], row: Row) {
  return toReturnAddress(row, (await usage(db, [row.id])).get(row.id) ?? 0);
}

export async function listReturnAddresses(
  actor: Actor,
  input: { organizationId: string },
  deps: CoreDeps,
): Promise<ReturnAddressList> {
  await requirePermission(actor, input.organizationId, SETTINGS_READERS, deps);
  const rows = await deps.db.returnAddress.findMany({
    where: { organizationId: input.organizationId },
    orderBy: [{ isDefault: "desc" }, { name: "asc" }, { id: "asc" }],
  });
  const counts = await usage(
    deps.db,
    rows.map((row) => row.id),
  );
  return { records: rows.map((row) => toReturnAddress(row, counts.get(row.id) ?? 0)), count: rows.length };
}

const fields = (input: CreateReturnAddressParsed) => ({
  name: input.name,
  company: input.company,
  line1: input.line1,
  line2: input.line2,
  city: input.city,
  state: input.state,
  postalCode: input.postalCode,
  country: input.country,
});

export async function createReturnAddress(
  actor: Actor,
  input: CreateReturnAddressParsed & { organizationId: string },
  deps: CoreDeps,
): Promise<ReturnAddress> {
  const { organizationId } = input;
  await requirePermission(actor, organizationId, SETTINGS_ADMINS, deps);
  const row = await deps.db.$transaction(async (tx) => {
    // the first address is the default whatever was asked: there is always one once there are any
    const hasDefault = (await tx.returnAddress.count({ where: { organizationId, isDefault: true } })) > 0;
    const isDefault = input.isDefault || !hasDefault;
    if (isDefault)
      await tx.returnAddress.updateMany({ where: { organizationId, isDefault: true }, data: { isDefault: false } });
    const created = await tx.returnAddress.create({ data: { organizationId, ...fields(input), isDefault } });
    await audit(tx, actor, organizationId, "return-address.created", {
      returnAddressId: created.id,
      name: created.company ?? created.name,
    });
    return created;
  });
  return present(deps.db, row);
}

export async function updateReturnAddress(
  actor: Actor,
  input: UpdateReturnAddressParsed & Ref,
  deps: CoreDeps,
): Promise<ReturnAddress> {
  const { organizationId, returnAddressId, version } = input;
  await requirePermission(actor, organizationId, SETTINGS_ADMINS, deps);
  const row = await deps.db.$transaction(async (tx) => {
    const current = await find(tx, input);
    if (current.isDefault && !input.isDefault) throw new AppError("CONFLICT", PRINT_SETTINGS_MESSAGES.keepDefault);
    if (input.isDefault && !current.isDefault)
      await tx.returnAddress.updateMany({ where: { organizationId, isDefault: true }, data: { isDefault: false } });
    const { count } = await tx.returnAddress.updateMany({
      where: { id: returnAddressId, organizationId, version },
      data: { ...fields(input), isDefault: input.isDefault, version: { increment: 1 } },
    });
    if (count === 0) throw new AppError("VERSION_NOT_MATCHED");
    await audit(tx, actor, organizationId, "return-address.updated", {
      returnAddressId,
      name: input.company ?? input.name,
    });
    return find(tx, input);
  });
  return present(deps.db, row);
}

export async function deleteReturnAddress(
  actor: Actor,
  input: Ref & { version: number },
  deps: CoreDeps,
): Promise<void> {
  const { organizationId } = input;
  await requirePermission(actor, organizationId, SETTINGS_ADMINS, deps);
  await deps.db.$transaction(async (tx) => {
    const row = await find(tx, input);
    if (row.version !== input.version) throw new AppError("VERSION_NOT_MATCHED");
    if ((await tx.businessReturnEnvelope.count({ where: { returnAddressId: row.id } })) > 0)
      throw new AppError("CONFLICT", PRINT_SETTINGS_MESSAGES.returnAddressInUse);
    await refuseRemovingDefault(tx, organizationId, row.isDefault, () =>
      tx.returnAddress.count({ where: { organizationId } }),
    );
    await tx.returnAddress.delete({ where: { id: row.id } });
    await audit(tx, actor, organizationId, "return-address.deleted", {
      returnAddressId: row.id,
      name: row.company ?? row.name,
    });
  });
}

/**
 * A default is deleted only when it is the last of its kind, and the last one only while print
 * fulfillment is off, so an enabled organization always has something to print with.
 */
export async function refuseRemovingDefault(
  tx: Tx,
  organizationId: string,
  isDefault: boolean,
  countAll: () => Promise<number>,
): Promise<void> {
  if (!isDefault) return;
  if ((await countAll()) > 1) throw new AppError("CONFLICT", PRINT_SETTINGS_MESSAGES.lastDefault);
  const settings = await tx.printFulfillmentSettings.findUnique({ where: { organizationId } });
  if (settings?.enabled) throw new AppError("CONFLICT", PRINT_SETTINGS_MESSAGES.neededWhileOn);
}
