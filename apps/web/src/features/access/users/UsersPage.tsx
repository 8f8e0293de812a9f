import { Avatar, Badge, Group, Select, Stack, Text, TextInput, Tooltip } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { USER_STATUS_FILTERS, type User } from "@signet/contract";
import { IconPlus, IconSearch } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { type Column, DataTable } from "../../../components/data-table/DataTable.tsx";
import { usePageState } from "../../../components/data-table/use-page-state.ts";
import { AnchorLink, ButtonLink } from "../../../components/links.tsx";
import { useHasPermission } from "../../../session/permissions.ts";
import { AccessDashboard, gated } from "../AccessDashboard.tsx";
import { accessQueries } from "../access-queries.ts";
import { formatDateTime, fullName } from "../format.ts";
import { PendingInvitations } from "./PendingInvitations.tsx";
import { UserStatusBadges } from "./UserStatusBadges.tsx";

type SortField = "name" | "email" | "lastSignIn" | "status";
type StatusFilter = (typeof USER_STATUS_FILTERS)[number];

const STATUS_LABELS: Record<StatusFilter, string> = {
  ALL: "All users",
  ACTIVE: "Active",
  INACTIVE: "Inactive",
  LOCKED: "Locked",
};

function initials(user: User): string {
  return `${user.givenName.charAt(0)}${user.familyName.charAt(0)}`.toUpperCase() || user.email.charAt(0).toUpperCase();
}

/** Spec §2 '/users': the organization's users, paged by 10, sortable and searchable. */
function UsersScreen({ organizationId }: { organizationId: string }) {
  const canManageUsers = useHasPermission("MANAGE_USERS");
  const page = usePageState<SortField>("name");
  const [search, setSearch] = useState("");
  const [status, setStatus] = useState<StatusFilter>("ALL");
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const list = useQuery(
    accessQueries.users(organizationId, { ...page.query, status, search: debouncedSearch || undefined }),
  );

  const columns: Column<User, SortField>[] = [
    {
      key: "name",
      label: "Name",
      sortField: "name",
      render: (user) => (
        <Group gap="sm" wrap="nowrap">
          <Avatar color="indigo" radius="xl" size={32}>
            {initials(user)}
          </Avatar>
          <AnchorLink
            to="/organizations/$organizationId/users/$userId/profile"
            params={{ organizationId, userId: user.id }}
            fw={600}
            size="sm"
          >
            {fullName(user)}
          </AnchorLink>
        </Group>
      ),
    },
    { key: "email", label: "Email", sortField: "email", render: (user) => <Text size="sm">{user.email}</Text> },
    { key: "status", label: "Status", sortField: "status", render: (user) => <UserStatusBadges user={user} /> },
    {
      key: "groups",
      label: "Groups",
      render: (user) => <GroupChips groups={user.groups} />,
    },
    {
      key: "lastSignIn",
      label: "Last sign-in",
      sortField: "lastSignIn",
      render: (user) => (
        <Text size="sm" c={user.lastSignIn ? undefined : "dimmed"}>
          {formatDateTime(user.lastSignIn)}
        </Text>
      ),
    },
  ];

  return (
    <AccessDashboard
      organizationId={organizationId}
      tab="users"
      actions={
        canManageUsers && (
          <ButtonLink
            to="/organizations/$organizationId/users/new"
            params={{ organizationId }}
            leftSection={<IconPlus size={16} />}
          >
            Add user
          </ButtonLink>
        )
      }
    >
      <DataTable
        label="Users"
        columns={columns}
        rows={list.data?.records}
        paging={{ page, count: list.data?.count ?? 0 }}
        loading={list.isFetching}
        rowKey={(user) => user.id}
        empty={debouncedSearch || status !== "ALL" ? "No user matches your search." : "No users yet."}
        toolbar={
          <Group justify="space-between" gap="sm">
            <TextInput
              aria-label="Search users"
              placeholder="Search by name or email"
              leftSection={<IconSearch size={16} />}
              value={search}
              onChange={(event) => {
                setSearch(event.currentTarget.value);
                page.restart();
              }}
              w={{ base: "100%", sm: 320 }}
            />
            <Select
              aria-label="Status"
              value={status}
              allowDeselect={false}
              onChange={(value) => {
                setStatus((value as StatusFilter | null) ?? "ALL");
                page.restart();
              }}
              data={USER_STATUS_FILTERS.map((value) => ({ value, label: STATUS_LABELS[value] }))}
              w={160}
            />
          </Group>
        }
      />
      {canManageUsers && <PendingInvitations organizationId={organizationId} />}
    </AccessDashboard>
  );
}

function GroupChips({ groups }: { groups: User["groups"] }) {
  if (groups.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No groups
      </Text>
    );
  }
  const shown = groups.slice(0, 2);
  const rest = groups.slice(2);
  return (
    <Stack gap={4} align="flex-start">
      <Group gap={4}>
        {shown.map((group) => (
          <Badge key={group.id} variant="outline" color="gray" tt="none" fw={500}>
            {group.name}
          </Badge>
        ))}
        {rest.length > 0 && (
          <Tooltip label={rest.map((g) => g.name).join(", ")} multiline maw={280}>
            <Badge variant="light" color="gray" tt="none">
              +{rest.length}
            </Badge>
          </Tooltip>
        )}
      </Group>
    </Stack>
  );
}

export const UsersPage = gated(UsersScreen);
