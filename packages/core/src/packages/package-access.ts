import { PACKAGE_MESSAGES, type PermissionName } from "@signet/contract";
import { groupsWithAnyAccess } from "../access/organization-access.ts";
import type { Actor } from "../actor.ts";
import { type ClosingCenterViewer, loadClosingCenterViewer } from "../closing-centers/closing-center-viewer.ts";
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
  /**
   * Set when the caller is a closing-center user here (issue 16 §3): they see only the packages
   * shared with their closing center (never through groups) and act only as each share grants.
   */
  closingCenter: ClosingCenterViewer | null;
}

export async function loadPackageAccess(actor: Actor, organizationId: string, deps: CoreDeps): Promise<PackageAccess> {
  const groups = await loadGroupAccess(actor, organizationId, deps);
  const closingCenter = await loadClosingCenterViewer(actor, organizationId, groups.organizationBits, deps);
  if (closingCenter) return closingCenterAccess(organizationId, groups, closingCenter);
  const candidates = await groupsWithAnyAccess(actor, organizationId, deps);
  const visibleGroupIds = candidates.filter((id) => groups.canIn(id, "VIEW_DOCUMENTS_PACKAGES"));
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
    closingCenter: null,
  };
}

/** A closing-center user reads packages (each one checked against its share) and holds nothing else. */
function closingCenterAccess(organizationId: string, groups: GroupAccess, closingCenter: ClosingCenterViewer) {
  return {
    organizationId,
    groups,
    visibleGroupIds: [],
    canView: () => false,
    canManage: () => false,
    canViewTemplates: false,
    canManageTemplates: false,
    require: (permission) => {
      if (permission !== "VIEW_DOCUMENTS_PACKAGES") throw forbidden();
    },
    closingCenter,
  } satisfies PackageAccess;
}

export const packageNotFound = () => notFound(PACKAGE_MESSAGES.packageNotFound);
/** Spec §8: the packages service's optimistic-lock answer ('Version not matched.'). */
export const packageVersionConflict = () => new AppError("VERSION_NOT_MATCHED", PACKAGE_MESSAGES.versionNotMatched);
export const packageConflict = (message: string) => new AppError("CONFLICT", message);
