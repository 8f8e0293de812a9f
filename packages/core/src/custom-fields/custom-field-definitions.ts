import {
  alreadyExistsMessage,
  type CreateCustomField,
  type CustomField,
  customFieldDefinitionProblem,
  type UpdateCustomField,
} from "@signet/contract";
import { requirePermission } from "../access/organization-access.ts";
import type { Actor } from "../actor.ts";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import { isUniqueViolation } from "../concurrency/versioned-write.ts";
import type { CoreDeps } from "../core-deps.ts";
import { AppError } from "../errors/app-error.ts";
import { packageVersionConflict } from "../packages/package-access.ts";
import { definedOnly } from "../packages/package-child.ts";
import { customFieldNotFound, toCustomField } from "./custom-field-views.ts";

const READERS = ["VIEW_DOCUMENTS_PACKAGES", "VIEW_ADMIN_SETTINGS"] as const;
const nameKey = (name: string) => name.trim().toLocaleLowerCase("en");
const taken = () => new AppError("ALREADY_EXISTS", alreadyExistsMessage("custom field"));

function assertDefinition(definition: Parameters<typeof customFieldDefinitionProblem>[0]) {
  const problem = customFieldDefinitionProblem(definition);
  if (problem) throw new AppError("BAD_REQUEST", problem.message, [{ path: problem.field, message: problem.message }]);
}

export async function listCustomFields(
  actor: Actor,
  input: { organizationId: string; scope?: "PACKAGE" | "DOCUMENT" | undefined; includeArchived?: boolean },
  deps: CoreDeps,
): Promise<{ records: CustomField[]; count: number }> {
  await requirePermission(actor, input.organizationId, READERS, deps);
  const rows = await deps.db.customField.findMany({
    where: {
      organizationId: input.organizationId,
      ...(input.scope ? { scope: input.scope } : {}),
      ...(input.includeArchived ? {} : { archived: false }),
    },
    orderBy: [{ name: "asc" }],
  });
  return { records: rows.map(toCustomField), count: rows.length };
}

export async function getCustomField(
  actor: Actor,
  input: { organizationId: string; customFieldId: string },
  deps: CoreDeps,
): Promise<CustomField> {
  await requirePermission(actor, input.organizationId, READERS, deps);
  const row = await deps.db.customField.findFirst({
    where: { id: input.customFieldId, organizationId: input.organizationId },
  });
  if (!row) throw customFieldNotFound();
  return toCustomField(row);
}

export async function createCustomField(
  actor: Actor,
  input: CreateCustomField & { organizationId: string },
  deps: CoreDeps,
): Promise<CustomField> {
  const { organizationId, ...definition } = input;
  await requirePermission(actor, organizationId, ["MANAGE_ADMIN_SETTINGS"], deps);
  assertDefinition(definition);
  const row = await deps.db
    .$transaction(async (tx) => {
      const created = await tx.customField.create({
        data: {
          ...definition,
          organizationId,
          nameKey: nameKey(definition.name),
          dateFormat: definition.dataType === "DATE" ? (definition.dateFormat ?? "DATE_MEDIUM") : null,
        },
      });
      await appendAuditEvent(tx, actor, {
        organizationId,
        streamType: "organization",
        streamId: organizationId,
        type: "custom-field.created",
        data: {
          customFieldId: created.id,
          key: created.customFieldId,
          name: created.name,
          encrypted: created.encrypted,
        },
      });
      return created;
    })
    .catch((error: unknown) => {
      throw isUniqueViolation(error) ? taken() : error;
    });
  return toCustomField(row);
}

export async function updateCustomField(
  actor: Actor,
  input: UpdateCustomField & { organizationId: string; customFieldId: string },
  deps: CoreDeps,
): Promise<CustomField> {
  const { organizationId, customFieldId, version, ...changes } = input;
  await requirePermission(actor, organizationId, ["MANAGE_ADMIN_SETTINGS"], deps);
  const row = await deps.db
    .$transaction(async (tx) => {
      const current = await tx.customField.findFirst({ where: { id: customFieldId, organizationId } });
      if (!current) throw customFieldNotFound();
      const defined = definedOnly(changes);
      assertDefinition({ ...current, ...defined });
      const { count } = await tx.customField.updateMany({
        where: { id: customFieldId, version },
        data: {
          ...defined,
          ...(changes.name ? { nameKey: nameKey(changes.name) } : {}),
          version: { increment: 1 },
        },
      });
      if (count === 0) throw packageVersionConflict();
      await appendAuditEvent(tx, actor, {
        organizationId,
        streamType: "organization",
        streamId: organizationId,
        type: "custom-field.updated",
        data: { customFieldId, changes: Object.keys(defined) },
      });
      return tx.customField.findUniqueOrThrow({ where: { id: customFieldId } });
    })
    .catch((error: unknown) => {
      throw isUniqueViolation(error) ? taken() : error;
    });
  return toCustomField(row);
}

/** Archives a definition: no new values; stored values stay (legal records are never rewritten). */
export async function archiveCustomField(
  actor: Actor,
  input: { organizationId: string; customFieldId: string; version: number },
  deps: CoreDeps,
): Promise<CustomField> {
  const { organizationId, customFieldId, version } = input;
  await requirePermission(actor, organizationId, ["MANAGE_ADMIN_SETTINGS"], deps);
  const row = await deps.db.$transaction(async (tx) => {
    const current = await tx.customField.findFirst({ where: { id: customFieldId, organizationId } });
    if (!current) throw customFieldNotFound();
    const { count } = await tx.customField.updateMany({
      where: { id: customFieldId, version },
      data: { archived: true, active: false, archivedAt: new Date(), version: { increment: 1 } },
    });
    if (count === 0) throw packageVersionConflict();
    await appendAuditEvent(tx, actor, {
      organizationId,
      streamType: "organization",
      streamId: organizationId,
      type: "custom-field.archived",
      data: { customFieldId },
    });
    return tx.customField.findUniqueOrThrow({ where: { id: customFieldId } });
  });
  return toCustomField(row);
}
