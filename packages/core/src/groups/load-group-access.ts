import { hasAllPermissions, hasAnyPermission, type PermissionName } from "@signet/contract";
import { loadEffectivePermissions } from "../access/effective-permissions.ts";
import { resolveOrganizationAccess } from "../access/organization-access.ts";
import type { Actor } from "../actor.ts";
import type { CoreDeps } from "../core-deps.ts";

/** The caller's permission bits per group of one organization (roles inherit down the tree). */
export interface GroupAccess {
  organizationId: string;
  /** bits held anywhere in the organization (the organization-level check) */
  organizationBits: number;
  bitsIn(groupId: string): number;
  /** every permission in the list is held in the group */
  canIn(groupId: string, ...required: PermissionName[]): boolean;
  /** any one permission of the list is held at organization level */
  canInOrganization(required: PermissionName | readonly PermissionName[]): boolean;
}

/**
 * Resolves the tenancy rule and the caller's effective bits per group. A support user acting in
 * another organization holds no role there: their support bits apply in every group.
 * `fresh` re-reads the bits instead of the request's memo: after a write that changes the tree or
 * the caller's roles (a new or moved group inherits other bits).
 */
export async function loadGroupAccess(
  actor: Actor,
  organizationId: string,
  deps: CoreDeps,
  options: { fresh?: boolean } = {},
): Promise<GroupAccess> {
  const access = await resolveOrganizationAccess(actor, organizationId, deps);
  const everywhere = actor.kind === "user" && actor.organizationId !== organizationId;
  let { permissions: organizationBits, groups } = access;
  if (options.fresh && !everywhere && actor.kind === "user") {
    const reloaded = await loadEffectivePermissions(deps.db, actor.userId, organizationId);
    organizationBits = reloaded.bits;
    groups = reloaded.groups;
  }
  const byGroup = new Map(groups.map((group) => [group.groupId, group.permissions]));
  const bitsIn = (groupId: string) => (everywhere ? organizationBits : (byGroup.get(groupId) ?? 0));
  return {
    organizationId,
    organizationBits,
    bitsIn,
    canIn: (groupId, ...required) => hasAllPermissions(bitsIn(groupId), required),
    canInOrganization: (required) => hasAnyPermission(organizationBits, required),
  };
}
