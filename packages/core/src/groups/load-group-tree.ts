import type { GroupTreeNode } from "@signet/contract";
import type { Prisma } from "../db/generated/client.ts";
import type { Db } from "../db/prisma-client.ts";

/** The organization's whole tree and every group's role structure (hidden roles included: rules see them). */
export async function loadGroupTree(
  db: Db | Prisma.TransactionClient,
  organizationId: string,
): Promise<{ tree: GroupTreeNode[]; roleIdsByGroup: Map<string, string[]> }> {
  const [tree, groupRoles] = await Promise.all([
    db.group.findMany({ where: { organizationId }, select: { id: true, parentId: true, name: true } }),
    db.groupRole.findMany({ where: { organizationId }, select: { groupId: true, roleId: true } }),
  ]);
  const roleIdsByGroup = new Map<string, string[]>();
  for (const { groupId, roleId } of groupRoles) {
    const list = roleIdsByGroup.get(groupId) ?? [];
    list.push(roleId);
    roleIdsByGroup.set(groupId, list);
  }
  return { tree, roleIdsByGroup };
}
