import { randomUUID } from "node:crypto";
import { ALL_PERMISSIONS, DEFAULTS } from "@signet/contract";
import { addMembership, buildGroup, buildOrganization, buildRole, buildUser, type Db, grantRoles } from "@signet/core";

export const PASSWORD = "Correct-Horse-9-Battery";

const unique = (label: string) => `${label}-${randomUUID().slice(0, 8)}`;

/** An organization with one user holding a role of the given permission bits in a top group. */
export async function organizationWithUser(
  db: Db,
  options: {
    permissions?: number;
    eoSupport?: boolean;
    password?: string;
    passwordExpiresAt?: Date;
    membershipEnabled?: boolean;
  } = {},
) {
  const organization = await buildOrganization(db, { name: unique("Org"), eoSupport: options.eoSupport ?? false });
  const role = await buildRole(db, {
    organizationId: organization.id,
    name: options.eoSupport ? DEFAULTS.supportRoleName : unique("Role"),
    permissions: options.permissions ?? ALL_PERMISSIONS,
    eoSupport: options.eoSupport ?? false,
  });
  const group = await buildGroup(db, { organizationId: organization.id, name: unique("Group") });
  const user = await buildUser(db, {
    email: `${unique("user")}@example.com`,
    givenName: "Test",
    familyName: "User",
    homeOrganizationId: organization.id,
    password: options.password ?? PASSWORD,
    passwordExpiresAt: options.passwordExpiresAt ?? null,
    membershipEnabled: options.membershipEnabled ?? true,
  });
  await grantRoles(db, { organizationId: organization.id, groupId: group.id, userId: user.id, roleIds: [role.id] });
  return { organization, role, group, user };
}

/** Makes the user a member of another organization too (a multi-organization user). */
export async function joinOrganization(db: Db, userId: string, organizationId: string, enabled = true) {
  return addMembership(db, { userId, organizationId, enabled });
}
