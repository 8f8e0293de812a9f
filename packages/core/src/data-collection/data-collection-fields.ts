import {
  type CreateDataCollectionField,
  DATA_COLLECTION_MESSAGES,
  type DataCollectionField,
  type UpdateDataCollectionField,
} from "@signet/contract";
import type { Actor } from "../actor.ts";
import type { CoreDeps } from "../core-deps.ts";
import { customFieldNotFound } from "../custom-fields/custom-field-views.ts";
import type { DataCollectionField as FieldRow } from "../db/generated/client.ts";
import { AppError, notFound } from "../errors/app-error.ts";
import {
  assertPackageParticipant,
  assertVersioned,
  definedOnly,
  nextOrder,
  type PackageRef,
  readablePackage,
  type Tx,
  writePackageChild,
} from "../packages/package-child.ts";
import { dataCollectionGroupNotFound } from "./data-collection-groups.ts";

export const dataCollectionFieldNotFound = () => notFound(DATA_COLLECTION_MESSAGES.fieldNotFound);
const participantNotFound = () => notFound(DATA_COLLECTION_MESSAGES.participantNotInPackage);

function toField(row: FieldRow): DataCollectionField {
  return {
    id: row.id,
    packageId: row.packageId,
    groupId: row.groupId,
    participantId: row.participantId,
    label: row.label,
    type: row.type,
    required: row.required,
    options: row.options,
    customFieldId: row.customFieldId,
    orderSequence: row.orderSequence,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    lastUpdatedAt: row.lastUpdatedAt.toISOString(),
  };
}

/** The references a field names must belong to this package (and the mapping to this organization). */
async function checkReferences(
  tx: Tx,
  ref: PackageRef,
  field: { groupId?: string; participantId?: string; customFieldId?: string | null; type?: string; options?: string[] },
) {
  if (field.groupId) {
    const group = await tx.dataCollectionGroup.count({ where: { id: field.groupId, packageId: ref.packageId } });
    if (group === 0) throw dataCollectionGroupNotFound();
  }
  if (field.participantId) await assertPackageParticipant(tx, ref.packageId, field.participantId, participantNotFound);
  if (field.customFieldId) {
    const mapped = await tx.customField.count({
      where: { id: field.customFieldId, organizationId: ref.organizationId, scope: "PACKAGE", archived: false },
    });
    if (mapped === 0) throw customFieldNotFound();
  }
  if (field.type === "SELECT" && (field.options?.length ?? 0) === 0) {
    const message = DATA_COLLECTION_MESSAGES.optionsRequired;
    throw new AppError("BAD_REQUEST", message, [{ path: "options", message }]);
  }
}

export async function listDataCollectionFields(actor: Actor, ref: PackageRef, deps: CoreDeps) {
  await readablePackage(actor, ref, deps);
  const rows = await deps.db.dataCollectionField.findMany({
    where: { packageId: ref.packageId },
    orderBy: [{ group: { orderSequence: "asc" } }, { orderSequence: "asc" }, { createdAt: "asc" }],
  });
  return { records: rows.map(toField), count: rows.length };
}

export async function getDataCollectionField(actor: Actor, ref: PackageRef & { fieldId: string }, deps: CoreDeps) {
  await readablePackage(actor, ref, deps);
  const row = await deps.db.dataCollectionField.findFirst({ where: { id: ref.fieldId, packageId: ref.packageId } });
  if (!row) throw dataCollectionFieldNotFound();
  return toField(row);
}

export function createDataCollectionField(
  actor: Actor,
  input: PackageRef & CreateDataCollectionField,
  deps: CoreDeps,
): Promise<DataCollectionField> {
  const { organizationId, packageId, ...field } = input;
  return writePackageChild(actor, input, deps, "data-collection-field.created", async (tx) => {
    await checkReferences(tx, input, field);
    const last = await tx.dataCollectionField.findFirst({
      where: { groupId: field.groupId },
      orderBy: { orderSequence: "desc" },
    });
    const row = await tx.dataCollectionField.create({
      data: {
        ...field,
        options: field.type === "SELECT" ? field.options : [],
        customFieldId: field.customFieldId ?? null,
        organizationId,
        packageId,
        orderSequence: nextOrder(last),
      },
    });
    return { result: toField(row), data: { fieldId: row.id, groupId: row.groupId, label: row.label } };
  });
}

export function updateDataCollectionField(
  actor: Actor,
  input: PackageRef & UpdateDataCollectionField & { fieldId: string },
  deps: CoreDeps,
): Promise<DataCollectionField> {
  const { organizationId: _o, packageId, fieldId, version, ...changes } = input;
  return writePackageChild(actor, input, deps, "data-collection-field.updated", async (tx) => {
    const current = await tx.dataCollectionField.findFirst({ where: { id: fieldId, packageId } });
    if (!current) throw dataCollectionFieldNotFound();
    const defined = definedOnly(changes);
    const merged = { ...current, ...defined };
    await checkReferences(tx, input, { ...defined, type: merged.type, options: merged.options });
    const movesGroup = defined.groupId !== undefined && defined.groupId !== current.groupId;
    const last = movesGroup
      ? await tx.dataCollectionField.findFirst({
          where: { groupId: defined.groupId },
          orderBy: { orderSequence: "desc" },
        })
      : null;
    const { count } = await tx.dataCollectionField.updateMany({
      where: { id: fieldId, packageId, version },
      data: {
        ...defined,
        ...(merged.type === "SELECT" ? {} : { options: [] }),
        ...(movesGroup ? { orderSequence: nextOrder(last) } : {}),
        version: { increment: 1 },
      },
    });
    assertVersioned(count, true, dataCollectionFieldNotFound);
    const row = await tx.dataCollectionField.findUniqueOrThrow({ where: { id: fieldId } });
    return { result: toField(row), data: { fieldId, changes: Object.keys(defined) } };
  });
}

export async function deleteDataCollectionField(
  actor: Actor,
  input: PackageRef & { fieldId: string; version: number },
  deps: CoreDeps,
): Promise<void> {
  const { packageId, fieldId, version } = input;
  await writePackageChild(actor, input, deps, "data-collection-field.deleted", async (tx) => {
    const { count } = await tx.dataCollectionField.deleteMany({ where: { id: fieldId, packageId, version } });
    const exists = count === 0 && (await tx.dataCollectionField.count({ where: { id: fieldId, packageId } })) > 0;
    assertVersioned(count, exists, dataCollectionFieldNotFound);
    return { result: undefined, data: { fieldId } };
  });
}
