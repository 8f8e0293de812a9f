import {
  type BusinessReturnEnvelope,
  type BusinessReturnEnvelopeList,
  type CreateBusinessReturnEnvelope,
  envelopeWindowLines,
  PRINT_SETTINGS_MESSAGES,
} from "@signet/contract";
import { requirePermission } from "../access/organization-access.ts";
import type { Actor } from "../actor.ts";
import type { CoreDeps } from "../core-deps.ts";
import type { Prisma } from "../db/generated/client.ts";
import { AppError, notFound } from "../errors/app-error.ts";
import { audit, SETTINGS_ADMINS, SETTINGS_READERS, type Tx } from "./print-settings.ts";
import { toPostalAddress } from "./print-setup.ts";
import { refuseRemovingDefault } from "./return-addresses.ts";

// Business return envelopes (DOMAIN.md §9): the prepaid envelope a signer mails the paper back in.

type Row = Prisma.BusinessReturnEnvelopeGetPayload<{ include: { returnAddress: true } }>;
type Ref = { organizationId: string; envelopeId: string };
type Fields = Omit<Required<CreateBusinessReturnEnvelope>, "imb"> & { imb: string | null };

function toEnvelope(row: Row): BusinessReturnEnvelope {
  return {
    id: row.id,
    name: row.name,
    permitNumber: row.permitNumber,
    postalFacility: row.postalFacility,
    returnAddressId: row.returnAddressId,
    imb: row.imb,
    isDefault: row.isDefault,
    windowLines: envelopeWindowLines(row, toPostalAddress(row.returnAddress)),
    version: row.version,
  };
}

async function find(db: Tx | CoreDeps["db"], ref: Ref): Promise<Row> {
  const row = await db.businessReturnEnvelope.findFirst({
    where: { id: ref.envelopeId, organizationId: ref.organizationId },
    include: { returnAddress: true },
  });
  if (!row) throw notFound(PRINT_SETTINGS_MESSAGES.breNotFound);
  return row;
}

/** The return address must be this organization's; another's answers as a field error, not a leak. */
async function requireAddress(tx: Tx, organizationId: string, returnAddressId: string): Promise<void> {
  const address = await tx.returnAddress.findFirst({ where: { id: returnAddressId, organizationId } });
  if (!address)
    throw new AppError("BAD_REQUEST", PRINT_SETTINGS_MESSAGES.returnAddressNotFound, [
      { path: "returnAddressId", message: PRINT_SETTINGS_MESSAGES.returnAddressNotFound },
    ]);
}

const data = (input: Fields) => ({
  name: input.name,
  permitNumber: input.permitNumber,
  postalFacility: input.postalFacility,
  returnAddressId: input.returnAddressId,
  imb: input.imb,
});

export async function listBusinessReturnEnvelopes(
  actor: Actor,
  input: { organizationId: string },
  deps: CoreDeps,
): Promise<BusinessReturnEnvelopeList> {
  await requirePermission(actor, input.organizationId, SETTINGS_READERS, deps);
  const rows = await deps.db.businessReturnEnvelope.findMany({
    where: { organizationId: input.organizationId },
    include: { returnAddress: true },
    orderBy: [{ isDefault: "desc" }, { name: "asc" }, { id: "asc" }],
  });
  return { records: rows.map(toEnvelope), count: rows.length };
}

export async function createBusinessReturnEnvelope(
  actor: Actor,
  input: Fields & { organizationId: string },
  deps: CoreDeps,
): Promise<BusinessReturnEnvelope> {
  const { organizationId } = input;
  await requirePermission(actor, organizationId, SETTINGS_ADMINS, deps);
  const row = await deps.db.$transaction(async (tx) => {
    await requireAddress(tx, organizationId, input.returnAddressId);
    const hasDefault = (await tx.businessReturnEnvelope.count({ where: { organizationId, isDefault: true } })) > 0;
    const isDefault = input.isDefault || !hasDefault;
    if (isDefault)
      await tx.businessReturnEnvelope.updateMany({
        where: { organizationId, isDefault: true },
        data: { isDefault: false },
      });
    const created = await tx.businessReturnEnvelope.create({
      data: { organizationId, ...data(input), isDefault },
      include: { returnAddress: true },
    });
    await audit(tx, actor, organizationId, "return-envelope.created", {
      envelopeId: created.id,
      name: created.name,
    });
    return created;
  });
  return toEnvelope(row);
}

export async function updateBusinessReturnEnvelope(
  actor: Actor,
  input: Fields & Ref & { version: number },
  deps: CoreDeps,
): Promise<BusinessReturnEnvelope> {
  const { organizationId, envelopeId, version } = input;
  await requirePermission(actor, organizationId, SETTINGS_ADMINS, deps);
  const row = await deps.db.$transaction(async (tx) => {
    const current = await find(tx, input);
    await requireAddress(tx, organizationId, input.returnAddressId);
    if (current.isDefault && !input.isDefault) throw new AppError("CONFLICT", PRINT_SETTINGS_MESSAGES.keepDefault);
    if (input.isDefault && !current.isDefault)
      await tx.businessReturnEnvelope.updateMany({
        where: { organizationId, isDefault: true },
        data: { isDefault: false },
      });
    const { count } = await tx.businessReturnEnvelope.updateMany({
      where: { id: envelopeId, organizationId, version },
      data: { ...data(input), isDefault: input.isDefault, version: { increment: 1 } },
    });
    if (count === 0) throw new AppError("VERSION_NOT_MATCHED");
    await audit(tx, actor, organizationId, "return-envelope.updated", { envelopeId, name: input.name });
    return find(tx, input);
  });
  return toEnvelope(row);
}

export async function deleteBusinessReturnEnvelope(
  actor: Actor,
  input: Ref & { version: number },
  deps: CoreDeps,
): Promise<void> {
  const { organizationId } = input;
  await requirePermission(actor, organizationId, SETTINGS_ADMINS, deps);
  await deps.db.$transaction(async (tx) => {
    const row = await find(tx, input);
    if (row.version !== input.version) throw new AppError("VERSION_NOT_MATCHED");
    await refuseRemovingDefault(tx, organizationId, row.isDefault, () =>
      tx.businessReturnEnvelope.count({ where: { organizationId } }),
    );
    await tx.businessReturnEnvelope.delete({ where: { id: row.id } });
    await audit(tx, actor, organizationId, "return-envelope.deleted", {
      envelopeId: row.id,
      name: row.name,
    });
  });
}
