import { type CreateStip, DATA_COLLECTION_MESSAGES, type Stip, type UpdateStip } from "@signet/contract";
import type { Actor } from "../actor.ts";
import type { CoreDeps } from "../core-deps.ts";
import type { Stip as StipRow } from "../db/generated/client.ts";
import { notFound } from "../errors/app-error.ts";
import {
  assertPackageParticipant,
  assertVersioned,
  definedOnly,
  nextOrder,
  type PackageRef,
  readablePackage,
  writePackageChild,
} from "../packages/package-child.ts";

// Signer uploads (stips): files a participant is asked to provide with the package.

export const stipNotFound = () => notFound(DATA_COLLECTION_MESSAGES.stipNotFound);
const participantNotFound = () => notFound(DATA_COLLECTION_MESSAGES.participantNotInPackage);

function toStip(row: StipRow): Stip {
  return {
    id: row.id,
    packageId: row.packageId,
    participantId: row.participantId,
    name: row.name,
    description: row.description,
    required: row.required,
    orderSequence: row.orderSequence,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    lastUpdatedAt: row.lastUpdatedAt.toISOString(),
  };
}

export async function listStips(actor: Actor, ref: PackageRef, deps: CoreDeps) {
  await readablePackage(actor, ref, deps);
  const rows = await deps.db.stip.findMany({
    where: { packageId: ref.packageId },
    orderBy: [{ orderSequence: "asc" }, { createdAt: "asc" }],
  });
  return { records: rows.map(toStip), count: rows.length };
}

export async function getStip(actor: Actor, ref: PackageRef & { stipId: string }, deps: CoreDeps) {
  await readablePackage(actor, ref, deps);
  const row = await deps.db.stip.findFirst({ where: { id: ref.stipId, packageId: ref.packageId } });
  if (!row) throw stipNotFound();
  return toStip(row);
}

export function createStip(actor: Actor, input: PackageRef & CreateStip, deps: CoreDeps): Promise<Stip> {
  const { organizationId, packageId, participantId, name, description, required } = input;
  return writePackageChild(actor, input, deps, "stip.created", async (tx) => {
    await assertPackageParticipant(tx, packageId, participantId, participantNotFound);
    const last = await tx.stip.findFirst({ where: { packageId }, orderBy: { orderSequence: "desc" } });
    const row = await tx.stip.create({
      data: {
        organizationId,
        packageId,
        participantId,
        name,
        description: description ?? null,
        required,
        orderSequence: nextOrder(last),
      },
    });
    return { result: toStip(row), data: { stipId: row.id, participantId, name } };
  });
}

export function updateStip(
  actor: Actor,
  input: PackageRef & UpdateStip & { stipId: string },
  deps: CoreDeps,
): Promise<Stip> {
  const { organizationId: _o, packageId, stipId, version, ...changes } = input;
  return writePackageChild(actor, input, deps, "stip.updated", async (tx) => {
    const defined = definedOnly(changes);
    if (defined.participantId)
      await assertPackageParticipant(tx, packageId, defined.participantId, participantNotFound);
    const { count } = await tx.stip.updateMany({
      where: { id: stipId, packageId, version },
      data: { ...defined, version: { increment: 1 } },
    });
    const row = await tx.stip.findFirst({ where: { id: stipId, packageId } });
    assertVersioned(count, row !== null, stipNotFound);
    return { result: toStip(row!), data: { stipId, changes: Object.keys(defined) } };
  });
}

export async function deleteStip(
  actor: Actor,
  input: PackageRef & { stipId: string; version: number },
  deps: CoreDeps,
): Promise<void> {
  const { packageId, stipId, version } = input;
  await writePackageChild(actor, input, deps, "stip.deleted", async (tx) => {
    const { count } = await tx.stip.deleteMany({ where: { id: stipId, packageId, version } });
    const exists = count === 0 && (await tx.stip.count({ where: { id: stipId, packageId } })) > 0;
    assertVersioned(count, exists, stipNotFound);
    return { result: undefined, data: { stipId } };
  });
}
