import {
  type CreateDataCollectionGroup,
  DATA_COLLECTION_MESSAGES,
  type DataCollectionGroup,
  type UpdateDataCollectionGroup,
} from "@signet/contract";
import type { Actor } from "../actor.ts";
import type { CoreDeps } from "../core-deps.ts";
import type { DataCollectionGroup as GroupRow } from "../db/generated/client.ts";
import { notFound } from "../errors/app-error.ts";
import {
  assertVersioned,
  definedOnly,
  nextOrder,
  type PackageRef,
  readablePackage,
  writePackageChild,
} from "../packages/package-child.ts";

export const dataCollectionGroupNotFound = () => notFound(DATA_COLLECTION_MESSAGES.groupNotFound);

function toGroup(row: GroupRow): DataCollectionGroup {
  return {
    id: row.id,
    packageId: row.packageId,
    name: row.name,
    description: row.description,
    orderSequence: row.orderSequence,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    lastUpdatedAt: row.lastUpdatedAt.toISOString(),
  };
}

export async function listDataCollectionGroups(actor: Actor, ref: PackageRef, deps: CoreDeps) {
  await readablePackage(actor, ref, deps);
  const rows = await deps.db.dataCollectionGroup.findMany({
    where: { packageId: ref.packageId },
    orderBy: [{ orderSequence: "asc" }, { createdAt: "asc" }],
  });
  return { records: rows.map(toGroup), count: rows.length };
}

export async function getDataCollectionGroup(actor: Actor, ref: PackageRef & { groupId: string }, deps: CoreDeps) {
  await readablePackage(actor, ref, deps);
  const row = await deps.db.dataCollectionGroup.findFirst({ where: { id: ref.groupId, packageId: ref.packageId } });
  if (!row) throw dataCollectionGroupNotFound();
  return toGroup(row);
}

export function createDataCollectionGroup(
  actor: Actor,
  input: PackageRef & CreateDataCollectionGroup,
  deps: CoreDeps,
): Promise<DataCollectionGroup> {
  const { organizationId, packageId, name, description } = input;
  return writePackageChild(actor, input, deps, "data-collection-group.created", async (tx) => {
    const last = await tx.dataCollectionGroup.findFirst({ where: { packageId }, orderBy: { orderSequence: "desc" } });
    const row = await tx.dataCollectionGroup.create({
      data: { organizationId, packageId, name, description: description ?? null, orderSequence: nextOrder(last) },
    });
    return { result: toGroup(row), data: { groupId: row.id, name } };
  });
}

export function updateDataCollectionGroup(
  actor: Actor,
  input: PackageRef & UpdateDataCollectionGroup & { groupId: string },
  deps: CoreDeps,
): Promise<DataCollectionGroup> {
  const { organizationId: _o, packageId, groupId, version, ...changes } = input;
  return writePackageChild(actor, input, deps, "data-collection-group.updated", async (tx) => {
    const defined = definedOnly(changes);
    const { count } = await tx.dataCollectionGroup.updateMany({
      where: { id: groupId, packageId, version },
      data: { ...defined, version: { increment: 1 } },
    });
    const row = await tx.dataCollectionGroup.findFirst({ where: { id: groupId, packageId } });
    assertVersioned(count, row !== null, dataCollectionGroupNotFound);
    return { result: toGroup(row!), data: { groupId, changes: Object.keys(defined) } };
  });
}

/** Deletes the group with its questions (they cannot exist outside a group). */
export async function deleteDataCollectionGroup(
  actor: Actor,
  input: PackageRef & { groupId: string; version: number },
  deps: CoreDeps,
): Promise<void> {
  const { packageId, groupId, version } = input;
  await writePackageChild(actor, input, deps, "data-collection-group.deleted", async (tx) => {
    const { count } = await tx.dataCollectionGroup.deleteMany({ where: { id: groupId, packageId, version } });
    const exists = count === 0 && (await tx.dataCollectionGroup.count({ where: { id: groupId, packageId } })) > 0;
    assertVersioned(count, exists, dataCollectionGroupNotFound);
    return { result: undefined, data: { groupId } };
  });
}
