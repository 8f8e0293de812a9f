import {
  type Carrier,
  type CarrierList,
  type CarrierUse,
  type CreateCarrier,
  PRINT_SETTINGS_MESSAGES,
} from "@signet/contract";
import { requirePermission } from "../access/organization-access.ts";
import type { Actor } from "../actor.ts";
import type { CoreDeps } from "../core-deps.ts";
import type { Prisma } from "../db/generated/client.ts";
import { AppError, notFound } from "../errors/app-error.ts";
import { audit, SETTINGS_ADMINS, SETTINGS_READERS, type Tx } from "./print-settings.ts";
import { refuseRemovingDefault } from "./return-addresses.ts";

// Carriers and service levels print sets go out and come back with (issue 16 §4).

type Row = Prisma.PrintCarrierGetPayload<object>;
type Ref = { organizationId: string; carrierId: string };
type Fields = Required<CreateCarrier>;

const toCarrier = (row: Row): Carrier => ({
  id: row.id,
  code: row.code,
  name: row.name,
  service: row.service,
  use: row.use as CarrierUse,
  enabled: row.enabled,
  isDefault: row.isDefault,
  version: row.version,
});

async function find(db: Tx | CoreDeps["db"], ref: Ref): Promise<Row> {
  const row = await db.printCarrier.findFirst({ where: { id: ref.carrierId, organizationId: ref.organizationId } });
  if (!row) throw notFound(PRINT_SETTINGS_MESSAGES.carrierNotFound);
  return row;
}

const taken = () =>
  new AppError("ALREADY_EXISTS", PRINT_SETTINGS_MESSAGES.carrierTaken, [
    { path: "service", message: PRINT_SETTINGS_MESSAGES.carrierTaken },
  ]);
const isTaken = (error: unknown) => (error as { code?: string }).code === "P2002";

/** The default is what a print set uses when nothing else is chosen, so it cannot be switched off. */
function checkDefaultEnabled(isDefault: boolean, enabled: boolean) {
  if (isDefault && !enabled)
    throw new AppError("BAD_REQUEST", "The default carrier cannot be disabled.", [
      { path: "enabled", message: "The default carrier cannot be disabled." },
    ]);
}

const data = (input: Fields) => ({
  code: input.code,
  name: input.name,
  service: input.service,
  use: input.use,
  enabled: input.enabled,
});

export async function listCarriers(
  actor: Actor,
  input: { organizationId: string },
  deps: CoreDeps,
): Promise<CarrierList> {
  await requirePermission(actor, input.organizationId, SETTINGS_READERS, deps);
  const rows = await deps.db.printCarrier.findMany({
    where: { organizationId: input.organizationId },
    orderBy: [{ isDefault: "desc" }, { code: "asc" }, { service: "asc" }],
  });
  return { records: rows.map(toCarrier), count: rows.length };
}

export async function createCarrier(
  actor: Actor,
  input: Fields & { organizationId: string },
  deps: CoreDeps,
): Promise<Carrier> {
  const { organizationId } = input;
  await requirePermission(actor, organizationId, SETTINGS_ADMINS, deps);
  try {
    const row = await deps.db.$transaction(async (tx) => {
      const hasDefault = (await tx.printCarrier.count({ where: { organizationId, isDefault: true } })) > 0;
      const isDefault = input.isDefault || !hasDefault;
      checkDefaultEnabled(isDefault, input.enabled);
      if (isDefault)
        await tx.printCarrier.updateMany({ where: { organizationId, isDefault: true }, data: { isDefault: false } });
      const created = await tx.printCarrier.create({ data: { organizationId, ...data(input), isDefault } });
      await audit(tx, actor, organizationId, "carrier.created", {
        carrierId: created.id,
        name: `${created.code} ${created.service}`,
      });
      return created;
    });
    return toCarrier(row);
  } catch (error) {
    if (isTaken(error)) throw taken();
    throw error;
  }
}

export async function updateCarrier(
  actor: Actor,
  input: Fields & Ref & { version: number },
  deps: CoreDeps,
): Promise<Carrier> {
  const { organizationId, carrierId, version } = input;
  await requirePermission(actor, organizationId, SETTINGS_ADMINS, deps);
  try {
    const row = await deps.db.$transaction(async (tx) => {
      const current = await find(tx, input);
      if (current.isDefault && !input.isDefault) throw new AppError("CONFLICT", PRINT_SETTINGS_MESSAGES.keepDefault);
      checkDefaultEnabled(input.isDefault, input.enabled);
      if (input.isDefault && !current.isDefault)
        await tx.printCarrier.updateMany({ where: { organizationId, isDefault: true }, data: { isDefault: false } });
      const { count } = await tx.printCarrier.updateMany({
        where: { id: carrierId, organizationId, version },
        data: { ...data(input), isDefault: input.isDefault, version: { increment: 1 } },
      });
      if (count === 0) throw new AppError("VERSION_NOT_MATCHED");
      await audit(tx, actor, organizationId, "carrier.updated", {
        carrierId,
        name: `${input.code} ${input.service}`,
      });
      return find(tx, input);
    });
    return toCarrier(row);
  } catch (error) {
    if (isTaken(error)) throw taken();
    throw error;
  }
}

export async function deleteCarrier(actor: Actor, input: Ref & { version: number }, deps: CoreDeps): Promise<void> {
  const { organizationId } = input;
  await requirePermission(actor, organizationId, SETTINGS_ADMINS, deps);
  await deps.db.$transaction(async (tx) => {
    const row = await find(tx, input);
    if (row.version !== input.version) throw new AppError("VERSION_NOT_MATCHED");
    await refuseRemovingDefault(tx, organizationId, row.isDefault, () =>
      tx.printCarrier.count({ where: { organizationId } }),
    );
    await tx.printCarrier.delete({ where: { id: row.id } });
    await audit(tx, actor, organizationId, "carrier.deleted", {
      carrierId: row.id,
      name: `${row.code} ${row.service}`,
    });
  });
}
