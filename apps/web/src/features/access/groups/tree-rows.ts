import { orderGroupTree } from "@signet/contract";

export interface TreeRow<T> {
  group: T;
  depth: number;
  hasChildren: boolean;
  expanded: boolean;
}

interface TreeGroup {
  id: string;
  parentId: string | null;
  name: string;
}

/**
 * The rows of the group tree as shown: parents before children, a group whose parent is not visible
 * to the user shown as a root (spec §5: the tree shows only groups the user may view), and nothing
 * below a collapsed group.
 */
export function treeRows<T extends TreeGroup>(groups: readonly T[], collapsed: ReadonlySet<string>): TreeRow<T>[] {
  const ids = new Set(groups.map((g) => g.id));
  const parentOf = (g: T) => (g.parentId !== null && ids.has(g.parentId) ? g.parentId : null);
  const withChildren = new Set(groups.map(parentOf).filter((id): id is string => id !== null));
  const depth = new Map<string, number>();
  const hidden = new Set<string>();
  const rows: TreeRow<T>[] = [];
  for (const group of orderGroupTree(groups)) {
    const parent = parentOf(group);
    const level = parent === null ? 0 : (depth.get(parent) ?? 0) + 1;
    depth.set(group.id, level);
    if (parent !== null && (hidden.has(parent) || collapsed.has(parent))) {
      hidden.add(group.id);
      continue;
    }
    rows.push({
      group,
      depth: level,
      hasChildren: withChildren.has(group.id),
      expanded: !collapsed.has(group.id),
    });
  }
  return rows;
}

/** Ids of every group that has children (for "Collapse all"). */
export function parentIds(groups: readonly TreeGroup[]): Set<string> {
  const ids = new Set(groups.map((g) => g.id));
  return new Set(groups.map((g) => g.parentId).filter((id): id is string => id !== null && ids.has(id)));
}
