import { ActionIcon, Badge, Button, Group as MantineGroup, Paper, Stack, Text, Title, Tooltip } from "@mantine/core";
import { type Group, type GroupMember, hasPermission, MEMBERSHIP_MESSAGES, membershipRoutes } from "@signet/contract";
import { IconPencil, IconPlus, IconTrash } from "@tabler/icons-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { errorMessage } from "../../../api/api-error.ts";
import { api } from "../../../api/client.ts";
import { type Column, DataTable } from "../../../components/data-table/DataTable.tsx";
import { usePageState } from "../../../components/data-table/use-page-state.ts";
import { FormError } from "../../../components/FormError.tsx";
import { AnchorLink } from "../../../components/links.tsx";
import { Page } from "../../../components/Page.tsx";
import { Spinner } from "../../../components/Spinner.tsx";
import { toastSuccess } from "../../../components/toast.ts";
import { usePermissionBits } from "../../../session/permissions.ts";
import { AccessBreadcrumbs } from "../AccessBreadcrumbs.tsx";
import { gated } from "../AccessDashboard.tsx";
import { accessQueries, refreshAccess } from "../access-queries.ts";
import { ConfirmAction } from "../ConfirmAction.tsx";
import { fullName } from "../format.ts";
import { AddMembersModal } from "./AddMembersModal.tsx";
import { MemberRolesModal } from "./MemberRolesModal.tsx";
import { RoleBadge } from "./RoleBadge.tsx";

type SortField = "name" | "email";

/** Spec §2 '/groups/:groupId/members': the group's members and their roles (inherited marked). */
function GroupMembersScreen({ organizationId, groupId }: { organizationId: string; groupId: string }) {
  const group = useQuery(accessQueries.group(organizationId, groupId));
  const groupsHref = `/organizations/${organizationId}/groups`;
  return (
    <Page
      title={group.data ? group.data.name : "Group members"}
      description={
        <AccessBreadcrumbs
          items={[
            { label: "Access control", href: "/organizations" },
            { label: "Groups", href: groupsHref },
            { label: group.data ? `${group.data.name} members` : "Members" },
          ]}
        />
      }
    >
      {group.isError ? (
        <FormError message={errorMessage(group.error)} />
      ) : !group.data ? (
        <Spinner />
      ) : (
        <Members organizationId={organizationId} group={group.data} />
      )}
    </Page>
  );
}

function Members({ organizationId, group }: { organizationId: string; group: Group }) {
  const queryClient = useQueryClient();
  const bits = usePermissionBits();
  const page = usePageState<SortField>("name");
  const list = useQuery(accessQueries.members(organizationId, group.id, page.query));
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<GroupMember | null>(null);
  const [removing, setRemoving] = useState<GroupMember | null>(null);
  // Spec §6: adding to a group (and changing a member's roles) needs both MANAGE_GROUPS and MANAGE_ROLES.
  const canAssign = group.canManage && bits !== null && hasPermission(bits, "MANAGE_ROLES");
  const assignHint = canAssign ? null : "Requires the Manage groups and Manage roles permissions in this group";

  const columns: Column<GroupMember, SortField>[] = [
    {
      key: "name",
      label: "Name",
      sortField: "name",
      render: (member) => (
        <Stack gap={2}>
          <AnchorLink
            to="/organizations/$organizationId/users/$userId/profile"
            params={{ organizationId, userId: member.userId }}
            fw={600}
            size="sm"
          >
            {fullName(member)}
          </AnchorLink>
          {member.inherited && (
            <Text size="xs" c="dimmed">
              Member through a parent group
            </Text>
          )}
        </Stack>
      ),
    },
    { key: "email", label: "Email", sortField: "email", render: (member) => <Text size="sm">{member.email}</Text> },
    {
      key: "roles",
      label: "Roles",
      width: "40%",
      render: (member) => (
        <MantineGroup gap={6}>
          {member.roles.length === 0 && (
            <Text size="sm" c="dimmed">
              No roles
            </Text>
          )}
          {member.roles.map((role) => (
            <RoleBadge
              key={`${role.id}-${role.inherited}`}
              name={role.name}
              color={role.roleColor}
              inherited={role.inherited}
            />
          ))}
        </MantineGroup>
      ),
    },
    {
      key: "actions",
      label: "Actions",
      align: "right",
      width: 100,
      render: (member) => {
        const inheritedHint = member.inherited ? "Roles come from a parent group: manage them there" : null;
        return (
          <MantineGroup gap={4} justify="flex-end" wrap="nowrap">
            <Tooltip label={inheritedHint ?? assignHint ?? "Change roles"} multiline maw={260}>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={`Change roles of ${fullName(member)}`}
                disabled={!canAssign || member.inherited}
                onClick={() => setEditing(member)}
              >
                <IconPencil size={16} />
              </ActionIcon>
            </Tooltip>
            <Tooltip
              label={inheritedHint ?? (group.canManage ? "Remove from group" : "Requires the Manage groups permission")}
              multiline
              maw={260}
            >
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Remove ${fullName(member)}`}
                disabled={!group.canManage || member.inherited}
                onClick={() => setRemoving(member)}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Tooltip>
          </MantineGroup>
        );
      },
    },
  ];

  return (
    <>
      <Paper withBorder p="lg">
        <MantineGroup justify="space-between" align="flex-start" gap="md">
          <Stack gap={6}>
            <Title order={2} fz="lg">
              Members
            </Title>
            <Text size="sm" c="dimmed">
              {group.parentName ? `Sub-group of ${group.parentName}. ` : "Top-level group. "}
              Roles granted here also apply in its sub-groups.
            </Text>
            <MantineGroup gap={6}>
              <Text size="sm" fw={500}>
                Role structure:
              </Text>
              {group.roles.length === 0 ? (
                <Badge variant="light" color="gray" tt="none">
                  No roles
                </Badge>
              ) : (
                group.roles.map((role) => <RoleBadge key={role.id} name={role.name} color={role.roleColor} />)
              )}
            </MantineGroup>
          </Stack>
          <Tooltip label={assignHint} disabled={!assignHint} multiline maw={260}>
            <Button leftSection={<IconPlus size={16} />} disabled={!canAssign} onClick={() => setAdding(true)}>
              Add members
            </Button>
          </Tooltip>
        </MantineGroup>
      </Paper>
      <DataTable
        label="Group members"
        columns={columns}
        rows={list.data?.records}
        paging={{ page, count: list.data?.count ?? 0 }}
        loading={list.isFetching}
        rowKey={(member) => member.userId}
        empty="No members yet. Add members to grant them this group's roles."
      />
      <AddMembersModal organizationId={organizationId} group={group} opened={adding} onClose={() => setAdding(false)} />
      <MemberRolesModal
        organizationId={organizationId}
        group={group}
        member={editing}
        onClose={() => setEditing(null)}
      />
      <ConfirmAction
        opened={removing !== null}
        title={removing ? `${MEMBERSHIP_MESSAGES.removeMemberTitle} ${fullName(removing)}` : "Remove member"}
        message={MEMBERSHIP_MESSAGES.removeMemberConfirm}
        confirmLabel="Remove"
        onClose={() => setRemoving(null)}
        onConfirm={async () => {
          if (!removing) return;
          try {
            await api(membershipRoutes.removeGroupMember, {
              params: { orgId: organizationId, groupId: group.id, userId: removing.userId },
            });
            toastSuccess(MEMBERSHIP_MESSAGES.memberRemoved);
          } finally {
            await refreshAccess(queryClient, organizationId);
          }
        }}
      />
    </>
  );
}

export const GroupMembersPage = gated(GroupMembersScreen);
