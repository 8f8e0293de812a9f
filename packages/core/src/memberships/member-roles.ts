import type { GroupTreeNode, MemberRole } from "@signet/contract";

export interface Grant {
  groupId: string;
  userId: string;
  role: { id: string; name: string; roleColor: string | null };
}

/** The group and its ancestors, nearest first (a corrupt cycle stops the walk). */
export function ancestorsAndSelf(tree: readonly GroupTreeNode[], groupId: string): string[] {
  const byId = new Map(tree.map((node) => [node.id, node]));
  const chain: string[] = [];
  let current = byId.get(groupId);
  while (current && !chain.includes(current.id)) {
    chain.push(current.id);
    current = current.parentId === null ? undefined : byId.get(current.parentId);
  }
  return chain;
}

const byName = (a: MemberRole, b: MemberRole) => a.name.localeCompare(b.name, "en", { sensitivity: "base" });

/**
 * A user's roles in a group: own grants there (inherited false), then roles granted in ancestor
 * groups (inherited true) that they do not also hold there. Grants must be for this one user.
 */
export function rolesInGroup(chain: readonly string[], grants: readonly Grant[]): MemberRole[] {
  const [groupId, ...ancestors] = chain;
  const own = new Map<string, MemberRole>();
  const inherited = new Map<string, MemberRole>();
  const ancestorSet = new Set(ancestors);
  for (const grant of grants) {
    if (grant.groupId === groupId) own.set(grant.role.id, { ...grant.role, inherited: false });
  }
  for (const grant of grants) {
    if (ancestorSet.has(grant.groupId) && !own.has(grant.role.id)) {
      inherited.set(grant.role.id, { ...grant.role, inherited: true });
    }
  }
  return [...[...own.values()].sort(byName), ...[...inherited.values()].sort(byName)];
}
