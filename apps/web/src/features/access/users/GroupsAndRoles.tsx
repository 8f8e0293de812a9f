import { Group, Paper, Stack, Text, Title } from "@mantine/core";
import type { MembershipGroup } from "@signet/contract";
import { useQuery } from "@tanstack/react-query";
import { errorMessage } from "../../../api/api-error.ts";
import { type Column, DataTable } from "../../../components/data-table/DataTable.tsx";
import { AnchorLink } from "../../../components/links.tsx";
import { accessQueries } from "../access-queries.ts";
import { RoleBadge } from "../groups/RoleBadge.tsx";

/** The user's groups with own and inherited roles (spec §3: roles granted in a group apply in its sub-groups). */
export function GroupsAndRoles({ organizationId, userId }: { organizationId: string; userId: string }) {
  const membership = useQuery(accessQueries.membership(organizationId, userId, true));
  const groups = membership.data?.groups ?? [];
  const columns: Column<MembershipGroup>[] = [
    {
      key: "group",
      label: "Group",
      width: "35%",
      render: (group) => (
        <>
          <AnchorLink
            to="/organizations/$organizationId/groups/$groupId/members"
            params={{ organizationId, groupId: group.groupId }}
            fw={600}
          >
            {group.name}
          </AnchorLink>
          {!group.member && (
            <Text size="xs" c="dimmed">
              Not a member here: roles inherited
            </Text>
          )}
        </>
      ),
    },
    {
      key: "roles",
      label: "Roles",
      render: (group) => (
        <Group gap={6}>
          {group.roles.length === 0 && (
            <Text size="sm" c="dimmed">
              No roles
            </Text>
          )}
          {group.roles.map((role) => (
            <RoleBadge
              key={`${role.id}-${role.inherited}`}
              name={role.name}
              color={role.roleColor}
              inherited={role.inherited}
              inheritedFrom={role.inherited ? grantedIn(groups, group.groupId, role.id) : null}
            />
          ))}
        </Group>
      ),
    },
  ];
  return (
    <Paper withBorder>
      <Stack gap={2} px="lg" pt="lg" pb="sm">
        <Title order={3} fz="lg">
          Groups and roles
        </Title>
        <Text size="sm" c="dimmed">
          Roles granted in a group also apply in its sub-groups, where they are marked inherited.
        </Text>
      </Stack>
      <DataTable
        label="Groups and roles"
        columns={columns}
        rows={membership.data?.groups}
        rowKey={(group) => group.groupId}
        empty="Not in any group yet. Add the user to a group from the group's members page."
        error={membership.error ? errorMessage(membership.error) : null}
        framed={false}
      />
    </Paper>
  );
}

/** The nearest ancestor group where the role was granted (where an inherited role is managed). */
export function grantedIn(groups: readonly MembershipGroup[], groupId: string, roleId: string): string | null {
  const byId = new Map(groups.map((g) => [g.groupId, g]));
  let current = byId.get(groupId);
  for (let depth = 0; current?.parentId && depth < 256; depth += 1) {
    const parent = byId.get(current.parentId);
    if (!parent) return null;
    if (parent.roles.some((role) => role.id === roleId && !role.inherited)) return parent.name;
    current = parent;
  }
  return null;
}
