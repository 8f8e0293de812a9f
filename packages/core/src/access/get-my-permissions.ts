import { type PermissionsResponse, permissionNames } from "@signet/contract";
import type { Actor } from "../actor.ts";
import type { CoreDeps } from "../core-deps.ts";
import { resolveOrganizationAccess } from "./organization-access.ts";

export async function getMyPermissions(
  actor: Actor,
  input: { organizationId: string },
  deps: CoreDeps,
): Promise<PermissionsResponse> {
  const access = await resolveOrganizationAccess(actor, input.organizationId, deps);
  const organization = await deps.db.organization.findUniqueOrThrow({
    where: { id: input.organizationId },
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
  return {
    organizationId: access.organizationId,
    permissions: access.permissions,
    names: permissionNames(access.permissions),
    groups: access.groups,
    organization,
  };
}
