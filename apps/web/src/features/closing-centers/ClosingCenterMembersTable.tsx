import { ActionIcon, Badge, Menu, Text } from "@mantine/core";
import { type ClosingCenter, type ClosingCenterMember, closingCenterRoutes } from "@signet/contract";
import { IconDots, IconPlayerPause, IconPlayerPlay, IconTrash } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { errorMessage } from "../../api/api-error.ts";
import { api } from "../../api/client.ts";
import { openConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { type Column, DataTable } from "../../components/data-table/DataTable.tsx";
import { toastError, toastSuccess } from "../../components/toast.ts";
import { formatDateTime } from "../access/format.ts";
import { GuardedMenuItem } from "../settings/webhooks/GuardedControls.tsx";
import { closingCenterQueries, refreshClosingCenters } from "./closing-center-queries.ts";

const MEMBER_STATUS: Record<ClosingCenterMember["status"], { label: string; color: string }> = {
  ACTIVE: { label: "Active", color: "teal" },
  INVITED: { label: "Invited", color: "blue" },
  DISABLED: { label: "Disabled", color: "gray" },
};

/** A closing center's users: enable, disable, remove. */
export function ClosingCenterMembersTable({
  organizationId,
  center,
  reason,
}: {
  organizationId: string;
  center: ClosingCenter;
  reason: string | null;
}) {
  const client = useQueryClient();
  const members = useQuery(closingCenterQueries.members(organizationId, center.id));
  const params = (member: ClosingCenterMember) => ({
    orgId: organizationId,
    closingCenterId: center.id,
    memberId: member.id,
  });
  const refresh = () => refreshClosingCenters(client, organizationId);
  const showFailure = (error: unknown) => toastError(errorMessage(error));

  const setEnabled = useMutation({
    mutationFn: ({ member, enabled }: { member: ClosingCenterMember; enabled: boolean }) =>
      api(closingCenterRoutes.updateClosingCenterMember, {
        params: params(member),
        body: { version: member.version, enabled },
        passThrough: true,
      }),
    onSuccess: (_saved, { member, enabled }) =>
      toastSuccess(enabled ? `${member.email} enabled.` : `${member.email} disabled.`),
    onError: showFailure,
    onSettled: refresh,
  });
  const removal = useMutation({
    mutationFn: (member: ClosingCenterMember) =>
      api(closingCenterRoutes.removeClosingCenterMember, {
        params: params(member),
        query: { version: member.version },
        passThrough: true,
      }),
    onSuccess: (_removed, member) => toastSuccess(`${member.email} removed.`),
    onError: showFailure,
    onSettled: refresh,
  });
  const remove = async (member: ClosingCenterMember) => {
    const confirmed = await openConfirmDialog({
      title: "Remove user",
      message: `Remove ${member.givenName} ${member.familyName} from ${center.name}? They no longer see any package of this organization.`,
      confirmLabel: "Remove",
      confirmColor: "red",
    });
    if (confirmed) removal.mutate(member);
  };

  const columns: Column<ClosingCenterMember>[] = [
    {
      key: "name",
      label: "Name",
      render: (member) => (
        <div style={{ wordBreak: "break-word" }}>
          <Text size="sm">
            {member.givenName} {member.familyName}
          </Text>
          <Text size="xs" c="dimmed">
            {member.email}
          </Text>
        </div>
      ),
    },
    { key: "lastSignIn", label: "Last sign-in", render: (member) => formatDateTime(member.lastSignInAt) },
    {
      key: "status",
      label: "Status",
      render: (member) => (
        <Badge variant="light" color={MEMBER_STATUS[member.status].color}>
          {MEMBER_STATUS[member.status].label}
        </Badge>
      ),
    },
    {
      key: "actions",
      label: "Actions",
      labelHidden: true,
      render: (member) => (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" size={44} aria-label={`Actions for ${member.givenName} ${member.familyName}`}>
              <IconDots size={18} aria-hidden />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            {member.enabled ? (
              <GuardedMenuItem
                reason={reason}
                icon={<IconPlayerPause size={16} aria-hidden />}
                onClick={() => setEnabled.mutate({ member, enabled: false })}
              >
                Disable
              </GuardedMenuItem>
            ) : (
              <GuardedMenuItem
                reason={reason}
                icon={<IconPlayerPlay size={16} aria-hidden />}
                onClick={() => setEnabled.mutate({ member, enabled: true })}
              >
                Enable
              </GuardedMenuItem>
            )}
            <GuardedMenuItem
              reason={reason}
              icon={<IconTrash size={16} aria-hidden />}
              color="red"
              onClick={() => void remove(member)}
            >
              Remove
            </GuardedMenuItem>
          </Menu.Dropdown>
        </Menu>
      ),
    },
  ];

  return (
    <DataTable
      label={`Users of ${center.name}`}
      columns={columns}
      rows={members.data?.records}
      rowKey={(member) => member.id}
      empty={`No users yet. Invite the people of ${center.name} who work on your packages.`}
      error={members.error ? errorMessage(members.error) : null}
      minWidth={0}
      framed={false}
    />
  );
}
