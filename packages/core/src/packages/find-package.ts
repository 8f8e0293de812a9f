import { CLOSING_CENTER_MESSAGES, type ClosingCenterPermission, PACKAGE_MESSAGES } from "@signet/contract";
import type { Prisma } from "../db/generated/client.ts";
import type { Db } from "../db/prisma-client.ts";
import { forbidden } from "../errors/app-error.ts";
import { type PackageAccess, packageConflict, packageNotFound, packageVersionConflict } from "./package-access.ts";

type Reader = Db | Prisma.TransactionClient;

/**
 * A package of this organization the caller sees, or 404: another organization's package and a
 * package not shared with the caller's groups answer alike.
 */
export async function findVisiblePackage(db: Reader, access: PackageAccess, packageId: string) {
  const found = await db.package.findFirst({
    where: { id: packageId, organizationId: access.organizationId },
    include: { groups: { select: { groupId: true } } },
  });
  return visibleOrNotFound(db, access, packageId, found);
}

/**
 * findVisiblePackage's rule on a package row already read within the caller's organization (null:
 * none): the row with its group ids and what a closing center's share grants, or 404.
 */
export async function visibleOrNotFound<T extends { templateKind: string | null; groups: { groupId: string }[] }>(
  db: Reader,
  access: PackageAccess,
  packageId: string,
  found: T | null,
) {
  if (!found) throw packageNotFound();
  const groupIds = found.groups.map((group) => group.groupId);
  if (access.closingCenter) {
    // only a live share shows a package to a closing center: revoking it hides the package at once
    const share =
      found.templateKind === null && access.closingCenter.active
        ? await db.closingCenterShare.findFirst({
            where: { packageId, closingCenterId: access.closingCenter.id, revokedAt: null },
            select: { permissions: true },
          })
        : null;
    if (!share) throw packageNotFound();
    return { ...found, groupIds, closingCenterGrants: share.permissions };
  }
  // a template's builder package has no groups: settings readers see it, settings admins change it
  const visible = found.templateKind === null ? access.canView(groupIds) : access.canViewTemplates;
  if (!visible) throw packageNotFound();
  return { ...found, groupIds, closingCenterGrants: null as string[] | null };
}

/**
 * A visible package the caller may change (MANAGE_DOCUMENTS_PACKAGES in one of its groups), else 403.
 * A closing-center user may only make the change `grant` names, and only where their share grants it.
 */
export async function findManageablePackage(
  db: Reader,
  access: PackageAccess,
  packageId: string,
  grant?: ClosingCenterPermission,
) {
  if (access.closingCenter) {
    const found = await findVisiblePackage(db, access, packageId);
    requireClosingCenterGrant(found, grant);
    return found;
  }
  if (!access.canManageTemplates) access.require("MANAGE_DOCUMENTS_PACKAGES");
  const found = await findVisiblePackage(db, access, packageId);
  if (found.templateKind !== null) {
    if (!access.canManageTemplates) throw forbidden();
    return found;
  }
  access.require("MANAGE_DOCUMENTS_PACKAGES");
  if (!access.canManage(found.groupIds)) throw forbidden();
  return found;
}

/** For a package a closing-center user sees: 403 unless their share grants this action (no-op for anyone else). */
export function requireClosingCenterGrant(
  found: { closingCenterGrants: readonly string[] | null },
  grant: ClosingCenterPermission | undefined,
): void {
  if (found.closingCenterGrants === null) return;
  if (!grant || !found.closingCenterGrants.includes(grant)) throw forbidden(CLOSING_CENTER_MESSAGES.notGranted);
}

/**
 * Claims the package for a change that needs it unsent (STARTED): bumps its version (which also
 * row-locks it for the rest of the transaction). With `version`, only that version is accepted.
 * Explains a miss: gone (404), another version (409 'Version not matched.'), sent (409).
 */
export async function claimStartedPackage(
  tx: Prisma.TransactionClient,
  organizationId: string,
  packageId: string,
  version?: number,
): Promise<number> {
  const { count } = await tx.package.updateMany({
    where: {
      id: packageId,
      organizationId,
      status: "STARTED",
      sentAt: null,
      ...(version === undefined ? {} : { version }),
    },
    data: { version: { increment: 1 } },
  });
  const current = await tx.package.findFirst({
    where: { id: packageId, organizationId },
    select: { version: true, status: true, sentAt: true },
  });
  if (count > 0 && current) return current.version;
  if (!current) throw packageNotFound();
  if (version !== undefined && current.version !== version) throw packageVersionConflict();
  if (current.status !== "STARTED") throw packageConflict(PACKAGE_MESSAGES.notEditable);
  if (current.sentAt !== null) throw packageConflict(PACKAGE_MESSAGES.scheduledNotEditable);
  throw packageVersionConflict();
}
