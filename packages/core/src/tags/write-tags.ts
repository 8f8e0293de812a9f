import {
  type CreateTag,
  DOCUMENT_API_MESSAGES,
  type DocumentTags,
  type ReplaceDocumentTags,
  type Tag,
  type UpdateTag,
} from "@signet/contract";
import type { Actor } from "../actor.ts";
import type { CoreDeps } from "../core-deps.ts";
import type { Prisma } from "../db/generated/client.ts";
import { findPackageDocument } from "../documents/document-views.ts";
import { AppError } from "../errors/app-error.ts";
import { packageVersionConflict } from "../packages/package-access.ts";
import { definedOnly, type PackageRef, writePackageChild } from "../packages/package-child.ts";
import { loadExecutionMatrix } from "./execution-types.ts";
import { tagNotFound, tagOrder, toTag } from "./tag-views.ts";
import { assertRadioGroups, type TagInput, tagData, validateTag } from "./validate-tag.ts";

type Tx = Prisma.TransactionClient;

/** Issue 15 §5: an eNote's tags are its borrower signature areas, made at upload. */
const assertNotENote = (document: { format: string }) => {
  if (document.format === "SMART_DOC") throw new AppError("CONFLICT", DOCUMENT_API_MESSAGES.eNoteTagsFixed);
};

const otherTagsOf = (tx: Tx, documentId: string, exceptId?: string) =>
  tx.tag.findMany({
    where: { documentId, ...(exceptId ? { id: { not: exceptId } } : {}) },
    select: { id: true, type: true, participantId: true, groupName: true, optionValue: true },
  });

export async function createTag(
  actor: Actor,
  input: PackageRef & { documentId: string } & CreateTag,
  deps: CoreDeps,
): Promise<Tag> {
  const { organizationId, packageId, documentId, ...tag } = input;
  return writePackageChild(actor, input, deps, "tag.created", async (tx) => {
    const document = await findPackageDocument(tx, packageId, documentId, tagNotFound);
    assertNotENote(document);
    await validateTag(tx, await loadExecutionMatrix(tx, packageId), document, tag);
    const data = tagData(tag);
    assertRadioGroups([...(await otherTagsOf(tx, documentId)), { id: "new", ...data }]);
    const row = await tx.tag.create({ data: { ...data, packageId, organizationId, documentId } });
    return {
      result: toTag(row),
      data: { documentId, tagId: row.id, type: row.type, participantId: row.participantId, page: row.page },
    };
  });
}

export async function updateTag(
  actor: Actor,
  input: PackageRef & { tagId: string } & UpdateTag,
  deps: CoreDeps,
): Promise<Tag> {
  const { organizationId, packageId, tagId, version, ...changes } = input;
  return writePackageChild(actor, { organizationId, packageId }, deps, "tag.updated", async (tx) => {
    const current = await tx.tag.findFirst({ where: { id: tagId, packageId } });
    if (!current) throw tagNotFound();
    if (current.version !== version) throw packageVersionConflict();
    const defined = definedOnly(changes);
    const next: TagInput = { ...toTag(current), ...defined } as TagInput;
    const document = await findPackageDocument(tx, packageId, current.documentId, tagNotFound);
    assertNotENote(document);
    await validateTag(tx, await loadExecutionMatrix(tx, packageId), document, next);
    const data = tagData(next);
    assertRadioGroups([...(await otherTagsOf(tx, current.documentId, tagId)), { id: tagId, ...data }]);
    const { count } = await tx.tag.updateMany({
      where: { id: tagId, version },
      data: { ...data, version: { increment: 1 } },
    });
    if (count === 0) throw packageVersionConflict();
    const row = await tx.tag.findUniqueOrThrow({ where: { id: tagId } });
    return {
      result: toTag(row),
      data: { documentId: row.documentId, tagId, changes: Object.keys(defined) },
    };
  });
}

export async function deleteTag(
  actor: Actor,
  input: PackageRef & { tagId: string; version: number },
  deps: CoreDeps,
): Promise<void> {
  const { organizationId, packageId, tagId, version } = input;
  await writePackageChild(actor, { organizationId, packageId }, deps, "tag.deleted", async (tx) => {
    const current = await tx.tag.findFirst({ where: { id: tagId, packageId } });
    if (!current) throw tagNotFound();
    assertNotENote(await findPackageDocument(tx, packageId, current.documentId, tagNotFound));
    const { count } = await tx.tag.deleteMany({ where: { id: tagId, version } });
    if (count === 0) throw packageVersionConflict();
    return {
      result: undefined,
      data: { documentId: current.documentId, tagId, type: current.type, participantId: current.participantId },
    };
  });
}

/**
 * The builder's save: the document's whole set of tags at the document's version. Tags sent with an
 * id are kept (their conditional rules stay), new ones are created, the rest are deleted with
 * their rules; the document's version is bumped. Nothing is applied unless every tag is valid.
 */
export async function replaceDocumentTags(
  actor: Actor,
  input: PackageRef & { documentId: string } & ReplaceDocumentTags,
  deps: CoreDeps,
): Promise<DocumentTags> {
  const { organizationId, packageId, documentId, version, tags } = input;
  return writePackageChild(actor, { organizationId, packageId }, deps, "tags.replaced", async (tx) => {
    const document = await findPackageDocument(tx, packageId, documentId, tagNotFound);
    if (document.version !== version) throw packageVersionConflict();
    assertNotENote(document);
    const matrix = await loadExecutionMatrix(tx, packageId);
    for (const [index, tag] of tags.entries()) await validateTag(tx, matrix, document, tag, `tags.${index}`);
    const existing = await tx.tag.findMany({ where: { documentId }, select: { id: true } });
    const existingIds = new Set(existing.map((tag) => tag.id));
    const keptIds = new Set<string>();
    for (const tag of tags) {
      if (tag.id === undefined) continue;
      if (!existingIds.has(tag.id) || keptIds.has(tag.id)) throw tagNotFound();
      keptIds.add(tag.id);
    }
    assertRadioGroups(tags.map((tag, index) => ({ id: tag.id ?? `new-${index}`, ...tagData(tag) })));

    const { count } = await tx.document.updateMany({
      where: { id: documentId, version },
      data: { version: { increment: 1 } },
    });
    if (count === 0) throw packageVersionConflict();
    const removed = [...existingIds].filter((id) => !keptIds.has(id));
    await tx.tag.deleteMany({ where: { id: { in: removed } } });
    let created = 0;
    for (const tag of tags) {
      const data = tagData(tag);
      if (tag.id === undefined) {
        await tx.tag.create({ data: { ...data, packageId, organizationId, documentId } });
        created++;
      } else {
        await tx.tag.update({ where: { id: tag.id }, data: { ...data, version: { increment: 1 } } });
      }
    }
    const rows = await tx.tag.findMany({ where: { documentId }, orderBy: tagOrder });
    return {
      result: { records: rows.map(toTag), count: rows.length, documentVersion: version + 1 },
      data: { documentId, created, kept: keptIds.size, deleted: removed.length },
    };
  });
}
