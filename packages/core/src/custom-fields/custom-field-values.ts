import {
  CUSTOM_FIELD_MESSAGES,
  type CustomFieldValue,
  type CustomFieldValueList,
  normalizeCustomFieldValue,
  type SetCustomFieldValue,
} from "@signet/contract";
import type { Actor } from "../actor.ts";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import type { CoreDeps } from "../core-deps.ts";
import type { CustomField as CustomFieldRow, Prisma } from "../db/generated/client.ts";
import { findPackageDocument } from "../documents/document-views.ts";
import { AppError } from "../errors/app-error.ts";
import { claimStartedPackage, findManageablePackage, findVisiblePackage } from "../packages/find-package.ts";
import { loadPackageAccess } from "../packages/package-access.ts";
import { customFieldNotFound, type StoredValue, storedColumns, toCustomFieldValue } from "./custom-field-views.ts";

type Tx = Prisma.TransactionClient;

/** Where values live: the package itself (PACKAGE scope) or one of its documents (DOCUMENT scope). */
export interface ValueOwner {
  organizationId: string;
  packageId: string;
  documentId?: string;
}

const scopeOf = (owner: ValueOwner) => (owner.documentId ? "DOCUMENT" : "PACKAGE");

interface StoredRow extends StoredValue {
  id: string;
  customFieldId: string;
}

function storedValues(db: Tx | CoreDeps["db"], owner: ValueOwner): Promise<StoredRow[]> {
  return owner.documentId
    ? db.documentCustomField.findMany({ where: { documentId: owner.documentId } })
    : db.packageCustomField.findMany({ where: { packageId: owner.packageId } });
}

/** The owner's values: every active definition of its scope, and any field it holds a value of. */
export async function listCustomFieldValues(
  actor: Actor,
  owner: ValueOwner,
  deps: CoreDeps,
  options: { activeOnly?: boolean } = {},
): Promise<CustomFieldValueList> {
  const access = await loadPackageAccess(actor, owner.organizationId, deps);
  if (!access.canViewTemplates) access.require("VIEW_DOCUMENTS_PACKAGES");
  await findVisiblePackage(deps.db, access, owner.packageId);
  if (owner.documentId) await findPackageDocument(deps.db, owner.packageId, owner.documentId);
  const stored = await storedValues(deps.db, owner);
  const byField = new Map(stored.map((row) => [row.customFieldId, row]));
  const definitions = await deps.db.customField.findMany({
    where: {
      organizationId: owner.organizationId,
      scope: scopeOf(owner),
      OR: [{ active: true, archived: false }, ...(options.activeOnly ? [] : [{ id: { in: [...byField.keys()] } }])],
    },
    orderBy: { name: "asc" },
  });
  const records = definitions.map((definition) =>
    toCustomFieldValue(definition, byField.get(definition.id), deps.fieldCipher, owner.documentId ?? null),
  );
  return { records, count: records.length };
}

/** The package's effective custom fields (spec §7 custom-fields): active PACKAGE fields, value or default. */
export function listPackageEffectiveCustomFields(
  actor: Actor,
  owner: { organizationId: string; packageId: string },
  deps: CoreDeps,
): Promise<CustomFieldValueList> {
  return listCustomFieldValues(actor, owner, deps, { activeOnly: true });
}

async function changeValue(
  actor: Actor,
  owner: ValueOwner,
  customFieldId: string,
  deps: CoreDeps,
  change: (tx: Tx, definition: CustomFieldRow, current: StoredRow | undefined) => Promise<StoredRow | undefined>,
): Promise<CustomFieldValue> {
  const access = await loadPackageAccess(actor, owner.organizationId, deps);
  await findManageablePackage(deps.db, access, owner.packageId);
  return deps.db.$transaction(async (tx) => {
    const packageVersion = await claimStartedPackage(tx, owner.organizationId, owner.packageId);
    if (owner.documentId) await findPackageDocument(tx, owner.packageId, owner.documentId);
    const definition = await tx.customField.findFirst({
      where: { id: customFieldId, organizationId: owner.organizationId },
    });
    if (!definition) throw customFieldNotFound();
    if (definition.scope !== scopeOf(owner)) {
      throw new AppError("BAD_REQUEST", CUSTOM_FIELD_MESSAGES.alreadyCreatedOrTypeNotMatched, [
        { path: "customFieldId", message: CUSTOM_FIELD_MESSAGES.wrongScope },
      ]);
    }
    const current = (await storedValues(tx, owner)).find((row) => row.customFieldId === customFieldId);
    const after = await change(tx, definition, current);
    await appendAuditEvent(tx, actor, {
      organizationId: owner.organizationId,
      streamType: "package",
      streamId: owner.packageId,
      type: after ? "custom-field-value.set" : "custom-field-value.cleared",
      // an encrypted field's value never enters the audit trail
      data: {
        packageVersion,
        documentId: owner.documentId ?? null,
        customFieldId,
        key: definition.customFieldId,
        ...(definition.encrypted || !after ? {} : { value: after.value }),
      },
    });
    return toCustomFieldValue(definition, after, deps.fieldCipher, owner.documentId ?? null);
  });
}

const valueVersionConflict = () =>
  new AppError("VERSION_NOT_MATCHED", CUSTOM_FIELD_MESSAGES.alreadyCreatedOrVersionNotMatched);

/** Sets a value, validated by its definition; an archived field takes none. */
export function setCustomFieldValue(
  actor: Actor,
  input: ValueOwner & SetCustomFieldValue & { customFieldId: string },
  deps: CoreDeps,
): Promise<CustomFieldValue> {
  const { customFieldId, value, version, ...owner } = input;
  return changeValue(actor, owner, customFieldId, deps, async (tx, definition, current) => {
    // an archived field is unknown to a package without a value of it; a stored value stays but is frozen
    if (definition.archived && !current) throw customFieldNotFound();
    if (definition.archived) throw new AppError("CONFLICT", CUSTOM_FIELD_MESSAGES.archived);
    if (current && version !== undefined && current.version !== version) throw valueVersionConflict();
    const checked = normalizeCustomFieldValue(definition, value);
    if ("problem" in checked) {
      throw new AppError("BAD_REQUEST", checked.problem, [{ path: "value", message: checked.problem }]);
    }
    const columns = storedColumns(definition, checked.value, deps.fieldCipher);
    if (current) {
      // the value's own version guards against a concurrent edit between the read and the write
      const where = { id: current.id, version: current.version };
      const data = { ...columns, version: { increment: 1 } };
      const { count } = owner.documentId
        ? await tx.documentCustomField.updateMany({ where, data })
        : await tx.packageCustomField.updateMany({ where, data });
      if (count === 0) throw valueVersionConflict();
      return { ...current, ...columns, version: current.version + 1 };
    }
    const ids = { packageId: owner.packageId, organizationId: owner.organizationId, customFieldId };
    return owner.documentId
      ? tx.documentCustomField.create({ data: { ...columns, ...ids, documentId: owner.documentId } })
      : tx.packageCustomField.create({ data: { ...columns, ...ids } });
  });
}

export async function clearCustomFieldValue(
  actor: Actor,
  input: ValueOwner & { customFieldId: string },
  deps: CoreDeps,
): Promise<void> {
  const { customFieldId, ...owner } = input;
  await changeValue(actor, owner, customFieldId, deps, async (tx, _definition, current) => {
    if (!current) throw customFieldNotFound();
    if (owner.documentId) await tx.documentCustomField.delete({ where: { id: current.id } });
    else await tx.packageCustomField.delete({ where: { id: current.id } });
    return undefined;
  });
}
