import {
  ActionIcon,
  Badge,
  Button,
  EmptyState,
  Group as MantineGroup,
  Menu,
  Paper,
  Skeleton,
  Stack,
  Text,
  Tooltip,
  VisuallyHidden,
} from "@mantine/core";
import { GROUP_MESSAGES, type Group, groupRoutes } from "@signet/contract";
import { IconChevronDown, IconChevronRight, IconDots, IconFolder, IconPlus, IconUsers } from "@tabler/icons-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useMemo, useState } from "react";
import { api } from "../../../api/client.ts";
import { ButtonLink } from "../../../components/links.tsx";
import { toastSuccess } from "../../../components/toast.ts";
import { useHasPermission } from "../../../session/permissions.ts";
import { AccessDashboard, gated } from "../AccessDashboard.tsx";
import classes from "../access.module.css";
import { accessQueries, refreshAccess } from "../access-queries.ts";
import { ConfirmAction } from "../ConfirmAction.tsx";
import { MoveGroupModal } from "./MoveGroupModal.tsx";
import { RoleBadge } from "./RoleBadge.tsx";
import { parentIds, type TreeRow, treeRows } from "./tree-rows.ts";

/** Spec §2 '/groups': the group tree (only what the user may view), with the group actions. */
function GroupsScreen({ organizationId }: { organizationId: string }) {
  const queryClient = useQueryClient();
  const canManageGroups = useHasPermission("MANAGE_GROUPS");
  const list = useQuery(accessQueries.groups(organizationId));
  const [collapsed, setCollapsed] = useState<Set<string>>(new Set());
  const [moving, setMoving] = useState<Group | null>(null);
  const [deleting, setDeleting] = useState<Group | null>(null);
  const groups = list.data?.records;
  const rows = useMemo(() => (groups ? treeRows(groups, collapsed) : []), [groups, collapsed]);

  const toggle = (id: string) =>
    setCollapsed((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <AccessDashboard
      organizationId={organizationId}
      tab="groups"
      actions={
        canManageGroups && (
          <ButtonLink
            to="/organizations/$organizationId/groups/new"
            params={{ organizationId }}
            leftSection={<IconPlus size={16} />}
          >
            Add group
          </ButtonLink>
        )
      }
    >
      <Paper withBorder>
        <MantineGroup justify="space-between" className={classes.toolbar}>
          <Text size="sm" c="dimmed">
            {groups ? `${groups.length} ${groups.length === 1 ? "group" : "groups"}` : "Loading groups…"} · roles
            granted in a group also apply in its sub-groups
          </Text>
          <MantineGroup gap="xs">
            <Button variant="subtle" size="compact-sm" color="gray" onClick={() => setCollapsed(new Set())}>
              Expand all
            </Button>
            <Button
              variant="subtle"
              size="compact-sm"
              color="gray"
              onClick={() => setCollapsed(parentIds(groups ?? []))}
            >
              Collapse all
            </Button>
          </MantineGroup>
        </MantineGroup>
        {groups === undefined ? (
          <Stack p="md" gap="sm">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} height={28} radius="sm" />
            ))}
          </Stack>
        ) : groups.length === 0 ? (
          <EmptyState
            py="xl"
            icon={<IconFolder size={26} />}
            variant="light"
            title="No groups"
            description="Groups gather users and the roles they hold. Add the first group to get started."
          />
        ) : (
          <div role="tree" aria-label="Groups">
            {rows.map((row) => (
              <GroupTreeRow
                key={row.group.id}
                row={row}
                organizationId={organizationId}
                onToggle={() => toggle(row.group.id)}
                onMove={() => setMoving(row.group)}
                onDelete={() => setDeleting(row.group)}
              />
            ))}
          </div>
        )}
      </Paper>
      <MoveGroupModal organizationId={organizationId} group={moving} onClose={() => setMoving(null)} />
      <ConfirmAction
        opened={deleting !== null}
        title={deleting ? `${GROUP_MESSAGES.deleteGroupTitle} ${deleting.name}` : GROUP_MESSAGES.deleteGroupTitle}
        message={GROUP_MESSAGES.deleteGroupConfirm}
        confirmLabel="Delete"
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await api(groupRoutes.deleteGroup, {
              params: { orgId: organizationId, groupId: deleting.id },
              query: { version: deleting.version },
            });
            toastSuccess(GROUP_MESSAGES.groupDeleted);
          } finally {
            await refreshAccess(queryClient, organizationId);
          }
        }}
      />
    </AccessDashboard>
  );
}

function GroupTreeRow({
  row,
  organizationId,
  onToggle,
  onMove,
  onDelete,
}: {
  row: TreeRow<Group>;
  organizationId: string;
  onToggle: () => void;
  onMove: () => void;
  onDelete: () => void;
}) {
  const navigate = useNavigate();
  const { group } = row;
  const manageHint = group.canManage ? null : "Requires the Manage groups permission in this group";
  const membersHref = {
    to: "/organizations/$organizationId/groups/$groupId/members",
    params: { organizationId, groupId: group.id },
  } as const;

  return (
    <div
      role="treeitem"
      aria-level={row.depth + 1}
      aria-expanded={row.hasChildren ? row.expanded : undefined}
      aria-selected={false}
      tabIndex={0}
      onKeyDown={(event) => {
        if (event.target !== event.currentTarget) return;
        const sibling = (next: boolean) => {
          const items = [...document.querySelectorAll<HTMLElement>('[role="treeitem"]')];
          const index = items.indexOf(event.currentTarget);
          items[index + (next ? 1 : -1)]?.focus();
        };
        if (event.key === "ArrowDown") sibling(true);
        else if (event.key === "ArrowUp") sibling(false);
        else if (event.key === "ArrowRight" && row.hasChildren && !row.expanded) onToggle();
        else if (event.key === "ArrowLeft" && row.hasChildren && row.expanded) onToggle();
        else if (event.key === "Enter") void navigate(membersHref);
        else return;
        event.preventDefault();
      }}
      className={classes.treeRow}
      style={{ paddingLeft: `calc(var(--mantine-spacing-md) + ${row.depth * 28}px)` }}
    >
      {row.hasChildren ? (
        <button
          type="button"
          className={classes.treeToggle}
          onClick={onToggle}
          aria-label={`${row.expanded ? "Collapse" : "Expand"} ${group.name}`}
          style={{ border: 0, background: "none", cursor: "pointer" }}
        >
          {row.expanded ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
        </button>
      ) : (
        <span className={classes.treeToggle} />
      )}
      <IconFolder size={18} color="var(--mantine-color-indigo-6)" />
      <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
        <MantineGroup gap="xs" wrap="wrap">
          <Text
            component="a"
            href={`/organizations/${organizationId}/groups/${group.id}/members`}
            onClick={(event) => {
              event.preventDefault();
              void navigate(membersHref);
            }}
            className={classes.treeName}
            size="sm"
          >
            {group.name}
          </Text>
          {group.roles.map((role) => (
            <RoleBadge key={role.id} name={role.name} color={role.roleColor} />
          ))}
        </MantineGroup>
        {group.description && (
          <Text size="xs" c="dimmed" lineClamp={1}>
            {group.description}
          </Text>
        )}
      </Stack>
      <Tooltip label="Direct members of this group">
        <Badge variant="light" color="gray" leftSection={<IconUsers size={12} />} tt="none" style={{ flex: "none" }}>
          {group.memberCount}
          <VisuallyHidden>{group.memberCount === 1 ? " member" : " members"}</VisuallyHidden>
        </Badge>
      </Tooltip>
      <Button variant="default" size="compact-sm" onClick={() => void navigate(membersHref)}>
        Members
      </Button>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${group.name}`}>
            <IconDots size={16} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{group.name}</Menu.Label>
          <MenuItemWithHint
            hint={manageHint}
            label="Add sub-group"
            onClick={() =>
              void navigate({
                to: "/organizations/$organizationId/groups/new/$parentGroupId",
                params: { organizationId, parentGroupId: group.id },
              })
            }
          />
          <MenuItemWithHint
            hint={manageHint}
            label="Edit group"
            onClick={() =>
              void navigate({
                to: "/organizations/$organizationId/groups/$groupId/edit",
                params: { organizationId, groupId: group.id },
              })
            }
          />
          <MenuItemWithHint hint={manageHint} label="Move group" onClick={onMove} />
          <Menu.Divider />
          <MenuItemWithHint
            hint={manageHint ?? (group.hasChildren ? GROUP_MESSAGES.hasSubGroups : null)}
            label="Delete group"
            color="red"
            onClick={onDelete}
            // The server refuses too: the hint only saves a round trip.
            disabled={!group.canManage}
          />
        </Menu.Dropdown>
      </Menu>
    </div>
  );
}

function MenuItemWithHint({
  hint,
  label,
  color,
  disabled,
  onClick,
}: {
  hint: string | null;
  label: string;
  color?: string;
  disabled?: boolean;
  onClick: () => void;
}) {
  const item = (
    <Menu.Item color={color} disabled={disabled ?? hint !== null} onClick={onClick}>
      {label}
    </Menu.Item>
  );
  if (!hint) return item;
  return (
    <Tooltip label={hint} position="left" multiline maw={260}>
      <div>{item}</div>
    </Tooltip>
  );
}

export const GroupsPage = gated(GroupsScreen);
