import { buildMenu, hasAnyPermission, type Menu, type PermissionName, sessionRoutes } from "@signet/contract";
import { useQuery } from "@tanstack/react-query";
import { api } from "../api/client.ts";
import { useSessionUser } from "../app/services-context.tsx";

/** The signed-in user's permissions in the current organization (spec §6), cached per token. */
export function usePermissionsQuery() {
  const user = useSessionUser();
  const orgId = user && !user.partial && user.credentialsNonExpired ? user.organizationId : null;
  return useQuery({
    queryKey: ["permissions", orgId, user?.id],
    queryFn: ({ signal }) => api(sessionRoutes.myPermissions, { params: { orgId: orgId ?? "" }, signal }),
    enabled: orgId !== null,
    staleTime: 5 * 60_000,
  });
}

/** Permission bits, or null while unknown. */
export function usePermissionBits(): number | null {
  return usePermissionsQuery().data?.permissions ?? null;
}

export function useHasPermission(required: PermissionName | readonly PermissionName[]): boolean {
  const bits = usePermissionBits();
  return bits !== null && hasAnyPermission(bits, required);
}

/** The header's menu (spec §6 gating), or null until permissions are known. */
export function useMenu(): Menu | null {
  const user = useSessionUser();
  const { data } = usePermissionsQuery();
  if (!user || !data) return null;
  return buildMenu({
    permissions: data.permissions,
    supportUser: user.supportUser,
    supportOrganization: data.organization.eoSupport,
    embeddedSrEnabled: data.organization.embeddedSrEnabled,
    enabledPkgCollaboration: data.organization.enabledPkgCollaboration,
    closingCenterUser: Boolean(data.closingCenter),
  });
}

/** The closing center the user works for in this organization (issue 16 §3), or null for everyone else. */
export function useClosingCenterViewer() {
  return usePermissionsQuery().data?.closingCenter ?? null;
}
