import type { ConditionalRule, TagList } from "@signet/contract";
import type { Actor } from "../actor.ts";
import type { CoreDeps } from "../core-deps.ts";
import { findPackageDocument } from "../documents/document-views.ts";
import { type PackageRef, readablePackage } from "../packages/package-child.ts";
import { tagNotFound, tagOrder, toConditionalRule, toTag } from "./tag-views.ts";

export async function listDocumentTags(
  actor: Actor,
  input: PackageRef & { documentId: string },
  deps: CoreDeps,
): Promise<TagList> {
  await readablePackage(actor, input, deps);
  await findPackageDocument(deps.db, input.packageId, input.documentId, tagNotFound);
  const rows = await deps.db.tag.findMany({ where: { documentId: input.documentId }, orderBy: tagOrder });
  return { records: rows.map(toTag), count: rows.length };
}

export async function listPackageTags(actor: Actor, input: PackageRef, deps: CoreDeps): Promise<TagList> {
  await readablePackage(actor, input, deps);
  const rows = await deps.db.tag.findMany({ where: { packageId: input.packageId }, orderBy: tagOrder });
  return { records: rows.map(toTag), count: rows.length };
}

export async function listConditionalRules(
  actor: Actor,
  input: PackageRef,
  deps: CoreDeps,
): Promise<{ records: ConditionalRule[]; count: number }> {
  await readablePackage(actor, input, deps);
  const rows = await deps.db.conditionalRule.findMany({
    where: { packageId: input.packageId },
    orderBy: { createdAt: "asc" },
  });
  return { records: rows.map(toConditionalRule), count: rows.length };
}
