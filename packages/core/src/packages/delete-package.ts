import { decideTransition, PACKAGE_TRANSITIONS, TEMPLATE_MESSAGES } from "@signet/contract";
import type { Actor } from "../actor.ts";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import type { CoreDeps } from "../core-deps.ts";
import { findManageablePackage } from "./find-package.ts";
import { loadPackageAccess, packageConflict, packageNotFound, packageVersionConflict } from "./package-access.ts";

const DELETABLE = PACKAGE_TRANSITIONS.find((row) => row.action === "delete")?.from ?? [];

/**
 * DOMAIN.md §1: delete (with version) from any status but EDEPOSIT_PENDING and EDEPOSITED removes
 * the package with its participants, groups and documents (database cascade) and the documents'
 * stored files. Its audit stream stays.
 */
export async function deletePackage(
  actor: Actor,
  input: { organizationId: string; packageId: string; version: number; template?: boolean },
  deps: CoreDeps,
): Promise<void> {
  const { organizationId, packageId, version } = input;
  const access = await loadPackageAccess(actor, organizationId, deps);
  const found = await findManageablePackage(deps.db, access, packageId);
  // a template's builder package goes only with its template (deleteDocumentTemplate / deletePackageTemplate)
  if ((found.templateKind !== null) !== (input.template === true))
    throw packageConflict(TEMPLATE_MESSAGES.cannotDelete);
  const blobKeys = await deps.db.$transaction(async (tx) => {
    const current = await tx.package.findFirst({
      where: { id: packageId, organizationId },
      select: { status: true, version: true, name: true, shortId: true },
    });
    if (!current) throw packageNotFound();
    if (current.version !== version) throw packageVersionConflict();
    const decision = decideTransition(current.status, "delete");
    if (!decision.allowed) throw packageConflict(decision.reason);
    const documents = await tx.document.findMany({ where: { packageId, organizationId }, select: { blobKey: true } });
    const { count } = await tx.package.deleteMany({
      where: { id: packageId, organizationId, version, status: { in: [...DELETABLE] } },
    });
    // changed between the read and the delete
    if (count === 0) throw packageVersionConflict();
    await appendAuditEvent(tx, actor, {
      organizationId,
      streamType: "package",
      streamId: packageId,
      type: "package.deleted",
      data: { name: current.name, shortId: current.shortId, status: current.status, version },
    });
    return documents.map((document) => document.blobKey);
  });
  // The rows are gone (cascade); their files go after the commit. A file that fails to go is only
  // unreachable storage, never a document someone can still open, so it is logged, not fatal.
  for (const key of blobKeys) {
    await deps.storage
      .delete(key)
      .catch((error: unknown) => deps.logger.warn({ err: error, key }, "blob of a deleted package not removed"));
  }
}
