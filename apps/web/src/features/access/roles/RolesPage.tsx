import { ActionIcon, Badge, Group, Stack, Text, Tooltip } from "@mantine/core";
import { ROLE_MESSAGES, type Role, roleRoutes } from "@signet/contract";
import { IconPencil, IconPlus, IconTrash } from "@tabler/icons-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { api } from "../../../api/client.ts";
import { type Column, DataTable } from "../../../components/data-table/DataTable.tsx";
import { usePageState } from "../../../components/data-table/use-page-state.ts";
import { ButtonLink } from "../../../components/links.tsx";
import { toastSuccess } from "../../../components/toast.ts";
import { useHasPermission } from "../../../session/permissions.ts";
import { AccessDashboard, gated } from "../AccessDashboard.tsx";
import { accessQueries, refreshAccess } from "../access-queries.ts";
import { ConfirmAction } from "../ConfirmAction.tsx";
import { formatDate } from "../format.ts";
import { RoleColorDot } from "../groups/RoleBadge.tsx";
import { PERMISSION_LABELS } from "./permission-groups.ts";

type SortField = "name" | "createdAt" | "memberCount" | "groupCount";

/** Spec §2 '/roles': roles with their colour, permissions, group and member counts. */
function RolesScreen({ organizationId }: { organizationId: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const canManageRoles = useHasPermission("MANAGE_ROLES");
  const page = usePageState<SortField>("name");
  const list = useQuery(accessQueries.roles(organizationId, page.query));
  const [deleting, setDeleting] = useState<Role | null>(null);

  const columns: Column<Role, SortField>[] = [
    {
      key: "name",
      label: "Role",
      sortField: "name",
      render: (role) => (
        <Stack gap={2}>
          <Group gap={8} wrap="nowrap">
            <RoleColorDot color={role.roleColor} />
            <Text fw={600} size="sm">
              {role.name}
            </Text>
            {role.systemDefined && (
              <Tooltip label={ROLE_MESSAGES.systemDefinedRole}>
                <Badge size="xs" variant="light" color="gray">
                  System
                </Badge>
              </Tooltip>
            )}
          </Group>
          {role.description && (
            <Text size="xs" c="dimmed" lineClamp={1} pl={18}>
              {role.description}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: "permissions",
      label: "Permissions",
      render: (role) => (
        <Tooltip
          label={role.permissionNames.map((name) => PERMISSION_LABELS[name].label).join(", ") || "No permissions"}
          multiline
          maw={320}
        >
          <Text size="sm" c="dark.5" style={{ cursor: "default" }}>
            {role.permissionNames.length} of 12
          </Text>
        </Tooltip>
      ),
    },
    {
      key: "groupCount",
      label: "Groups",
      sortField: "groupCount",
      align: "right",
      render: (role) => role.groupCount,
    },
    {
      key: "memberCount",
      label: "Members",
      sortField: "memberCount",
      align: "right",
      render: (role) => role.memberCount,
    },
    { key: "createdAt", label: "Created", sortField: "createdAt", render: (role) => formatDate(role.createdAt) },
    {
      key: "actions",
      label: "Actions",
      align: "right",
      width: 100,
      render: (role) => {
        const reason = role.systemDefined
          ? ROLE_MESSAGES.systemDefinedRole
          : canManageRoles
            ? null
            : "Requires the Manage roles permission";
        return (
          <Group gap={4} justify="flex-end" wrap="nowrap">
            <Tooltip
              label={role.systemDefined ? ROLE_MESSAGES.systemDefinedRole : canManageRoles ? "Edit role" : "View role"}
            >
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={`Edit ${role.name}`}
                disabled={role.systemDefined}
                onClick={() =>
                  void navigate({
                    to: "/organizations/$organizationId/roles/$roleId/edit",
                    params: { organizationId, roleId: role.id },
                  })
                }
              >
                <IconPencil size={16} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={reason ?? "Delete role"}>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Delete ${role.name}`}
                disabled={reason !== null}
                onClick={() => setDeleting(role)}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
        );
      },
    },
  ];

  return (
    <AccessDashboard
      organizationId={organizationId}
      tab="roles"
      actions={
        canManageRoles && (
          <ButtonLink
            to="/organizations/$organizationId/roles/new"
            params={{ organizationId }}
            leftSection={<IconPlus size={16} />}
          >
            Add role
          </ButtonLink>
        )
      }
    >
      <DataTable
        label="Roles"
        columns={columns}
        rows={list.data?.records}
        paging={{ page, count: list.data?.count ?? 0 }}
        loading={list.isFetching}
        rowKey={(role) => role.id}
        empty="No roles yet."
      />
      <ConfirmAction
        opened={deleting !== null}
        title={deleting ? `${ROLE_MESSAGES.deleteRoleTitle} ${deleting.name}` : ROLE_MESSAGES.deleteRoleTitle}
        message={ROLE_MESSAGES.deleteRoleConfirm}
        confirmLabel="Delete"
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await api(roleRoutes.deleteRole, {
              params: { orgId: organizationId, roleId: deleting.id },
              query: { version: deleting.version },
            });
            toastSuccess(ROLE_MESSAGES.roleDeleted);
          } finally {
            await refreshAccess(queryClient, organizationId);
          }
        }}
      />
    </AccessDashboard>
  );
}

export const RolesPage = gated(RolesScreen);
