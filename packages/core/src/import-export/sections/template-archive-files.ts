import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import { blueprintProblems, type PackageBlueprint } from "@signet/contract";
import type { CoreDeps } from "../../core-deps.ts";
import { documentBlobKey } from "../../documents/upload-document.ts";
import { createBuilderPackage, newPackageId } from "../../templates/builder-package.ts";
import { readPackageBlueprint } from "../../templates/read-blueprint.ts";
import { templateNameKey } from "../../templates/template-access.ts";
import type { TemplateRows } from "../../templates/template-rows.ts";
import { type CopiedFile, writeBlueprint } from "../../templates/write-blueprint.ts";
import {
  type ApplyContext,
  lowerKey,
  type PlanContext,
  perPlan,
  type ReadDb,
  type SectionFiles,
  type Tx,
} from "../section-handler.ts";

// What the two template sections share: blueprints whose files are archive entries, their checks
// against the archive and the target, and writing one into a template's builder package.

async function readAll(stream: NodeJS.ReadableStream | AsyncIterable<Uint8Array>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/**
 * A blueprint as the archive holds it: each file as files/<section>/<sha256>.pdf (read from the
 * installation's storage into `files`), and no link to a document template by id (ids do not
 * travel between organizations).
 */
export async function archiveBlueprint(
  blueprint: PackageBlueprint,
  section: string,
  files: Map<string, Buffer>,
  deps: Pick<CoreDeps, "storage">,
): Promise<PackageBlueprint> {
  const documents = [];
  for (const document of blueprint.documents) {
    const entry = `files/${section}/${document.file.sha256}.pdf`;
    if (!files.has(entry)) files.set(entry, await readAll(await deps.storage.get(document.file.ref)));
    documents.push({ ...document, file: { ...document.file, ref: entry }, sourceTemplate: null });
  }
  return { ...blueprint, documents };
}

export function readBuilder(db: ReadDb, deps: CoreDeps, organizationId: string, packageId: string) {
  return readPackageBlueprint(
    db as Parameters<typeof readPackageBlueprint>[0],
    deps.fieldCipher,
    organizationId,
    packageId,
  );
}

/** Problems of a blueprint inside the archive: its own rules, and each file present, a PDF, of its hash. */
export function blueprintArchiveProblems(blueprint: PackageBlueprint, files: SectionFiles, path: string) {
  const problems = blueprintProblems(blueprint).map((message) => ({ path, message }));
  blueprint.documents.forEach((document, index) => {
    const where = `${path}.documents[${index}].file`;
    const bytes = files.get(document.file.ref);
    if (!bytes) problems.push({ path: where, message: `The archive has no ${document.file.ref}.` });
    else if (bytes.subarray(0, 5).toString("latin1") !== "%PDF-")
      problems.push({ path: where, message: `${document.file.ref} is not a PDF.` });
    else if (createHash("sha256").update(bytes).digest("hex") !== document.file.sha256)
      problems.push({ path: where, message: `${document.file.ref} does not match its SHA-256.` });
  });
  return problems;
}

/** The custom fields a blueprint names (tags, values, questions) by their key. */
function namedCustomFields(blueprint: PackageBlueprint): string[] {
  const keys = new Set<string>();
  for (const value of blueprint.customFields) keys.add(value.customField);
  for (const document of blueprint.documents) {
    for (const value of document.customFields) keys.add(value.customField);
    for (const tag of document.tags) if (tag.customField) keys.add(tag.customField);
  }
  for (const group of blueprint.dataGroups)
    for (const field of group.fields) if (field.customField) keys.add(field.customField);
  return [...keys].sort();
}

/** The group names and custom fields a template may name: here, or imported without a conflict. */
const planIndex = perPlan((context) => {
  const groupNames = new Set<string>();
  for (const group of (context.current.groups ?? []) as { path: string[] }[])
    groupNames.add(lowerKey(group.path.at(-1) ?? ""));
  for (const group of (context.incoming.groups ?? []) as { path: string[] }[]) {
    const key = group.path.map(lowerKey).join(" / ");
    if (!context.conflicts.groups?.has(key)) groupNames.add(lowerKey(group.path.at(-1) ?? ""));
  }
  const fields = new Set<string>();
  for (const field of (context.current.customFields ?? []) as { customFieldId: string }[])
    fields.add(field.customFieldId);
  for (const field of (context.incoming.customFields ?? []) as { customFieldId: string }[])
    if (!context.conflicts.customFields?.has(field.customFieldId)) fields.add(field.customFieldId);
  return { groupNames, fields };
});

/** Why a template cannot be imported: a group or custom field it names is neither here nor imported. */
export function templateConflict(groups: readonly string[], blueprints: PackageBlueprint[], context: PlanContext) {
  const { groupNames, fields } = planIndex(context);
  const missingGroups = groups.filter((name) => !groupNames.has(lowerKey(name)));
  if (missingGroups.length > 0)
    return `It is shared with ${missingGroups.join(", ")}, which ${missingGroups.length === 1 ? "is" : "are"} neither in this organization nor imported.`;
  const missingFields = [...new Set(blueprints.flatMap(namedCustomFields))].filter((key) => !fields.has(key));
  if (missingFields.length > 0)
    return `It uses the custom ${missingFields.length === 1 ? "field" : "fields"} ${missingFields.join(", ")}, which ${missingFields.length === 1 ? "is" : "are"} neither in this organization nor imported.`;
  return null;
}

/** The organization's groups named (names are unique in an organization). */
async function groupIdsByName(tx: Tx, organizationId: string, names: readonly string[]): Promise<string[]> {
  if (names.length === 0) return [];
  const rows = await tx.group.findMany({
    where: { organizationId, nameKey: { in: names.map(lowerKey) } },
    select: { id: true },
  });
  return rows.map((row) => row.id);
}

/** Copies a blueprint's files out of the archive into the storage under `packageId`. */
async function storeArchiveFiles(context: ApplyContext, packageId: string, blueprint: PackageBlueprint) {
  const copies = new Map<string, CopiedFile>();
  for (const document of blueprint.documents) {
    const bytes = context.files.get(document.file.ref) as Buffer;
    const blobKey = documentBlobKey(context.organizationId, packageId);
    context.writtenBlobs.push(blobKey);
    const stored = await context.deps.storage.put(blobKey, Readable.from([bytes]));
    copies.set(document.key, { blobKey, sha256: stored.sha256, sizeBytes: stored.size });
  }
  return copies;
}

/** Empties a builder package (its old files are removed once the import commits). */
async function clearBuilderPackage(context: ApplyContext, packageId: string) {
  const { tx } = context;
  const documents = await tx.document.findMany({ where: { packageId }, select: { blobKey: true } });
  context.unusedBlobs.push(...documents.map((document) => document.blobKey));
  await tx.package.update({ where: { id: packageId }, data: { emailDocumentId: null } });
  await tx.document.deleteMany({ where: { packageId } });
  await tx.dataCollectionGroup.deleteMany({ where: { packageId } });
  await tx.stip.deleteMany({ where: { packageId } });
  await tx.participant.deleteMany({ where: { packageId } });
  await tx.packageCustomField.deleteMany({ where: { packageId } });
  await tx.packageReminderSchedule.deleteMany({ where: { packageId } });
}

/** Writes an archive blueprint into a builder package, its files copied out of the archive. */
async function writeArchiveBlueprint(context: ApplyContext, packageId: string, blueprint: PackageBlueprint) {
  const copies = await storeArchiveFiles(context, packageId, blueprint);
  await writeBlueprint(context.tx, context.deps, blueprint, copies, {
    organizationId: context.organizationId,
    packageId,
    wholePackage: true,
  });
}

/**
 * Creates or changes a template from an archive item: a new one gets its builder package, a changed
 * one has its builder emptied; then the groups are set and the builder written from the archive.
 */
export async function applyTemplateItem(
  context: ApplyContext,
  rows: TemplateRows,
  item: { name: string; description: string | null; active: boolean; groups: string[]; builder: PackageBlueprint },
) {
  const { tx, actor, organizationId } = context;
  const nameKey = templateNameKey(item.name);
  let template = await rows.findNamed(tx, organizationId, nameKey);
  if (template) {
    await rows.update(tx, template.id, { description: item.description, active: item.active });
    await clearBuilderPackage(context, template.packageId);
  } else {
    const packageId = newPackageId();
    await createBuilderPackage(tx, actor, { organizationId, packageId, name: item.name, kind: rows.kind });
    template = await rows.insert(tx, {
      organizationId,
      name: item.name.trim(),
      nameKey,
      description: item.description,
      active: item.active,
      packageId,
      createdById: actor.kind === "user" ? actor.userId : null,
    });
  }
  await rows.replaceGroups(tx, template.id, organizationId, await groupIdsByName(tx, organizationId, item.groups));
  await writeArchiveBlueprint(context, template.packageId, item.builder);
  return template;
}
