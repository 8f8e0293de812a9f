import { z } from "zod";
import { ID } from "./ids.ts";
import { pageQuerySchema, pageSchema } from "./paging.ts";
import { defineRouteEntry as define, type RouteDef } from "./route-def.ts";

// Members of groups and a user's memberships (spec §6 adding to a group, §7 members, memberships,
// §8 members messages). Roles granted in a group apply in its sub-groups: shown as inherited.

export const MEMBERSHIP_MESSAGES = {
  memberAlreadyAdded: "Member already added",
  memberAlreadyRemoved: "Member already removed",
  /** a user named for a group is not a member of this organization, or not a member of the group */
  memberGroupOrganizationNotFound: "Member/group/organization not found.",
  /** a role for a member that is not in the group's role structure */
  rolesAssignUnsuccessful: "Roles assign unsuccessful",
  memberAdded: "Member added.",
  membersAdded: "Members added.",
  memberRemoved: "Member removed.",
  memberRolesUpdated: "Member roles updated.",
  removeMemberTitle: "Remove member",
  removeMemberConfirm:
    "Are you sure you want to remove this member from the group? They lose the roles they hold in it.",
} as const;

export const memberRoleSchema = z
  .object({
    id: z.uuid().describe("The role's id"),
    name: z.string().describe("The role's name"),
    roleColor: z.string().nullable().describe("The colour the role is shown in, #RRGGBB; null: none"),
    inherited: z.boolean().describe("Granted in an ancestor group (applies here, managed there)"),
  })
  .meta({ id: "MemberRole" });
export type MemberRole = z.infer<typeof memberRoleSchema>;

export const groupMemberSchema = z
  .object({
    userId: ID.userId,
    givenName: z.string().describe("The user's given (first) name"),
    familyName: z.string().describe("The user's family (last) name"),
    email: z.string().describe("The user's email address"),
    inherited: z
      .boolean()
      .describe("Not a member of this group itself: every role comes from an ancestor group (cannot be removed here)"),
    roles: z.array(memberRoleSchema).describe("Own roles first, then inherited ones"),
  })
  .meta({ id: "GroupMember" });
export type GroupMember = z.infer<typeof groupMemberSchema>;

export const groupMembersQuerySchema = pageQuerySchema(["name", "email"], "name");
export type GroupMembersQuery = z.infer<typeof groupMembersQuerySchema>;
export const groupMembersPageSchema = pageSchema(groupMemberSchema).meta({ id: "GroupMembersPage" });
export type GroupMembersPage = z.infer<typeof groupMembersPageSchema>;

export const addGroupMembersSchema = z
  .object({
    userIds: z
      .array(z.uuid())
      .min(1, "Select at least one user")
      .max(100)
      .describe("The users to add to the group (1–100)"),
    roleIds: z.array(z.uuid()).min(1, "Select at least one role").max(200).describe("From the group's role structure"),
  })
  .meta({ id: "AddGroupMembers" });
export type AddGroupMembers = z.infer<typeof addGroupMembersSchema>;

export const addedGroupMembersSchema = z
  .object({ records: z.array(groupMemberSchema).describe("The group's members") })
  .meta({ id: "AddedGroupMembers" });
export type AddedGroupMembers = z.infer<typeof addedGroupMembersSchema>;

export const setMemberRolesSchema = z
  .object({
    roleIds: z
      .array(z.uuid())
      .min(1, "Select at least one role")
      .max(200)
      .describe("Replaces the member's roles in the group; from the group's role structure"),
  })
  .meta({ id: "SetMemberRoles" });
export type SetMemberRoles = z.infer<typeof setMemberRolesSchema>;

export const membershipGroupSchema = z
  .object({
    groupId: ID.groupId,
    name: z.string().describe("The group's name"),
    parentId: z.uuid().nullable().describe("The parent group's id; null for a top-level group"),
    member: z.boolean().describe("The user is a member of this group itself (not only through an ancestor)"),
    roles: z.array(memberRoleSchema).describe("Own roles first, then roles inherited from ancestor groups"),
  })
  .meta({ id: "MembershipGroup" });
export type MembershipGroup = z.infer<typeof membershipGroupSchema>;

export const membershipSchema = z
  .object({
    userId: ID.userId,
    organizationId: ID.organizationId,
    groups: z
      .array(membershipGroupSchema)
      .describe("Groups where the user holds roles, own or inherited, parents before children"),
  })
  .meta({ id: "Membership" });
export type Membership = z.infer<typeof membershipSchema>;

const groupParams = z.object({ orgId: ID.orgId, groupId: ID.groupId });
const memberParams = z.object({ orgId: ID.orgId, groupId: ID.groupId, userId: ID.userId });

export const membershipRoutes = {
  listGroupMembers: define({
    method: "GET",
    base: "api",
    version: 1,
    path: "/organizations/:orgId/groups/:groupId/members",
    auth: "user",
    permission: ["VIEW_USERS_GROUPS_ROLES"],
    summary: "Members of a group with their roles, including users whose roles come from ancestor groups",
    tags: ["memberships"],
    params: groupParams,
    query: groupMembersQuerySchema,
    response: groupMembersPageSchema,
    status: 200,
  }),
  addGroupMembers: define({
    method: "POST",
    base: "api",
    version: 1,
    path: "/organizations/:orgId/groups/:groupId/members",
    auth: "user",
    summary: "Add members with roles (requires both MANAGE_GROUPS and MANAGE_ROLES in the group)",
    tags: ["memberships"],
    params: groupParams,
    body: addGroupMembersSchema,
    response: addedGroupMembersSchema,
    status: 201,
  }),
  setMemberRoles: define({
    method: "PUT",
    base: "api",
    version: 1,
    path: "/organizations/:orgId/groups/:groupId/members/:userId/roles",
    auth: "user",
    summary: "Replace a member's roles in the group (requires both MANAGE_GROUPS and MANAGE_ROLES in the group)",
    tags: ["memberships"],
    params: memberParams,
    body: setMemberRolesSchema,
    response: groupMemberSchema,
    status: 200,
  }),
  removeGroupMember: define({
    method: "DELETE",
    base: "api",
    version: 1,
    path: "/organizations/:orgId/groups/:groupId/members/:userId",
    auth: "user",
    permission: ["MANAGE_GROUPS"],
    summary: "Remove a member and the roles they hold from the group",
    tags: ["memberships"],
    params: memberParams,
    response: null,
    status: 204,
  }),
  getMembership: define({
    method: "GET",
    base: "api",
    version: 2,
    path: "/organizations/:orgId/memberships/:userId",
    auth: "user",
    permission: ["VIEW_USERS_GROUPS_ROLES"],
    summary: "A user's groups with their own and inherited roles (a user may always read their own)",
    tags: ["memberships"],
    params: z.object({ orgId: ID.orgId, userId: ID.userId }),
    response: membershipSchema,
    status: 200,
  }),
} as const satisfies Record<string, RouteDef>;
