import {
  type GroupMembersQuery,
  groupRoutes,
  invitationRoutes,
  membershipRoutes,
  type OrganizationListQuery,
  organizationRoutes,
  type RoleListQuery,
  roleRoutes,
  type UserListQuery,
  userRoutes,
} from "@signet/contract";
import { keepPreviousData, type QueryClient, queryOptions } from "@tanstack/react-query";
import { api } from "../../api/client.ts";

// Query keys and fetchers of the access-control screens. Everything of one organization lives under
// ["access", orgId] so a change can refresh the organization's lists in one call.

type OrganizationListInput = Partial<OrganizationListQuery>;
type UserListInput = Partial<UserListQuery>;

export const accessQueries = {
  organizations: (query: OrganizationListInput) =>
    queryOptions({
      queryKey: ["organizations", query],
      queryFn: ({ signal }) => api(organizationRoutes.listOrganizations, { query, signal }),
      placeholderData: keepPreviousData,
    }),
  organization: (orgId: string) =>
    queryOptions({
      queryKey: ["access", orgId, "organization"],
      queryFn: ({ signal }) => api(organizationRoutes.getOrganization, { params: { orgId }, signal }),
    }),
  users: (orgId: string, query: UserListInput) =>
    queryOptions({
      queryKey: ["access", orgId, "users", query],
      queryFn: ({ signal }) => api(userRoutes.listUsers, { params: { orgId }, query, signal }),
      placeholderData: keepPreviousData,
    }),
  user: (orgId: string, userId: string) =>
    queryOptions({
      queryKey: ["access", orgId, "user", userId],
      queryFn: ({ signal }) => api(userRoutes.getUser, { params: { orgId, userId }, signal }),
    }),
  usersBaseInfo: (orgId: string, search: string) =>
    queryOptions({
      queryKey: ["access", orgId, "users-base-info", search],
      queryFn: ({ signal }) =>
        api(userRoutes.usersBaseInfo, { params: { orgId }, query: { search: search || undefined, limit: 20 }, signal }),
      placeholderData: keepPreviousData,
    }),
  /** open invitations (MANAGE_USERS only) */
  invitations: (orgId: string) =>
    queryOptions({
      queryKey: ["access", orgId, "user-invitations"],
      queryFn: ({ signal }) => api(invitationRoutes.listUserInvitations, { params: { orgId }, signal }),
    }),
  groups: (orgId: string) =>
    queryOptions({
      queryKey: ["access", orgId, "groups"],
      queryFn: ({ signal }) => api(groupRoutes.listGroups, { params: { orgId }, signal }),
    }),
  group: (orgId: string, groupId: string) =>
    queryOptions({
      queryKey: ["access", orgId, "group", groupId],
      queryFn: ({ signal }) => api(groupRoutes.getGroup, { params: { orgId, groupId }, signal }),
    }),
  roles: (orgId: string, query: Partial<RoleListQuery>) =>
    queryOptions({
      queryKey: ["access", orgId, "roles", query],
      queryFn: ({ signal }) => api(roleRoutes.listRoles, { params: { orgId }, query, signal }),
      placeholderData: keepPreviousData,
    }),
  /** every role of the organization, for pickers (role structures) */
  allRoles: (orgId: string) =>
    queryOptions({
      queryKey: ["access", orgId, "roles", "all"],
      queryFn: ({ signal }) =>
        api(roleRoutes.listRoles, { params: { orgId }, query: { pageSize: 100, sortBy: "name" }, signal }),
    }),
  role: (orgId: string, roleId: string) =>
    queryOptions({
      queryKey: ["access", orgId, "role", roleId],
      queryFn: ({ signal }) => api(roleRoutes.getRole, { params: { orgId, roleId }, signal }),
    }),
  members: (orgId: string, groupId: string, query: Partial<GroupMembersQuery>) =>
    queryOptions({
      queryKey: ["access", orgId, "group", groupId, "members", query],
      queryFn: ({ signal }) => api(membershipRoutes.listGroupMembers, { params: { orgId, groupId }, query, signal }),
      placeholderData: keepPreviousData,
    }),
  membership: (orgId: string, userId: string, passThrough = false) =>
    queryOptions({
      queryKey: ["access", orgId, "membership", userId],
      queryFn: ({ signal }) => api(membershipRoutes.getMembership, { params: { orgId, userId }, signal, passThrough }),
    }),
  locationCandidates: (orgId: string, groupId: string) =>
    queryOptions({
      queryKey: ["access", orgId, "group", groupId, "location"],
      queryFn: ({ signal }) => api(groupRoutes.groupLocationCandidates, { params: { orgId, groupId }, signal }),
      staleTime: 0,
    }),
};

/**
 * After a change in an organization: its lists and details reload, and so do the signed-in user's
 * own permissions (a role or membership change may have changed them: menus follow at once).
 */
export async function refreshAccess(queryClient: QueryClient, orgId: string): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: ["access", orgId] }),
    queryClient.invalidateQueries({ queryKey: ["organizations"] }),
    queryClient.invalidateQueries({ queryKey: ["permissions"] }),
  ]);
}
