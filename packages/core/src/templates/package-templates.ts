import {
  type CreateTemplate,
  type PackageTemplate,
  type PackageTemplateList,
  TEMPLATE_MESSAGES,
  type TemplateFromPackage,
  type UpdateTemplate,
} from "@signet/contract";
import type { Actor } from "../actor.ts";
import type { CoreDeps } from "../core-deps.ts";
import { findVisiblePackage } from "../packages/find-package.ts";
import { packageVersionConflict } from "../packages/package-access.ts";
import { createTemplateTransaction, newPackageId } from "./builder-package.ts";
import { deleteBuilderPackage } from "./document-templates.ts";
import { readPackageBlueprint } from "./read-blueprint.ts";
import {
  assertTemplateGroups,
  audit,
  loadTemplateAccess,
  packageTemplateNotFound,
  requireTemplateAdmin,
  requireTemplateReader,
  type Tx,
  usableGroupIds,
} from "./template-access.ts";
import { insertTemplateRow, PACKAGE_TEMPLATE_ROWS, setTemplateActive, updateTemplateRow } from "./template-rows.ts";
import { templateInclude, toPackageTemplate } from "./template-views.ts";
import { copyBlueprintFiles, discardCopies, openFromStorage, writeBlueprint } from "./write-blueprint.ts";

interface TemplateRef {
  organizationId: string;
  templateId: string;
}

type Reader = CoreDeps["db"] | Tx;

export async function findPackageTemplate(db: Reader, ref: TemplateRef) {
  const row = await db.packageTemplate.findFirst({
    where: { id: ref.templateId, organizationId: ref.organizationId },
    include: templateInclude,
  });
  if (!row) throw packageTemplateNotFound();
  return row;
}

const view = async (deps: CoreDeps, ref: TemplateRef) =>
  toPackageTemplate(deps.db, await findPackageTemplate(deps.db, ref));

/** Settings readers see every package template; `usable`: the active ones shared with a group in which the caller manages packages. */
export async function listPackageTemplates(
  actor: Actor,
  input: { organizationId: string; usable?: boolean },
  deps: CoreDeps,
): Promise<PackageTemplateList> {
  const access = await loadTemplateAccess(actor, input.organizationId, deps);
  if (!input.usable) requireTemplateReader(access);
  else access.require("MANAGE_DOCUMENTS_PACKAGES");
  const rows = await deps.db.packageTemplate.findMany({
    where: { organizationId: input.organizationId, ...(input.usable ? { active: true } : {}) },
    include: templateInclude,
    orderBy: { nameKey: "asc" },
  });
  const shown = input.usable
    ? rows.filter(
        (row) =>
          usableGroupIds(
            access,
            row.groups.map((group) => group.groupId),
          ).length > 0,
      )
    : rows;
  const records: PackageTemplate[] = [];
  for (const row of shown) records.push(await toPackageTemplate(deps.db, row));
  return { records, count: records.length };
}

export async function getPackageTemplate(actor: Actor, input: TemplateRef, deps: CoreDeps): Promise<PackageTemplate> {
  const access = await loadTemplateAccess(actor, input.organizationId, deps);
  requireTemplateReader(access);
  return view(deps, input);
}

/** A new, inactive package template with its empty builder package, in one transaction. */
export async function createPackageTemplate(
  actor: Actor,
  input: CreateTemplate & { organizationId: string },
  deps: CoreDeps,
): Promise<PackageTemplate> {
  const { organizationId } = input;
  const access = await loadTemplateAccess(actor, organizationId, deps);
  requireTemplateAdmin(access);
  const groupIds = await assertTemplateGroups(deps.db, organizationId, input.groupIds);
  const packageId = newPackageId();
  const id = await createTemplateTransaction(deps, (tx) =>
    insertTemplateRow(tx, actor, PACKAGE_TEMPLATE_ROWS, {
      organizationId,
      packageId,
      name: input.name,
      description: input.description,
      groupIds,
    }),
  );
  return view(deps, { organizationId, templateId: id });
}

/** A whole package the caller sees (participants as slots, no people) becomes a new package template's draft. */
export async function createPackageTemplateFromPackage(
  actor: Actor,
  input: TemplateFromPackage & { organizationId: string },
  deps: CoreDeps,
): Promise<PackageTemplate> {
  const { organizationId } = input;
  const access = await loadTemplateAccess(actor, organizationId, deps);
  requireTemplateAdmin(access);
  await findVisiblePackage(deps.db, access, input.packageId);
  const groupIds = await assertTemplateGroups(deps.db, organizationId, input.groupIds);
  const blueprint = await readPackageBlueprint(deps.db, deps.fieldCipher, organizationId, input.packageId);
  const packageId = newPackageId();
  const files = await copyBlueprintFiles(deps, organizationId, packageId, blueprint.documents, openFromStorage(deps));
  try {
    const id = await createTemplateTransaction(deps, async (tx) => {
      const created = await insertTemplateRow(tx, actor, PACKAGE_TEMPLATE_ROWS, {
        organizationId,
        packageId,
        name: input.name,
        description: input.description,
        groupIds,
        fromPackageId: input.packageId,
      });
      await writeBlueprint(tx, deps, blueprint, files, { organizationId, packageId, wholePackage: true });
      return created;
    });
    return await view(deps, { organizationId, templateId: id });
  } catch (error) {
    await discardCopies(deps, files);
    throw error;
  }
}

export async function updatePackageTemplate(
  actor: Actor,
  input: UpdateTemplate & TemplateRef,
  deps: CoreDeps,
): Promise<PackageTemplate> {
  const { organizationId } = input;
  const access = await loadTemplateAccess(actor, organizationId, deps);
  requireTemplateAdmin(access);
  const current = await findPackageTemplate(deps.db, input);
  await updateTemplateRow(actor, PACKAGE_TEMPLATE_ROWS, current, input, deps);
  return view(deps, input);
}

/** The template and its builder package; packages started from it are unchanged. */
export async function deletePackageTemplate(
  actor: Actor,
  input: TemplateRef & { version: number },
  deps: CoreDeps,
): Promise<void> {
  const { organizationId, templateId } = input;
  const access = await loadTemplateAccess(actor, organizationId, deps);
  requireTemplateAdmin(access);
  const current = await findPackageTemplate(deps.db, input);
  if (current.version !== input.version) throw packageVersionConflict();
  await deleteBuilderPackage(actor, organizationId, current.packageId, deps);
  await deps.db.$transaction(async (tx) => {
    await tx.packageTemplate.deleteMany({ where: { id: templateId, organizationId } });
    await audit(tx, actor, organizationId, "package-template.deleted", { templateId, name: current.name });
  });
}

async function setActive(actor: Actor, input: TemplateRef & { version: number }, deps: CoreDeps, active: boolean) {
  const { organizationId } = input;
  const access = await loadTemplateAccess(actor, organizationId, deps);
  requireTemplateAdmin(access);
  const current = await findPackageTemplate(deps.db, input);
  await setTemplateActive(
    actor,
    PACKAGE_TEMPLATE_ROWS,
    current,
    input,
    active,
    (await deps.db.document.count({ where: { packageId: current.packageId } })) === 0
      ? TEMPLATE_MESSAGES.noDocuments
      : current.groups.length === 0
        ? TEMPLATE_MESSAGES.groupRequired
        : null,
    deps,
  );
  return view(deps, input);
}

/** Members of the template's groups may start packages from it (it needs a document and a group). */
export const activatePackageTemplate = (actor: Actor, input: TemplateRef & { version: number }, deps: CoreDeps) =>
  setActive(actor, input, deps, true);

export const deactivatePackageTemplate = (actor: Actor, input: TemplateRef & { version: number }, deps: CoreDeps) =>
  setActive(actor, input, deps, false);
