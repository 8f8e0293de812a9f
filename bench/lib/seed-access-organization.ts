import { randomBytes } from "node:crypto";
import { ALL_PERMISSIONS, type PermissionName, permissionBits, VIEW_PERMISSIONS } from "@signet/contract";
import { buildGroup, buildOrganization, buildRole, buildUser, type Db, grantRoles } from "@signet/core";

export interface SeededOrganization {
  organizationId: string;
  benchUser: { email: string; password: string };
  counts: { groups: number; roles: number; users: number };
  /** group id by name */
  groupIds: Record<string, string>;
}

// A small but realistic tree: roles granted in a group apply in its sub-groups.
const GROUPS: { name: string; parent: string | null }[] = [
  { name: "Head Office", parent: null },
  { name: "Sales", parent: "Head Office" },
  { name: "Sales East", parent: "Sales" },
  { name: "Sales West", parent: "Sales" },
  { name: "Legal", parent: "Head Office" },
  { name: "Contracts", parent: "Legal" },
  { name: "Operations", parent: "Head Office" },
];

const ROLES: { name: string; permissions: readonly PermissionName[] | "all" }[] = [
  { name: "Administrator", permissions: "all" },
  { name: "Viewer", permissions: VIEW_PERMISSIONS },
  { name: "Sender", permissions: ["VIEW_DOCUMENTS_PACKAGES", "MANAGE_DOCUMENTS_PACKAGES"] },
  { name: "Reporter", permissions: ["VIEW_AND_MANAGE_REPORTS"] },
];

/**
 * One organization with a group tree, roles and `otherUsers` members spread over the groups, plus
 * the bench user (the only one with a password, argon2 being slow on purpose), holding roles in
 * two groups: Sales (Sender, Viewer) and Legal (Reporter).
 */
export async function seedAccessOrganization(db: Db, otherUsers = 50): Promise<SeededOrganization> {
  const organization = await buildOrganization(db, { name: "Bench Organization" });
  const organizationId = organization.id;

  const roles = new Map<string, string>();
  for (const role of ROLES) {
    const permissions = role.permissions === "all" ? ALL_PERMISSIONS : permissionBits(role.permissions);
    roles.set(role.name, (await buildRole(db, { organizationId, name: role.name, permissions })).id);
  }
  const groups = new Map<string, string>();
  for (const group of GROUPS) {
    const parentId = group.parent ? groups.get(group.parent)! : null;
    groups.set(group.name, (await buildGroup(db, { organizationId, name: group.name, parentId })).id);
  }
  const groupIds = [...groups.values()];
  const roleIds = [...roles.values()];

  for (let index = 0; index < otherUsers; index++) {
    const user = await buildUser(db, {
      email: `member-${String(index).padStart(2, "0")}@bench.signet.local`,
      givenName: "Member",
      familyName: `No ${index}`,
      homeOrganizationId: organizationId,
    });
    await grantRoles(db, {
      organizationId,
      groupId: groupIds[index % groupIds.length]!,
      userId: user.id,
      roleIds: [roleIds[index % roleIds.length]!],
    });
  }

  const benchUser = { email: "bench@bench.signet.local", password: `Bench-${randomBytes(6).toString("hex")}-Pw1` };
  const user = await buildUser(db, {
    email: benchUser.email,
    givenName: "Bench",
    familyName: "User",
    homeOrganizationId: organizationId,
    password: benchUser.password,
  });
  await grantRoles(db, {
    organizationId,
    groupId: groups.get("Sales")!,
    userId: user.id,
    roleIds: [roles.get("Sender")!, roles.get("Viewer")!],
  });
  await grantRoles(db, {
    organizationId,
    groupId: groups.get("Legal")!,
    userId: user.id,
    roleIds: [roles.get("Reporter")!],
  });

  return {
    organizationId,
    benchUser,
    counts: { groups: GROUPS.length, roles: ROLES.length, users: otherUsers + 1 },
    groupIds: Object.fromEntries(groups),
  };
}
