import { hasAnyPermission, type PermissionName } from "@signet/contract";
import type { Actor, UserActor } from "../actor.ts";
import type { CoreDeps } from "../core-deps.ts";
import { AppError } from "../errors/app-error.ts";
import { loadCachedAccess } from "./access-cache.ts";
import type { AccessSnapshot, GroupPermissions } from "./effective-permissions.ts";

export interface OrganizationAccess {
  organizationId: string;
  permissions: number;
  groups: GroupPermissions[];
}

/**
 * The tenancy rule, in one place: a user acts in the organization of their token; a support user
 * may name any existing organization and acts there with their support roles. Anything else is
 * 404 — another tenant's ids are never confirmed to exist.
 */
export function resolveOrganizationAccess(
  actor: Actor,
  organizationId: string,
  deps: CoreDeps,
): Promise<OrganizationAccess> {
  if (actor.kind !== "user") return Promise.reject(new AppError("UNAUTHORIZED"));
  actor.accessMemo ??= new Map();
  let access = actor.accessMemo.get(organizationId) as Promise<OrganizationAccess> | undefined;
  if (!access) {
    access = resolveAccess(actor, organizationId, deps);
    actor.accessMemo.set(organizationId, access);
  }
  return access;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function resolveAccess(actor: UserActor, organizationId: string, deps: CoreDeps): Promise<OrganizationAccess> {
  if (actor.partial || !actor.organizationId) throw new AppError("ORGANIZATION_NOT_SELECTED");
  if (!UUID.test(organizationId)) throw new AppError("NOT_FOUND");
  if (organizationId === actor.organizationId) {
    const { bits, groups } = await loadTokenOrganizationAccess(actor, deps);
    return { organizationId, permissions: bits, groups };
  }
  if (!actor.supportUser) throw new AppError("NOT_FOUND");
  const [exists, { bits }] = await Promise.all([
    deps.db.organization.findUnique({ where: { id: organizationId }, select: { id: true } }),
    loadTokenOrganizationAccess(actor, deps),
  ]);
  if (!exists) throw new AppError("NOT_FOUND");
  return { organizationId, permissions: bits, groups: [] };
}

/**
 * The caller's access in the organization of their token (with that organization's row), once per
 * request and from the process's cache while the organization's access version has not moved.
 */
export function loadTokenOrganizationAccess(actor: UserActor, deps: CoreDeps): Promise<AccessSnapshot> {
  if (!actor.organizationId) return Promise.reject(new AppError("ORGANIZATION_NOT_SELECTED"));
  actor.accessMemo ??= new Map();
  const key = "token-organization";
  let snapshot = actor.accessMemo.get(key) as Promise<AccessSnapshot> | undefined;
  if (!snapshot) {
    snapshot = loadCachedAccess(deps.db, actor.userId, actor.organizationId, actor.accessVersion);
    actor.accessMemo.set(key, snapshot);
  }
  return snapshot;
}

/** Resolves access and checks that any one of the permissions is held. */
export async function requirePermission(
  actor: Actor,
  organizationId: string,
  required: PermissionName | readonly PermissionName[],
  deps: CoreDeps,
): Promise<OrganizationAccess> {
  const access = await resolveOrganizationAccess(actor, organizationId, deps);
  if (!hasAnyPermission(access.permissions, required)) throw new AppError("FORBIDDEN");
  return access;
}

/**
 * The groups of an organization in which the caller may hold any bit. In their token's organization
 * those are the groups of their access (cached with it): a group where they hold nothing is left
 * out of it, and can grant nothing. A support user acting elsewhere holds their bits in every
 * group, so every group of that organization is read.
 */
export async function groupsWithAnyAccess(actor: Actor, organizationId: string, deps: CoreDeps): Promise<string[]> {
  const access = await resolveOrganizationAccess(actor, organizationId, deps);
  if (actor.kind === "user" && actor.organizationId === organizationId)
    return access.groups.map((group) => group.groupId);
  const all = await deps.db.group.findMany({ where: { organizationId }, select: { id: true } });
  return all.map((group) => group.id);
}
