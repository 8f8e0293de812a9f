import { CONFIGURATION_ITEM_LIMITS, type GroupItem, groupItemSchema, orderGroupTree } from "@signet/contract";
import { lockGroupTree } from "../../groups/lock-group-tree.ts";
import { lowerKey, perPlan, sectionHandler, sorted } from "../section-handler.ts";

// Groups by their path of names (top level first). Names are unique in an organization, so a path
// whose last name is taken elsewhere in the tree is a conflict, not a second group. An import adds
// the roles a group offers and never takes one away (members may hold it).

const lastKey = (path: readonly string[]) => lowerKey(path[path.length - 1] ?? "");
// a path's key is asked for many times per dry run (its key, its parent's, the indexes), and paths
// run 64 names deep: each is worked out once
const pathKeys = new WeakMap<readonly string[], string>();
function pathKey(path: readonly string[]): string {
  let key = pathKeys.get(path);
  if (key === undefined) {
    key = path.map(lowerKey).join(" / ");
    pathKeys.set(path, key);
  }
  return key;
}
/** The key of the path's parent: its own key without the last name. */
function parentKey(path: readonly string[]): string {
  return path.length > 1 ? pathKey(path).slice(0, -(lastKey(path).length + 3)) : "";
}

/** The groups here and incoming by path and name, and the role names a group may offer. */
const planIndex = perPlan((context) => {
  const here = context.current.groups as GroupItem[];
  const hereByName = new Map(here.map((group) => [lastKey(group.path), group]));
  const paths = new Set([...here, ...(context.incoming.groups as GroupItem[])].map((group) => pathKey(group.path)));
  const roleNames = new Set((context.facts.groups?.roleNames as string[] | undefined) ?? []);
  for (const role of (context.incoming.roles as { name: string }[] | undefined) ?? [])
    if (!context.conflicts.roles?.has(lowerKey(role.name))) roleNames.add(lowerKey(role.name));
  return { hereByName, paths, roleNames };
});

export const groupsSection = sectionHandler<GroupItem>({
  name: "groups",
  label: "Groups",
  maxItems: CONFIGURATION_ITEM_LIMITS.groups,
  nestedItems: {
    what: "roles offered by the groups",
    max: CONFIGURATION_ITEM_LIMITS.groupRoles,
    count: (item) => {
      const roles = (item as { roles?: unknown } | null)?.roles;
      return Array.isArray(roles) ? roles.length : 0;
    },
  },
  file: "groups.json",
  itemSchema: groupItemSchema,
  key: (item) => pathKey(item.path),
  itemLabel: (item) => item.path.join(" / "),
  fields: { description: "Description", roles: "Roles" },
  normalize: (item) => ({ ...item, roles: sorted(item.roles) }),
  async collect(db, organizationId) {
    const [groups, roles] = await Promise.all([
      db.group.findMany({
        where: { organizationId },
        select: { id: true, parentId: true, name: true, description: true, roles: { select: { roleId: true } } },
      }),
      db.role.findMany({
        where: { organizationId },
        select: { id: true, name: true, hidden: true },
        orderBy: { nameKey: "asc" },
      }),
    ]);
    const roleById = new Map(roles.map((role) => [role.id, role]));
    const byId = new Map(groups.map((group) => [group.id, group]));
    const pathOf = (id: string): string[] => {
      const names: string[] = [];
      let node = byId.get(id);
      while (node && names.length < 64) {
        names.unshift(node.name);
        node = node.parentId ? byId.get(node.parentId) : undefined;
      }
      return names;
    };
    const items = orderGroupTree(groups).map((group) => ({
      path: pathOf(group.id),
      description: group.description,
      roles: sorted(
        group.roles.flatMap(({ roleId }) => {
          const role = roleById.get(roleId);
          return role && !role.hidden ? [role.name] : [];
        }),
      ),
    }));
    return { items, files: new Map(), facts: { roleNames: roles.map((role) => lowerKey(role.name)) } };
  },
  async validate(items) {
    const paths = new Set(items.map((item) => pathKey(item.path)));
    const seen = new Set<string>();
    const names = new Set<string>();
    const problems: { path: string; message: string }[] = [];
    items.forEach((item, index) => {
      const parent = parentKey(item.path);
      if (item.path.length > 1 && !seen.has(parent) && paths.has(parent))
        problems.push({ path: `items[${index}].path`, message: "A group's parent must come before it." });
      seen.add(pathKey(item.path));
      const name = lastKey(item.path);
      if (names.has(name))
        problems.push({ path: `items[${index}].path`, message: "Group names are unique in an organization." });
      names.add(name);
    });
    return problems;
  },
  conflict(item, current, context) {
    const { hereByName, paths, roleNames } = planIndex(context);
    if (!current) {
      const sameName = hereByName.get(lastKey(item.path));
      if (sameName)
        return `A group named ${item.path.at(-1)} already exists at ${sameName.path.join(" / ")}: group names are unique in an organization.`;
    }
    if (item.path.length > 1) {
      const key = parentKey(item.path);
      const parent = () => item.path.slice(0, -1).join(" / ");
      if (context.conflicts.groups?.has(key)) return `Its parent group ${parent()} cannot be imported.`;
      if (!paths.has(key)) return `Its parent group ${parent()} is neither in this organization nor in the archive.`;
    }
    const missing = item.roles.filter((role) => !roleNames.has(lowerKey(role)));
    if (missing.length > 0)
      return `It offers ${missing.length === 1 ? "the role" : "the roles"} ${missing.join(", ")}, which ${missing.length === 1 ? "is" : "are"} neither in this organization nor imported.`;
    return null;
  },
  changedFields(item, current) {
    const changed: string[] = [];
    if ((item.description ?? null) !== (current.description ?? null)) changed.push("Description");
    const have = new Set(current.roles.map(lowerKey));
    const added = item.roles.filter((role) => !have.has(lowerKey(role)));
    if (added.length > 0) changed.push(`Roles (adds ${added.join(", ")})`);
    return changed;
  },
  notes(item, current) {
    if (!current) return [];
    const wanted = new Set(item.roles.map(lowerKey));
    const kept = current.roles.filter((role) => !wanted.has(lowerKey(role)));
    return kept.length > 0 ? [`Keeps the roles it offers here that the archive lacks: ${kept.join(", ")}.`] : [];
  },
  async apply(entries, { tx, actor, organizationId }) {
    await lockGroupTree(tx, organizationId);
    const actorId = actor.kind === "user" ? actor.userId : null;
    // roles this import created are visible: the roles section applies first, in the same transaction
    const roles = await tx.role.findMany({ where: { organizationId }, select: { id: true, nameKey: true } });
    const roleId = (name: string) => roles.find((role) => role.nameKey === lowerKey(name))?.id;
    for (const { item, action } of entries) {
      const name = item.path.at(-1) as string;
      let groupId: string;
      if (action === "CREATE") {
        const parentName = item.path.at(-2);
        const parent = parentName
          ? await tx.group.findUniqueOrThrow({
              where: { organizationId_nameKey: { organizationId, nameKey: lowerKey(parentName) } },
              select: { id: true },
            })
          : null;
        const created = await tx.group.create({
          data: {
            organizationId,
            parentId: parent?.id ?? null,
            name: name.trim(),
            nameKey: lowerKey(name),
            description: item.description?.trim() || null,
            createdById: actorId,
            updatedById: actorId,
          },
        });
        groupId = created.id;
      } else {
        const updated = await tx.group.update({
          where: { organizationId_nameKey: { organizationId, nameKey: lowerKey(name) } },
          data: { description: item.description?.trim() || null, updatedById: actorId, version: { increment: 1 } },
        });
        groupId = updated.id;
      }
      const ids = item.roles.map((role) => roleId(role)).filter((id): id is string => Boolean(id));
      if (ids.length > 0)
        await tx.groupRole.createMany({
          data: ids.map((id) => ({ groupId, roleId: id, organizationId })),
          skipDuplicates: true,
        });
    }
  },
});
