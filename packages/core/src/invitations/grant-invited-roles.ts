import type { Prisma } from "../db/generated/client.ts";

type Tx = Prisma.TransactionClient;

/**
 * Puts a new member into the invitation's group with its roles. Only roles the group offers (its
 * role structure) are granted; a group or role deleted since the invitation was sent is skipped.
 */
export async function grantInvitedRoles(
  tx: Tx,
  input: { organizationId: string; userId: string; groupId: string | null; roleIds: readonly string[] },
): Promise<{ groupId: string | null; roleIds: string[] }> {
  const { organizationId, userId, groupId } = input;
  if (!groupId) return { groupId: null, roleIds: [] };
  const group = await tx.group.findFirst({ where: { id: groupId, organizationId }, select: { id: true } });
  if (!group) return { groupId: null, roleIds: [] };
  const offered = await tx.groupRole.findMany({
    where: { groupId, organizationId, roleId: { in: [...input.roleIds] } },
    select: { roleId: true },
  });
  const roleIds = offered.map((row) => row.roleId);
  await tx.groupMember.upsert({
    where: { groupId_userId: { groupId, userId } },
    create: { groupId, userId, organizationId },
    update: {},
  });
  if (roleIds.length > 0) {
    await tx.memberRole.createMany({
      data: roleIds.map((roleId) => ({ groupId, userId, roleId, organizationId })),
      skipDuplicates: true,
    });
  }
  return { groupId, roleIds };
}
