import { type PermissionsResponse, permissionNames } from "@signet/contract";
import type { Actor } from "../actor.ts";
import { loadClosingCenterViewer } from "../closing-centers/closing-center-viewer.ts";
import type { CoreDeps } from "../core-deps.ts";
import { AppError } from "../errors/app-error.ts";
import type { OrganizationFeatures } from "./effective-permissions.ts";
import { loadTokenOrganizationAccess, resolveOrganizationAccess } from "./organization-access.ts";

export async function getMyPermissions(
  actor: Actor,
  input: { organizationId: string },
  deps: CoreDeps,
): Promise<PermissionsResponse> {
  // Both at once (one cached read for the token's own organization): the organization row is only
  // returned once access is granted.
  const [access, organization] = await Promise.all([
    resolveOrganizationAccess(actor, input.organizationId, deps),
    loadOrganizationFeatures(actor, input.organizationId, deps),
  ]);
  if (!organization) throw new AppError("NOT_FOUND");
  const closingCenter = await loadClosingCenterViewer(actor, input.organizationId, access.permissions, deps);
  return {
    organizationId: access.organizationId,
    permissions: access.permissions,
    names: permissionNames(access.permissions),
    groups: access.groups,
    organization,
    closingCenter: closingCenter ? { id: closingCenter.id, name: closingCenter.name, kind: closingCenter.kind } : null,
  };
}

/**
 * The organization row of the answer: the token's own organization's row comes with the (cached)
 * access snapshot; a support user naming another organization reads that one.
 */
function loadOrganizationFeatures(
  actor: Actor,
  organizationId: string,
  deps: CoreDeps,
): Promise<OrganizationFeatures | null> {
  if (actor.kind === "user" && organizationId === actor.organizationId) {
    return loadTokenOrganizationAccess(actor, deps).then((snapshot) => snapshot.organization);
  }
  return deps.db.organization.findUnique({
    where: { id: organizationId },
    select: {
      id: true,
      name: true,
      eoSupport: true,
      embeddedSrEnabled: true,
      enabledTrid: true,
      enabledAV: true,
      enabledSmartDoc: true,
      enabledClosingCenter: true,
      enabledPkgCollaboration: true,
      enabledMultiLangSRSupport: true,
    },
  });
}
