import { randomUUID } from "node:crypto";
import { ALL_PERMISSIONS, DEFAULTS, type PermissionName, permissionBits } from "@signet/contract";
import { buildGroup, buildOrganization, buildRole, buildUser, type Db, grantRoles } from "@signet/core";
import { PASSWORD } from "./factories.ts";
import { HttpClient } from "./http-client.ts";

// Fixtures for the access-control tests (groups, roles, memberships): an organization with an
// Admin, and small builders for roles, groups and users placed in groups.

/** These suites sign in many users from one address: the login rate limit is not what they test. */
export const ACCESS_TEST_ENV = { LOGIN_RATE_LIMIT_MAX: "100000" };

const unique = (label: string) => `${label}-${randomUUID().slice(0, 8)}`;

export interface AccessOrg {
  db: Db;
  organizationId: string;
  /** the organization's Admin role (system-defined, organization-wide) */
  adminRole: { id: string; name: string };
  adminGroup: { id: string; name: string };
  admin: { id: string; email: string };
}

/** An organization with an Admin role (all permissions) held by one user in the 'Org Admin' group. */
export async function organizationWithAdmin(db: Db): Promise<AccessOrg> {
  const organization = await buildOrganization(db, { name: unique("Org") });
  const adminRole = await buildRole(db, {
    organizationId: organization.id,
    name: DEFAULTS.adminRoleName,
    permissions: ALL_PERMISSIONS,
  });
  const adminGroup = await buildGroup(db, { organizationId: organization.id, name: DEFAULTS.orgAdminGroupName });
  const admin = await newUser(db, organization.id);
  await grantRoles(db, {
    organizationId: organization.id,
    groupId: adminGroup.id,
    userId: admin.id,
    roleIds: [adminRole.id],
  });
  return { db, organizationId: organization.id, adminRole, adminGroup, admin };
}

export function newUser(db: Db, organizationId: string, givenName = "Test", familyName = unique("User")) {
  return buildUser(db, {
    email: `${unique("user")}@example.com`,
    givenName,
    familyName,
    homeOrganizationId: organizationId,
    password: PASSWORD,
  });
}

export function newRole(
  org: AccessOrg,
  permissions: readonly PermissionName[],
  options: { name?: string; eoSupport?: boolean } = {},
) {
  return buildRole(org.db, {
    organizationId: org.organizationId,
    name: options.name ?? unique("Role"),
    permissions: permissionBits(permissions),
    eoSupport: options.eoSupport ?? false,
  });
}

export function newGroup(
  org: AccessOrg,
  options: { name?: string; parentId?: string | null; roleIds?: string[] } = {},
) {
  return buildGroup(org.db, {
    organizationId: org.organizationId,
    name: options.name ?? unique("Group"),
    parentId: options.parentId ?? null,
    roleIds: options.roleIds ?? [],
  });
}

/** A new user of the organization holding the given roles in a group. */
export async function userWithRoles(org: AccessOrg, groupId: string, roleIds: string[]) {
  const user = await newUser(org.db, org.organizationId);
  await grantRoles(org.db, { organizationId: org.organizationId, groupId, userId: user.id, roleIds });
  return user;
}

/** A browser-like client signed in as the user (cookie style, anti-forgery header echoed). */
export async function signedIn(baseUrl: string, email: string): Promise<HttpClient> {
  const client = new HttpClient(baseUrl);
  const reply = await client.signIn(email, PASSWORD);
  if (reply.status !== 200) throw new Error(`sign-in failed: ${reply.status} ${JSON.stringify(reply.body)}`);
  return client;
}

/** API paths of one organization's access-control routes. */
export function accessPaths(organizationId: string) {
  const org = `/api/v1/organizations/${organizationId}`;
  return {
    groups: `${org}/groups`,
    group: (groupId: string) => `${org}/groups/${groupId}`,
    location: (groupId: string) => `${org}/groups/${groupId}/location`,
    members: (groupId: string) => `${org}/groups/${groupId}/members`,
    member: (groupId: string, userId: string) => `${org}/groups/${groupId}/members/${userId}`,
    memberRoles: (groupId: string, userId: string) => `${org}/groups/${groupId}/members/${userId}/roles`,
    groupRole: (groupId: string, roleId: string) => `${org}/groups/${groupId}/roles/${roleId}`,
    roles: `${org}/roles`,
    role: (roleId: string) => `${org}/roles/${roleId}`,
    membership: (userId: string) => `/api/v2/organizations/${organizationId}/memberships/${userId}`,
    myPermissions: `${org}/users/me/permissions`,
  };
}

/** Audit events of the organization's stream, oldest first. */
export function organizationAuditTypes(db: Db, organizationId: string) {
  return db.auditEvent
    .findMany({
      where: { streamType: "organization", streamId: organizationId },
      orderBy: { sequence: "asc" },
      select: { type: true, data: true },
    })
    .then((events) => events.map((event) => ({ type: event.type, data: event.data as Record<string, unknown> })));
}

/** A new organization with its admin signed in, and the organization's access-control paths. */
export async function newSignedInAdmin(db: Db, baseUrl: string) {
  const org = await organizationWithAdmin(db);
  return { org, admin: await signedIn(baseUrl, org.admin.email), paths: accessPaths(org.organizationId) };
}
