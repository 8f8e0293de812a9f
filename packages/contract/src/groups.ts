import { z } from "zod";
import { ID } from "./ids.ts";
import { alreadyExistsMessage, pageSchema, versionQuerySchema } from "./paging.ts";
import { recordCreatedAt, recordUpdatedAt } from "./record-fields.ts";
import { defineRouteEntry as define, type RouteDef } from "./route-def.ts";

// Groups (spec §3 Group, §5 delete and move rules, §7 groups, group location, members).

export const GROUP_MESSAGES = {
  groupAlreadyExists: alreadyExistsMessage("group"),
  /** spec §8: moving a group to the location it already has */
  groupAlreadyAdded: "Group already added",
  /** spec §8: the parent named for a new or moved group is not a group of this organization */
  selectedGroupNotFound: "Selected group not found.",
  groupOrganizationNotFound: "Group/Organization not found",
  /** spec §5: a group with sub-groups cannot be deleted */
  hasSubGroups: "This group has sub-groups. Re-assign them before deleting the group.",
  /** spec §5: the only group with access to a package cannot be deleted (checked once packages exist) */
  onlyPackageGroup: "This group is the only group with access to a package and cannot be deleted.",
  /** spec §5: the target location's role structure must contain the moved group's roles */
  roleMismatch:
    "This group cannot be moved there: the selected location's role structure does not contain all of this group's roles.",
  moveIntoItself: "A group cannot be moved into itself or one of its sub-groups.",
  roleMismatchLabel: "(Role Mismatch)",
  currentLocationLabel: "(Current Location)",
  topLevelName: "Top level",
  groupAdded: "Group added. Next, add members to this group",
  groupUpdated: "Group updated.",
  groupMoved: "Group moved.",
  groupDeleted: "Group deleted.",
  deleteGroupTitle: "Delete group",
  deleteGroupConfirm:
    "Are you sure you want to delete this group? Its members lose the roles they hold in it. This cannot be undone.",
} as const;

export const groupRoleSchema = z
  .object({
    id: z.uuid().describe("The role's id"),
    name: z.string().describe("The role's name"),
    roleColor: z.string().nullable().describe("#RRGGBB"),
  })
  .meta({ id: "GroupRole" });
export type GroupRole = z.infer<typeof groupRoleSchema>;

export const groupSchema = z
  .object({
    id: z.uuid().describe("The group's id"),
    parentId: z.uuid().nullable().describe("Parent group; null for a top-level group"),
    parentName: z.string().nullable().describe("The parent group's name; null for a top-level group"),
    name: z.string().describe("The group's name, unique among its siblings"),
    description: z.string().nullable().describe("What the group is for; null: none"),
    memberCount: z.number().int().describe("Direct members of this group"),
    roles: z.array(groupRoleSchema).describe("The group's role structure: the roles its members may be granted"),
    version: z.number().int().describe("Send back on update, move and delete (optimistic locking)"),
    createdBy: ID.createdBy.nullable().describe("The id of the user who created it; null when unknown"),
    updatedBy: ID.updatedBy.nullable().describe("The id of the user who last changed it; null when unknown"),
    hasChildren: z.boolean().describe("The group has sub-groups (it cannot be deleted)"),
    hasPackages: z.boolean().describe("Packages are shared with the group"),
    uniqueForPackage: z.boolean().describe("The only group with access to some package (it cannot be deleted)"),
    createdAt: recordCreatedAt,
    lastUpdatedAt: recordUpdatedAt,
    canManage: z.boolean().describe("The caller holds MANAGE_GROUPS in this group (edit, move, delete, sub-groups)"),
  })
  .meta({ id: "Group" });
export type Group = z.infer<typeof groupSchema>;

export const groupTreeSchema = pageSchema(groupSchema)
  .describe(
    "Every group the caller may view, parents before children (depth first, siblings by name). " +
      "A group whose parent is not in the list is shown as a root.",
  )
  .meta({ id: "GroupTree" });
export type GroupTree = z.infer<typeof groupTreeSchema>;

const groupName = z
  .string()
  .trim()
  .min(1, "Name is required")
  .max(100)
  .describe("The group's name, unique among its siblings (1–100 characters)");
const groupDescription = z
  .string()
  .trim()
  .max(500)
  .describe("What the group is for (up to 500 characters); null: none");

export const createGroupSchema = z
  .object({
    name: groupName,
    description: groupDescription.nullish(),
    parentId: z.uuid().nullish().describe("Parent group for a sub-group; omit or null for a top-level group"),
    roleIds: z.array(z.uuid()).max(200).describe("The group's role structure"),
  })
  .meta({ id: "CreateGroup" });
export type CreateGroup = z.infer<typeof createGroupSchema>;

export const updateGroupSchema = z
  .object({
    version: z
      .number()
      .int()
      .min(1)
      .describe(
        "The version last read (optimistic locking): if someone changed the record since, the request answers 409",
      ),
    name: groupName.optional(),
    description: groupDescription.nullish(),
    roleIds: z
      .array(z.uuid())
      .max(200)
      .optional()
      .describe("Replaces the role structure; members lose roles that are removed"),
  })
  .meta({ id: "UpdateGroup" });
export type UpdateGroup = z.infer<typeof updateGroupSchema>;

export const moveGroupSchema = z
  .object({
    parentId: z.uuid().nullable().describe("New parent group; null moves the group to the top level"),
    version: z
      .number()
      .int()
      .min(1)
      .describe(
        "The version last read (optimistic locking): if someone changed the record since, the request answers 409",
      ),
  })
  .meta({ id: "MoveGroup" });
export type MoveGroup = z.infer<typeof moveGroupSchema>;

export const locationLabelSchema = z.enum([GROUP_MESSAGES.roleMismatchLabel, GROUP_MESSAGES.currentLocationLabel]);
export type LocationLabel = z.infer<typeof locationLabelSchema>;

export const locationCandidateSchema = z
  .object({
    groupId: ID.groupId.nullable().describe("Target parent; null is the top level"),
    name: z.string().describe("The candidate parent's name"),
    path: z.string().describe("Names from the top level down, joined with ' / '"),
    label: locationLabelSchema
      .nullable()
      .describe("Why the candidate cannot be chosen (the current location, or its roles do not match); null: it can"),
    selectable: z.boolean().describe("False for the current location and for role mismatches"),
  })
  .meta({ id: "LocationCandidate" });
export type LocationCandidate = z.infer<typeof locationCandidateSchema>;

export const locationCandidatesSchema = z
  .object({
    records: z.array(locationCandidateSchema).describe("Every place the group could move to, with whether it can"),
  })
  .describe("Where the group may be moved: groups the caller manages, without the group and its descendants")
  .meta({ id: "LocationCandidates" });
export type LocationCandidates = z.infer<typeof locationCandidatesSchema>;

const groupParams = z.object({ orgId: ID.orgId, groupId: ID.groupId });
const groupRoleParams = z.object({ orgId: ID.orgId, groupId: ID.groupId, roleId: ID.roleId });
const orgParams = z.object({ orgId: ID.orgId });

export const groupRoutes = {
  listGroups: define({
    method: "GET",
    base: "api",
    version: 1,
    path: "/organizations/:orgId/groups",
    auth: "user",
    permission: ["VIEW_USERS_GROUPS_ROLES"],
    summary: "The group tree: every group the caller may view, parents before children",
    tags: ["groups"],
    params: orgParams,
    response: groupTreeSchema,
    status: 200,
  }),
  createGroup: define({
    method: "POST",
    base: "api",
    version: 1,
    path: "/organizations/:orgId/groups",
    auth: "user",
    permission: ["MANAGE_GROUPS"],
    summary: "Create a group (MANAGE_GROUPS in the parent, or in the organization for a top-level group)",
    tags: ["groups"],
    params: orgParams,
    body: createGroupSchema,
    response: groupSchema,
    status: 201,
  }),
  getGroup: define({
    method: "GET",
    base: "api",
    version: 1,
    path: "/organizations/:orgId/groups/:groupId",
    auth: "user",
    permission: ["VIEW_USERS_GROUPS_ROLES"],
    summary: "One group",
    tags: ["groups"],
    params: groupParams,
    response: groupSchema,
    status: 200,
  }),
  updateGroup: define({
    method: "PATCH",
    base: "api",
    version: 1,
    path: "/organizations/:orgId/groups/:groupId",
    auth: "user",
    permission: ["MANAGE_GROUPS"],
    summary: "Edit a group's name, description or role structure",
    tags: ["groups"],
    params: groupParams,
    body: updateGroupSchema,
    response: groupSchema,
    status: 200,
  }),
  deleteGroup: define({
    method: "DELETE",
    base: "api",
    version: 1,
    path: "/organizations/:orgId/groups/:groupId",
    auth: "user",
    permission: ["MANAGE_GROUPS"],
    summary: "Delete a group (refused while it has sub-groups); its members and role assignments go with it",
    tags: ["groups"],
    params: groupParams,
    query: versionQuerySchema,
    response: null,
    status: 204,
  }),
  moveGroup: define({
    method: "PUT",
    base: "api",
    version: 1,
    path: "/organizations/:orgId/groups/:groupId/location",
    auth: "user",
    permission: ["MANAGE_GROUPS"],
    summary: "Move a group with its sub-groups (the target's role structure must contain the group's roles)",
    tags: ["groups"],
    params: groupParams,
    body: moveGroupSchema,
    response: groupSchema,
    status: 200,
  }),
  groupLocationCandidates: define({
    method: "GET",
    base: "api",
    version: 1,
    path: "/organizations/:orgId/groups/:groupId/location",
    auth: "user",
    permission: ["MANAGE_GROUPS"],
    summary: "The location picker: where the group may be moved, labelled '(Role Mismatch)' and '(Current Location)'",
    tags: ["groups"],
    params: groupParams,
    response: locationCandidatesSchema,
    status: 200,
  }),
  assignGroupRole: define({
    method: "PUT",
    base: "api",
    version: 1,
    path: "/organizations/:orgId/groups/:groupId/roles/:roleId",
    auth: "user",
    permission: ["MANAGE_ROLES"],
    summary: "Add a role to the group's role structure",
    tags: ["groups"],
    params: groupRoleParams,
    response: groupSchema,
    status: 200,
  }),
  unassignGroupRole: define({
    method: "DELETE",
    base: "api",
    version: 1,
    path: "/organizations/:orgId/groups/:groupId/roles/:roleId",
    auth: "user",
    permission: ["MANAGE_ROLES"],
    summary: "Remove a role from the group's role structure; members of the group lose it",
    tags: ["groups"],
    params: groupRoleParams,
    response: groupSchema,
    status: 200,
  }),
} as const satisfies Record<string, RouteDef>;

// ---- Pure rules (spec §5), shared by the server and the location picker ----

export interface GroupTreeNode {
  id: string;
  parentId: string | null;
  name: string;
}

/** Every group below `id` (not `id` itself). */
export function descendantIds(tree: readonly Pick<GroupTreeNode, "id" | "parentId">[], id: string): Set<string> {
  const children = new Map<string, string[]>();
  for (const node of tree) {
    if (node.parentId === null) continue;
    const list = children.get(node.parentId) ?? [];
    list.push(node.id);
    children.set(node.parentId, list);
  }
  const found = new Set<string>();
  const stack = [...(children.get(id) ?? [])];
  while (stack.length > 0) {
    const next = stack.pop() as string;
    // a corrupt cycle must not loop forever
    if (found.has(next) || next === id) continue;
    found.add(next);
    stack.push(...(children.get(next) ?? []));
  }
  return found;
}

/**
 * Spec §5: a group may move only to a location whose role structure contains all its roles.
 * `targetRoleIds` null is the top level, which contains every role.
 */
export function roleStructureMismatch(
  movedGroupRoleIds: readonly string[],
  targetRoleIds: readonly string[] | null,
): boolean {
  if (targetRoleIds === null) return false;
  const target = new Set(targetRoleIds);
  return movedGroupRoleIds.some((roleId) => !target.has(roleId));
}

/**
 * Parents before children: depth first, siblings by name (case-insensitive). Groups whose parent is
 * not in the list come out as roots.
 */
export function orderGroupTree<T extends GroupTreeNode>(groups: readonly T[]): T[] {
  const ids = new Set(groups.map((group) => group.id));
  const byName = (a: T, b: T) =>
    a.name.localeCompare(b.name, "en", { sensitivity: "base" }) || a.id.localeCompare(b.id);
  const children = new Map<string | null, T[]>();
  for (const group of groups) {
    const parent = group.parentId !== null && ids.has(group.parentId) ? group.parentId : null;
    const list = children.get(parent) ?? [];
    list.push(group);
    children.set(parent, list);
  }
  const ordered: T[] = [];
  const seen = new Set<string>();
  const visit = (parent: string | null) => {
    for (const group of (children.get(parent) ?? []).sort(byName)) {
      if (seen.has(group.id)) continue;
      seen.add(group.id);
      ordered.push(group);
      visit(group.id);
    }
  };
  visit(null);
  return ordered;
}

/** Names from the top level down to the group, joined with ' / '. */
export function groupPath(tree: readonly GroupTreeNode[], id: string): string {
  const byId = new Map(tree.map((node) => [node.id, node]));
  const names: string[] = [];
  let current = byId.get(id);
  while (current && names.length < 256) {
    names.unshift(current.name);
    current = current.parentId === null ? undefined : byId.get(current.parentId);
  }
  return names.join(" / ");
}

/**
 * Spec §5 location picker: only groups the user may manage, excluding the moved group and its
 * descendants; the current parent is labelled '(Current Location)' and a group whose role
 * structure lacks one of the moved group's roles '(Role Mismatch)'. Neither is selectable.
 * The top level (groupId null) comes first when `includeTopLevel` (the user manages groups at the
 * organization level).
 */
export function locationCandidates(
  tree: readonly GroupTreeNode[],
  movedGroupId: string,
  manageableGroupIds: ReadonlySet<string> | readonly string[],
  roleIdsByGroup: ReadonlyMap<string, readonly string[]>,
  options: { includeTopLevel?: boolean } = {},
): LocationCandidate[] {
  const manageable = new Set(manageableGroupIds);
  const moved = tree.find((node) => node.id === movedGroupId);
  if (!moved) return [];
  const movedRoles = roleIdsByGroup.get(movedGroupId) ?? [];
  const excluded = descendantIds(tree, movedGroupId);
  excluded.add(movedGroupId);
  const label = (groupId: string | null): LocationLabel | null => {
    if (moved.parentId === groupId) return GROUP_MESSAGES.currentLocationLabel;
    const targetRoles = groupId === null ? null : (roleIdsByGroup.get(groupId) ?? []);
    return roleStructureMismatch(movedRoles, targetRoles) ? GROUP_MESSAGES.roleMismatchLabel : null;
  };
  const candidates: LocationCandidate[] = [];
  if (options.includeTopLevel) {
    const topLabel = label(null);
    candidates.push({
      groupId: null,
      name: GROUP_MESSAGES.topLevelName,
      path: "",
      label: topLabel,
      selectable: topLabel === null,
    });
  }
  for (const node of orderGroupTree(tree)) {
    if (excluded.has(node.id) || !manageable.has(node.id)) continue;
    const nodeLabel = label(node.id);
    candidates.push({
      groupId: node.id,
      name: node.name,
      path: groupPath(tree, node.id),
      label: nodeLabel,
      selectable: nodeLabel === null,
    });
  }
  return candidates;
}
