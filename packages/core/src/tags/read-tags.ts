import type { ConditionalRule, TagList } from "@signet/contract";
import type { Actor } from "../actor.ts";
import type { CoreDeps } from "../core-deps.ts";
import { findPackageDocument } from "../documents/document-views.ts";
import { findVisiblePackage } from "../packages/find-package.ts";
import { loadPackageAccess } from "../packages/package-access.ts";
import { tagOrder, toConditionalRule, toTag } from "./tag-views.ts";

interface PackageRef {
  organizationId: string;
  packageId: string;
}

async function visiblePackage(actor: Actor, input: PackageRef, deps: CoreDeps) {
  const access = await loadPackageAccess(actor, input.organizationId, deps);
  access.require("VIEW_DOCUMENTS_PACKAGES");
  return findVisiblePackage(deps.db, access, input.packageId);
}

export async function listDocumentTags(
  actor: Actor,
  input: PackageRef & { documentId: string },
  deps: CoreDeps,
): Promise<TagList> {
  await visiblePackage(actor, input, deps);
  await findPackageDocument(deps.db, input.packageId, input.documentId);
  const rows = await deps.db.tag.findMany({ where: { documentId: input.documentId }, orderBy: tagOrder });
  return { records: rows.map(toTag), count: rows.length };
}

export async function listPackageTags(actor: Actor, input: PackageRef, deps: CoreDeps): Promise<TagList> {
  await visiblePackage(actor, input, deps);
  const rows = await deps.db.tag.findMany({ where: { packageId: input.packageId }, orderBy: tagOrder });
  return { records: rows.map(toTag), count: rows.length };
}

export async function listConditionalRules(
  actor: Actor,
  input: PackageRef,
  deps: CoreDeps,
): Promise<{ records: ConditionalRule[]; count: number }> {
  await visiblePackage(actor, input, deps);
  const rows = await deps.db.conditionalRule.findMany({
    where: { packageId: input.packageId },
    orderBy: { createdAt: "asc" },
  });
  return { records: rows.map(toConditionalRule), count: rows.length };
}
