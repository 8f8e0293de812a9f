import {
  type CreateTemplate,
  type DocumentTemplate,
  type DocumentTemplateList,
  type DocumentTemplateVersionList,
  TEMPLATE_MESSAGES,
  type TemplateFromPackage,
  type UpdateTemplate,
} from "@signet/contract";
import type { Actor } from "../actor.ts";
import type { CoreDeps } from "../core-deps.ts";
import { AppError } from "../errors/app-error.ts";
import { deletePackage } from "../packages/delete-package.ts";
import { findVisiblePackage } from "../packages/find-package.ts";
import { packageVersionConflict } from "../packages/package-access.ts";
import { createTemplateTransaction, newPackageId } from "./builder-package.ts";
import { readPackageBlueprint } from "./read-blueprint.ts";
import {
  assertTemplateGroups,
  audit,
  documentTemplateNotFound,
  loadTemplateAccess,
  requireTemplateAdmin,
  requireTemplateReader,
  type Tx,
  usableGroupIds,
} from "./template-access.ts";
import { DOCUMENT_TEMPLATE_ROWS, insertTemplateRow, setTemplateActive, updateTemplateRow } from "./template-rows.ts";
import { templateInclude, toDocumentTemplate, toDocumentTemplateVersion } from "./template-views.ts";
import { copyBlueprintFiles, discardCopies, openFromStorage, writeBlueprint } from "./write-blueprint.ts";

export interface TemplateRef {
  organizationId: string;
  templateId: string;
}

type Reader = CoreDeps["db"] | Tx;

export async function findDocumentTemplate(db: Reader, ref: TemplateRef) {
  const row = await db.documentTemplate.findFirst({
    where: { id: ref.templateId, organizationId: ref.organizationId },
    include: templateInclude,
  });
  if (!row) throw documentTemplateNotFound();
  return row;
}

export const documentTemplateView = async (deps: CoreDeps, ref: TemplateRef) =>
  toDocumentTemplate(deps.db, deps, await findDocumentTemplate(deps.db, ref));

/** Settings readers see every document template; `usable`: the active ones shared with a group in which the caller manages packages. */
export async function listDocumentTemplates(
  actor: Actor,
  input: { organizationId: string; usable?: boolean },
  deps: CoreDeps,
): Promise<DocumentTemplateList> {
  const access = await loadTemplateAccess(actor, input.organizationId, deps);
  if (!input.usable) requireTemplateReader(access);
  else access.require("MANAGE_DOCUMENTS_PACKAGES");
  const rows = await deps.db.documentTemplate.findMany({
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
  const records: DocumentTemplate[] = [];
  for (const row of shown) records.push(await toDocumentTemplate(deps.db, deps, row));
  return { records, count: records.length };
}

export async function getDocumentTemplate(actor: Actor, input: TemplateRef, deps: CoreDeps): Promise<DocumentTemplate> {
  const access = await loadTemplateAccess(actor, input.organizationId, deps);
  requireTemplateReader(access);
  return documentTemplateView(deps, input);
}

/** A new, inactive document template with its empty builder package, in one transaction. */
export async function createDocumentTemplate(
  actor: Actor,
  input: CreateTemplate & { organizationId: string },
  deps: CoreDeps,
): Promise<DocumentTemplate> {
  const { organizationId } = input;
  const access = await loadTemplateAccess(actor, organizationId, deps);
  requireTemplateAdmin(access);
  const groupIds = await assertTemplateGroups(deps.db, organizationId, input.groupIds);
  const packageId = newPackageId();
  const id = await createTemplateTransaction(deps, (tx) =>
    insertTemplateRow(tx, actor, DOCUMENT_TEMPLATE_ROWS, {
      organizationId,
      packageId,
      name: input.name,
      description: input.description,
      groupIds,
    }),
  );
  return documentTemplateView(deps, { organizationId, templateId: id });
}

/**
 * One document of a package the caller sees, with the participants it names as slots (no people),
 * its tags, rules and document custom fields, becomes a new document template's draft.
 */
export async function createDocumentTemplateFromPackage(
  actor: Actor,
  input: TemplateFromPackage & { organizationId: string },
  deps: CoreDeps,
): Promise<DocumentTemplate> {
  const { organizationId } = input;
  const access = await loadTemplateAccess(actor, organizationId, deps);
  requireTemplateAdmin(access);
  if (!input.documentId) {
    const message = "Choose the document to save as a template.";
    throw new AppError("BAD_REQUEST", message, [{ path: "documentId", message }]);
  }
  await findVisiblePackage(deps.db, access, input.packageId);
  const document = await deps.db.document.findFirst({
    where: { id: input.documentId, packageId: input.packageId, organizationId },
    select: { id: true },
  });
  if (!document) throw new AppError("NOT_FOUND", "Document not found.");
  const groupIds = await assertTemplateGroups(deps.db, organizationId, input.groupIds);
  const blueprint = await readPackageBlueprint(deps.db, deps.fieldCipher, organizationId, input.packageId, {
    documentIds: [document.id],
    onlyNamedSlots: true,
  });
  const packageId = newPackageId();
  const files = await copyBlueprintFiles(deps, organizationId, packageId, blueprint.documents, openFromStorage(deps));
  try {
    const id = await createTemplateTransaction(deps, async (tx) => {
      const created = await insertTemplateRow(tx, actor, DOCUMENT_TEMPLATE_ROWS, {
        organizationId,
        packageId,
        name: input.name,
        description: input.description,
        groupIds,
        fromPackageId: input.packageId,
      });
      await writeBlueprint(tx, deps, blueprint, files, { organizationId, packageId, wholePackage: false });
      return created;
    });
    return await documentTemplateView(deps, { organizationId, templateId: id });
  } catch (error) {
    await discardCopies(deps, files);
    throw error;
  }
}

/** Name, description and groups, at the template's version; the builder package keeps the template's name. */
export async function updateDocumentTemplate(
  actor: Actor,
  input: UpdateTemplate & TemplateRef,
  deps: CoreDeps,
): Promise<DocumentTemplate> {
  const { organizationId } = input;
  const access = await loadTemplateAccess(actor, organizationId, deps);
  requireTemplateAdmin(access);
  const current = await findDocumentTemplate(deps.db, input);
  await updateTemplateRow(actor, DOCUMENT_TEMPLATE_ROWS, current, input, deps);
  return documentTemplateView(deps, input);
}

/** The template, its builder package and its versions' files (packages built from it keep their copies). */
export async function deleteDocumentTemplate(
  actor: Actor,
  input: TemplateRef & { version: number },
  deps: CoreDeps,
): Promise<void> {
  const { organizationId, templateId } = input;
  const access = await loadTemplateAccess(actor, organizationId, deps);
  requireTemplateAdmin(access);
  const current = await findDocumentTemplate(deps.db, input);
  if (current.version !== input.version) throw packageVersionConflict();
  const versions = await deps.db.documentTemplateVersion.findMany({ where: { templateId }, select: { blobKey: true } });
  await deleteBuilderPackage(actor, organizationId, current.packageId, deps);
  await deps.db.$transaction(async (tx) => {
    await tx.documentTemplate.deleteMany({ where: { id: templateId, organizationId } });
    await audit(tx, actor, organizationId, "document-template.deleted", { templateId, name: current.name });
  });
  for (const { blobKey } of versions) {
    await deps.storage
      .delete(blobKey)
      .catch((error: unknown) =>
        deps.logger.warn({ err: error, key: blobKey }, "blob of a deleted template not removed"),
      );
  }
}

export async function deleteBuilderPackage(actor: Actor, organizationId: string, packageId: string, deps: CoreDeps) {
  const pkg = await deps.db.package.findFirst({ where: { id: packageId, organizationId }, select: { version: true } });
  if (pkg) await deletePackage(actor, { organizationId, packageId, version: pkg.version, template: true }, deps);
}

/** Where a version keeps its own copy of the file. */
export const versionBlobKey = (organizationId: string, templateId: string, number: number) =>
  `templates/${organizationId}/${templateId}/v${number}.pdf`;

async function setActive(actor: Actor, input: TemplateRef & { version: number }, deps: CoreDeps, active: boolean) {
  const { organizationId } = input;
  const access = await loadTemplateAccess(actor, organizationId, deps);
  requireTemplateAdmin(access);
  const current = await findDocumentTemplate(deps.db, input);
  await setTemplateActive(
    actor,
    DOCUMENT_TEMPLATE_ROWS,
    current,
    input,
    active,
    current.latestVersion < 1
      ? TEMPLATE_MESSAGES.notPublished
      : current.groups.length === 0
        ? TEMPLATE_MESSAGES.groupRequired
        : null,
    deps,
  );
  return documentTemplateView(deps, input);
}

/** Members of the template's groups may use it (it needs a published version and a group). */
export const activateDocumentTemplate = (actor: Actor, input: TemplateRef & { version: number }, deps: CoreDeps) =>
  setActive(actor, input, deps, true);

/** No longer offered; what was built from it is unchanged. */
export const deactivateDocumentTemplate = (actor: Actor, input: TemplateRef & { version: number }, deps: CoreDeps) =>
  setActive(actor, input, deps, false);

export async function listDocumentTemplateVersions(
  actor: Actor,
  input: TemplateRef,
  deps: CoreDeps,
): Promise<DocumentTemplateVersionList> {
  const access = await loadTemplateAccess(actor, input.organizationId, deps);
  requireTemplateReader(access);
  await findDocumentTemplate(deps.db, input);
  const rows = await deps.db.documentTemplateVersion.findMany({
    where: { templateId: input.templateId, organizationId: input.organizationId },
    orderBy: { number: "desc" },
  });
  return { records: rows.map(toDocumentTemplateVersion), count: rows.length };
}
