import type { User } from "@signet/contract";
import type { Db } from "../db/prisma-client.ts";
import { fullNamesOf } from "../organizations/present-organizations.ts";

type Reader = Pick<Db, "user" | "group" | "groupMember" | "memberRole">;

/**
 * Users of one organization in the contract's shape, in the order of `userIds`. Groups are the
 * user's groups in this organization; roles are listed per group, with those granted in an
 * ancestor group marked inherited (roles granted in a group apply in its sub-groups).
 * Users without a membership in the organization are left out.
 */
export async function presentUsers(db: Reader, organizationId: string, userIds: readonly string[]): Promise<User[]> {
  if (userIds.length === 0) return [];
  const ids = [...userIds];
  const [users, groups, groupMembers, memberRoles] = await Promise.all([
    db.user.findMany({
      where: { id: { in: ids } },
      include: {
        credential: { select: { lockedUntil: true } },
        memberships: { include: { organization: { select: { enabled: true } } } },
      },
    }),
    db.group.findMany({ where: { organizationId }, select: { id: true, parentId: true, name: true } }),
    db.groupMember.findMany({
      where: { organizationId, userId: { in: ids } },
      select: { userId: true, groupId: true },
    }),
    db.memberRole.findMany({
      where: { organizationId, userId: { in: ids }, role: { hidden: false } },
      select: { userId: true, groupId: true, role: { select: { id: true, name: true } } },
    }),
  ]);
  const groupById = new Map(groups.map((group) => [group.id, group]));
  const ancestorsOf = (groupId: string): string[] => {
    const chain: string[] = [];
    let parentId = groupById.get(groupId)?.parentId ?? null;
    while (parentId && !chain.includes(parentId) && chain.length < 256) {
      chain.push(parentId);
      parentId = groupById.get(parentId)?.parentId ?? null;
    }
    return chain;
  };
  const membershipOf = (user: (typeof users)[number]) =>
    user.memberships.find((m) => m.organizationId === organizationId);
  const names = await fullNamesOf(
    db,
    users.map((user) => membershipOf(user)?.deactivatedById ?? null),
  );
  const now = new Date();
  const byId = new Map<string, User>();
  for (const user of users) {
    const membership = membershipOf(user);
    if (!membership) continue;
    const home = user.memberships.find((m) => m.organizationId === user.homeOrganizationId);
    const grants = memberRoles.filter((grant) => grant.userId === user.id);
    const rolesIn = (groupId: string) => grants.filter((grant) => grant.groupId === groupId).map((grant) => grant.role);
    const userGroups = groupMembers
      .filter((member) => member.userId === user.id)
      .map((member) => groupById.get(member.groupId))
      .filter((group) => group !== undefined)
      .sort((a, b) => a.name.localeCompare(b.name));
    const roles: User["roles"] = [];
    for (const group of userGroups) {
      const own = rolesIn(group.id);
      for (const role of own) roles.push({ id: role.id, name: role.name, groupId: group.id, inherited: false });
      const seen = new Set(own.map((role) => role.id));
      for (const ancestorId of ancestorsOf(group.id)) {
        for (const role of rolesIn(ancestorId)) {
          if (seen.has(role.id)) continue;
          seen.add(role.id);
          roles.push({ id: role.id, name: role.name, groupId: group.id, inherited: true });
        }
      }
    }
    byId.set(user.id, {
      id: user.id,
      givenName: user.givenName,
      familyName: user.familyName,
      middleName: user.middleName,
      email: user.email,
      status: user.status,
      lastSignIn: user.lastSignInAt?.toISOString() ?? null,
      enabled: membership.enabled,
      locked: Boolean(user.credential?.lockedUntil && user.credential.lockedUntil > now),
      disabledAt: membership.disabledAt?.toISOString() ?? null,
      deactivatedBy: membership.deactivatedById,
      deactivatedByFullName: membership.deactivatedById ? (names.get(membership.deactivatedById) ?? null) : null,
      version: user.version,
      homeOrganizationId: user.homeOrganizationId,
      homeUserEnabled: Boolean(home?.enabled && home.organization.enabled),
      isMember: userGroups.length > 0,
      groups: userGroups.map((group) => ({ id: group.id, name: group.name })),
      roles,
      phoneNumber: user.phoneNumber,
      mfaPhoneNumber: user.mfaPhoneNumber,
    });
  }
  return ids.map((id) => byId.get(id)).filter((user) => user !== undefined);
}

export async function presentUser(db: Reader, organizationId: string, userId: string): Promise<User | null> {
  const [user] = await presentUsers(db, organizationId, [userId]);
  return user ?? null;
}
