import { PACKAGE_MESSAGES, type PermissionName } from "@signet/contract";
import type { Actor } from "../actor.ts";
import type { CoreDeps } from "../core-deps.ts";
import { AppError, forbidden, notFound } from "../errors/app-error.ts";
import { type GroupAccess, loadGroupAccess } from "../groups/load-group-access.ts";

/**
 * Who sees and changes which packages of one organization: a package is visible to members of any
 * of its package groups holding VIEW_DOCUMENTS_PACKAGES there (effective bits: inherited from parent
 * groups, organization-wide roles; a support user's bits apply in every group of any organization);
 * changing it needs MANAGE_DOCUMENTS_PACKAGES in one of its groups.
 */
export interface PackageAccess {
  organizationId: string;
  groups: GroupAccess;
  /** every group of the organization in which the caller sees packages */
  visibleGroupIds: string[];
  canView(packageGroupIds: readonly string[]): boolean;
  canManage(packageGroupIds: readonly string[]): boolean;
  /** templates' builder packages: settings readers see them, settings admins change them */
  canViewTemplates: boolean;
  canManageTemplates: boolean;
  /** throws 403 unless the permission is held somewhere in the organization */
  require(permission: PermissionName): void;
}

export async function loadPackageAccess(actor: Actor, organizationId: string, deps: CoreDeps): Promise<PackageAccess> {
  const groups = await loadGroupAccess(actor, organizationId, deps);
  const all = await deps.db.group.findMany({ where: { organizationId }, select: { id: true } });
  const visibleGroupIds = all.map((group) => group.id).filter((id) => groups.canIn(id, "VIEW_DOCUMENTS_PACKAGES"));
  return {
    organizationId,
    groups,
    visibleGroupIds,
    canView: (ids) => ids.some((id) => groups.canIn(id, "VIEW_DOCUMENTS_PACKAGES")),
    canManage: (ids) => ids.some((id) => groups.canIn(id, "MANAGE_DOCUMENTS_PACKAGES")),
    canViewTemplates:
      groups.canInOrganization("VIEW_ADMIN_SETTINGS") || groups.canInOrganization("MANAGE_ADMIN_SETTINGS"),
    canManageTemplates: groups.canInOrganization("MANAGE_ADMIN_SETTINGS"),
    require: (permission) => {
      if (!groups.canInOrganization(permission)) throw forbidden();
    },
  };
}

export const packageNotFound = () => notFound(PACKAGE_MESSAGES.packageNotFound);
/** Spec §8: the packages service's optimistic-lock answer ('Version not matched.'). */
export const packageVersionConflict = () => new AppError("VERSION_NOT_MATCHED", PACKAGE_MESSAGES.versionNotMatched);
export const packageConflict = (message: string) => new AppError("CONFLICT", message);
