import { ActionIcon, Badge, Group, Menu, Paper, Skeleton, Stack, Text, Title } from "@mantine/core";
import { INVITATION_MESSAGES, invitationRoutes, type PendingUserInvitation } from "@signet/contract";
import { IconDots, IconMail, IconTrash } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { errorMessage } from "../../../api/api-error.ts";
import { api } from "../../../api/client.ts";
import { type Column, DataTable } from "../../../components/data-table/DataTable.tsx";
import { toastError, toastSuccess } from "../../../components/toast.ts";
import { accessQueries, refreshAccess } from "../access-queries.ts";
import { ConfirmAction } from "../ConfirmAction.tsx";
import { formatDate, fullName } from "../format.ts";

function statusBadge(invitation: PendingUserInvitation) {
  if (Date.parse(invitation.expiresAt) <= Date.now())
    return (
      <Badge variant="light" color="gray">
        Link expired
      </Badge>
    );
  if (invitation.status === "REGISTERED")
    return (
      <Badge variant="light" color="yellow">
        Awaiting verification code
      </Badge>
    );
  // someone with an account: a member only once they accept (issue 30 §1)
  if (invitation.kind === "MEMBERSHIP")
    return (
      <Badge variant="light" color="grape">
        Invited: has an account, not accepted yet
      </Badge>
    );
  return (
    <Badge variant="light" color="blue">
      Invitation sent
    </Badge>
  );
}

/**
 * Invited people who have not created their account yet, or have one and not accepted yet
 * (MANAGE_USERS, like inviting): resend the
 * email with a fresh link, or revoke the invitation. Shown under the users table when there are any.
 */
export function PendingInvitations({ organizationId }: { organizationId: string }) {
  const queryClient = useQueryClient();
  const list = useQuery(accessQueries.invitations(organizationId));
  const [revoking, setRevoking] = useState<PendingUserInvitation | null>(null);
  const resend = useMutation({
    mutationFn: (invitation: PendingUserInvitation) =>
      api(invitationRoutes.resendUserInvitation, { params: { orgId: organizationId, invitationId: invitation.id } }),
    onSuccess: (_sent, invitation) =>
      toastSuccess(`Invitation sent again to ${invitation.email}. The earlier link no longer works.`),
    onError: (error) => toastError(errorMessage(error)),
    onSettled: () => refreshAccess(queryClient, organizationId),
  });

  const columns: Column<PendingUserInvitation>[] = [
    {
      key: "name",
      label: "Name",
      render: (invitation) => (
        <Text size="sm" fw={600}>
          {fullName(invitation)}
        </Text>
      ),
    },
    { key: "email", label: "Email", render: (invitation) => <Text size="sm">{invitation.email}</Text> },
    { key: "status", label: "Status", render: statusBadge },
    {
      key: "joins",
      label: "Joins",
      render: (invitation) => (
        <Text size="sm" c={invitation.groupName ? undefined : "dimmed"}>
          {invitation.groupName
            ? `${invitation.groupName}${invitation.roleNames.length ? ` as ${invitation.roleNames.join(", ")}` : ""}`
            : "No group"}
        </Text>
      ),
    },
    {
      key: "invited",
      label: "Invited",
      render: (invitation) => (
        <Text size="sm">
          {formatDate(invitation.createdAt)}
          {invitation.invitedByName ? ` by ${invitation.invitedByName}` : ""}
        </Text>
      ),
    },
    {
      key: "actions",
      label: "Actions",
      align: "right",
      render: (invitation) => (
        <Group justify="flex-end" wrap="nowrap">
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={`Actions for the invitation of ${invitation.email}`}
                loading={resend.isPending && resend.variables?.id === invitation.id}
              >
                <IconDots size={16} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item leftSection={<IconMail size={16} />} onClick={() => resend.mutate(invitation)}>
                Resend invitation
              </Menu.Item>
              <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => setRevoking(invitation)}>
                Revoke invitation
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
      ),
    },
  ];

  if (list.isPending) {
    return (
      <Paper withBorder p="lg" aria-busy>
        <Skeleton height={20} width={200} mb="md" />
        <Skeleton height={36} />
      </Paper>
    );
  }
  if (list.isError) {
    return (
      <Paper withBorder p="lg">
        <Text c="red" size="sm">
          Pending invitations could not be loaded: {errorMessage(list.error)} Reload the page to try again.
        </Text>
      </Paper>
    );
  }
  const records = list.data.records;
  if (records.length === 0) return null;

  return (
    <Paper withBorder p="lg">
      <Stack gap="md">
        <div>
          <Title order={2} fz="lg">
            Pending invitations{" "}
            <Text span c="dimmed" fz="sm" fw={400}>
              ({list.data.count})
            </Text>
          </Title>
          <Text size="sm" c="dimmed">
            Invited people who have not created their account yet, or who have an account and have not accepted yet.
          </Text>
        </div>
        <DataTable
          label="Pending invitations"
          columns={columns}
          rows={records}
          rowKey={(invitation) => invitation.id}
          empty="No pending invitations."
          framed={false}
        />
      </Stack>
      <ConfirmAction
        opened={revoking !== null}
        title={INVITATION_MESSAGES.revokeInvitationTitle}
        message={revoking ? `${INVITATION_MESSAGES.revokeInvitationConfirm} (${revoking.email})` : ""}
        confirmLabel="Revoke invitation"
        onConfirm={async () => {
          if (!revoking) return;
          await api(invitationRoutes.revokeUserInvitation, {
            params: { orgId: organizationId, invitationId: revoking.id },
          });
          toastSuccess(INVITATION_MESSAGES.invitationRevoked);
          await refreshAccess(queryClient, organizationId);
        }}
        onClose={() => setRevoking(null)}
      />
    </Paper>
  );
}
