import { TEMPLATE_MESSAGES, type UpdateTemplate } from "@signet/contract";
import type { Actor } from "../actor.ts";
import type { CoreDeps } from "../core-deps.ts";
import { packageVersionConflict } from "../packages/package-access.ts";
import { createBuilderPackage, type TemplateKind, templateExists } from "./builder-package.ts";
import { assertTemplateGroups, audit, type Tx, templateConflict, templateNameKey } from "./template-access.ts";

// What document templates and package templates change alike, over their own tables: the name
// check, a versioned update of the row, the groups, and the audit event named after the kind.

type RowChange = { name?: string; nameKey?: string; description?: string | null; active?: boolean };
type NewRow = {
  organizationId: string;
  name: string;
  nameKey: string;
  description: string | null;
  active: boolean;
  packageId: string;
  createdById: string | null;
};
type Row = { id: string; packageId: string };

export interface TemplateRows {
  kind: TemplateKind;
  /** audit events are `<event>.updated`, `<event>.activated`… */
  event: "document-template" | "package-template";
  findNamed(tx: Tx, organizationId: string, nameKey: string, exceptId?: string): Promise<Row | null>;
  insert(tx: Tx, row: NewRow): Promise<Row>;
  /** an unversioned change (an import, which holds the organization's import lock) */
  update(tx: Tx, id: string, change: RowChange): Promise<void>;
  updateAtVersion(
    tx: Tx,
    ref: { id: string; organizationId: string; version: number },
    change: RowChange,
  ): Promise<number>;
  replaceGroups(tx: Tx, templateId: string, organizationId: string, groupIds: readonly string[]): Promise<void>;
}

const ROW = { id: true, packageId: true } as const;
const except = (id?: string) => (id ? { NOT: { id } } : {});

export const DOCUMENT_TEMPLATE_ROWS: TemplateRows = {
  kind: "DOCUMENT_TEMPLATE",
  event: "document-template",
  findNamed: (tx, organizationId, nameKey, exceptId) =>
    tx.documentTemplate.findFirst({ where: { organizationId, nameKey, ...except(exceptId) }, select: ROW }),
  insert: (tx, row) => tx.documentTemplate.create({ data: row, select: ROW }),
  async update(tx, id, change) {
    await tx.documentTemplate.update({ where: { id }, data: { ...change, version: { increment: 1 } } });
  },
  async updateAtVersion(tx, { id, organizationId, version }, change) {
    const { count } = await tx.documentTemplate.updateMany({
      where: { id, organizationId, version },
      data: { ...change, version: { increment: 1 } },
    });
    return count;
  },
  async replaceGroups(tx, templateId, organizationId, groupIds) {
    await tx.documentTemplateGroup.deleteMany({ where: { templateId } });
    await tx.documentTemplateGroup.createMany({
      data: groupIds.map((groupId) => ({ templateId, groupId, organizationId })),
    });
  },
};

export const PACKAGE_TEMPLATE_ROWS: TemplateRows = {
  kind: "PACKAGE_TEMPLATE",
  event: "package-template",
  findNamed: (tx, organizationId, nameKey, exceptId) =>
    tx.packageTemplate.findFirst({ where: { organizationId, nameKey, ...except(exceptId) }, select: ROW }),
  insert: (tx, row) => tx.packageTemplate.create({ data: row, select: ROW }),
  async update(tx, id, change) {
    await tx.packageTemplate.update({ where: { id }, data: { ...change, version: { increment: 1 } } });
  },
  async updateAtVersion(tx, { id, organizationId, version }, change) {
    const { count } = await tx.packageTemplate.updateMany({
      where: { id, organizationId, version },
      data: { ...change, version: { increment: 1 } },
    });
    return count;
  },
  async replaceGroups(tx, templateId, organizationId, groupIds) {
    await tx.packageTemplateGroup.deleteMany({ where: { templateId } });
    await tx.packageTemplateGroup.createMany({
      data: groupIds.map((groupId) => ({ templateId, groupId, organizationId })),
    });
  },
};

/** Names are unique per organization and kind, case-insensitively ('already exists' on the name). */
export async function assertTemplateNameFree(
  tx: Tx,
  rows: TemplateRows,
  organizationId: string,
  name: string,
  exceptId?: string,
) {
  if (await rows.findNamed(tx, organizationId, templateNameKey(name), exceptId)) throw templateExists(rows.kind);
}

interface CurrentTemplate {
  packageId: string;
  name: string;
  active: boolean;
}

/** Name, description and groups at the template's version; the builder package keeps the template's name. */
export async function updateTemplateRow(
  actor: Actor,
  rows: TemplateRows,
  current: CurrentTemplate,
  input: UpdateTemplate & { organizationId: string; templateId: string },
  deps: CoreDeps,
) {
  const { organizationId, templateId } = input;
  const groupIds = input.groupIds ? await assertTemplateGroups(deps.db, organizationId, input.groupIds) : undefined;
  if (groupIds && groupIds.length === 0 && current.active) throw templateConflict(TEMPLATE_MESSAGES.groupRequired);
  await deps.db.$transaction(async (tx) => {
    if (input.name !== undefined) await assertTemplateNameFree(tx, rows, organizationId, input.name, templateId);
    const count = await rows.updateAtVersion(
      tx,
      { id: templateId, organizationId, version: input.version },
      {
        ...(input.name !== undefined ? { name: input.name, nameKey: templateNameKey(input.name) } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
      },
    );
    if (count === 0) throw packageVersionConflict();
    if (input.name !== undefined)
      await tx.package.update({ where: { id: current.packageId }, data: { name: input.name } });
    if (groupIds) {
      await assertTemplateGroups(tx, organizationId, groupIds);
      await rows.replaceGroups(tx, templateId, organizationId, groupIds);
    }
    await audit(tx, actor, organizationId, `${rows.event}.updated`, {
      templateId,
      name: input.name ?? current.name,
      ...(groupIds ? { groupIds } : {}),
    });
  });
}

/** Activates (once nothing blocks it) or deactivates at the template's version, audited. */
export async function setTemplateActive(
  actor: Actor,
  rows: TemplateRows,
  current: CurrentTemplate & { version: number },
  input: { organizationId: string; templateId: string; version: number },
  active: boolean,
  blocker: string | null,
  deps: CoreDeps,
) {
  const { organizationId, templateId } = input;
  if (current.version !== input.version) throw packageVersionConflict();
  if (active && blocker) throw templateConflict(blocker);
  await deps.db.$transaction(async (tx) => {
    const count = await rows.updateAtVersion(
      tx,
      { id: templateId, organizationId, version: input.version },
      { active },
    );
    if (count === 0) throw packageVersionConflict();
    await audit(tx, actor, organizationId, `${rows.event}.${active ? "activated" : "deactivated"}`, {
      templateId,
      name: current.name,
    });
  });
}

/**
 * A new, inactive template of the kind with its builder package and groups, audited as
 * `<event>.created` (with the package it was made from, when it was).
 */
export async function insertTemplateRow(
  tx: Tx,
  actor: Actor,
  rows: TemplateRows,
  input: {
    organizationId: string;
    packageId: string;
    name: string;
    description?: string | null | undefined;
    groupIds: string[];
    fromPackageId?: string;
  },
): Promise<string> {
  const { organizationId, packageId, name } = input;
  await assertTemplateNameFree(tx, rows, organizationId, name);
  await assertTemplateGroups(tx, organizationId, input.groupIds);
  await createBuilderPackage(tx, actor, { organizationId, packageId, name, kind: rows.kind });
  const created = await rows.insert(tx, {
    organizationId,
    name,
    nameKey: templateNameKey(name),
    description: input.description ?? null,
    active: false,
    packageId,
    createdById: actor.kind === "user" ? actor.userId : null,
  });
  await rows.replaceGroups(tx, created.id, organizationId, input.groupIds);
  await audit(tx, actor, organizationId, `${rows.event}.created`, {
    templateId: created.id,
    name,
    groupIds: input.groupIds,
    ...(input.fromPackageId ? { fromPackageId: input.fromPackageId } : {}),
  });
  return created.id;
}
