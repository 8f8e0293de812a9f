import { randomUUID } from "node:crypto";
import { hashPassword } from "../auth/password-hasher.ts";
import type { Db } from "../db/prisma-client.ts";

// Small builders shared by the demo seed and the tests' factories: one row shape, one place.

const key = (name: string) => name.trim().toLowerCase();

export async function buildOrganization(
  db: Db,
  input: {
    name: string;
    eoSupport?: boolean;
    enabled?: boolean;
    embeddedSrEnabled?: boolean;
    enabledPkgCollaboration?: boolean;
  },
) {
  return db.organization.create({
    data: {
      name: input.name,
      nameKey: key(input.name),
      eoSupport: input.eoSupport ?? false,
      enabled: input.enabled ?? true,
      embeddedSrEnabled: input.embeddedSrEnabled ?? false,
      enabledPkgCollaboration: input.enabledPkgCollaboration ?? false,
    },
  });
}

export async function buildRole(
  db: Db,
  input: { organizationId: string; name: string; permissions: number; eoSupport?: boolean; description?: string },
) {
  return db.role.create({
    data: {
      organizationId: input.organizationId,
      name: input.name,
      nameKey: key(input.name),
      permissions: input.permissions,
      eoSupport: input.eoSupport ?? false,
      description: input.description ?? null,
    },
  });
}

export async function buildGroup(
  db: Db,
  input: { organizationId: string; name: string; parentId?: string | null; roleIds?: string[] },
) {
  const group = await db.group.create({
    data: {
      organizationId: input.organizationId,
      name: input.name,
      nameKey: key(input.name),
      parentId: input.parentId ?? null,
    },
  });
  if (input.roleIds?.length) {
    await db.groupRole.createMany({
      data: input.roleIds.map((roleId) => ({ groupId: group.id, roleId, organizationId: input.organizationId })),
    });
  }
  return group;
}

export async function buildUser(
  db: Db,
  input: {
    email: string;
    givenName: string;
    familyName: string;
    homeOrganizationId: string;
    password?: string;
    passwordExpiresAt?: Date | null;
    membershipEnabled?: boolean;
  },
) {
  const user = await db.user.create({
    data: {
      id: randomUUID(),
      email: input.email.toLowerCase(),
      givenName: input.givenName,
      familyName: input.familyName,
      homeOrganizationId: input.homeOrganizationId,
      memberships: { create: { organizationId: input.homeOrganizationId, enabled: input.membershipEnabled ?? true } },
    },
  });
  if (input.password) {
    const passwordHash = await hashPassword(input.password);
    await db.credential.create({ data: { userId: user.id, passwordHash, expiresAt: input.passwordExpiresAt ?? null } });
    await db.passwordHistory.create({ data: { userId: user.id, passwordHash } });
  }
  return user;
}

export async function addMembership(db: Db, input: { userId: string; organizationId: string; enabled?: boolean }) {
  return db.membership.create({
    data: { userId: input.userId, organizationId: input.organizationId, enabled: input.enabled ?? true },
  });
}

/** Puts a user in a group with roles (the roles are added to the group's role structure if missing). */
export async function grantRoles(
  db: Db,
  input: { organizationId: string; groupId: string; userId: string; roleIds: string[] },
) {
  const { organizationId, groupId, userId } = input;
  await db.groupRole.createMany({
    data: input.roleIds.map((roleId) => ({ groupId, roleId, organizationId })),
    skipDuplicates: true,
  });
  await db.groupMember.upsert({
    where: { groupId_userId: { groupId, userId } },
    create: { groupId, userId, organizationId },
    update: {},
  });
  await db.memberRole.createMany({
    data: input.roleIds.map((roleId) => ({ groupId, userId, roleId, organizationId })),
    skipDuplicates: true,
  });
}
