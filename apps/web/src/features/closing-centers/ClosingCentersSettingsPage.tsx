import { zodResolver } from "@hookform/resolvers/zod";
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  EmptyState,
  Group,
  Menu,
  Modal,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import {
  CLOSING_CENTER_KIND_LABELS,
  CLOSING_CENTER_MESSAGES,
  type ClosingCenter,
  type ClosingCenterMember,
  closingCenterRoutes,
  formatPhone,
  inviteClosingCenterMemberSchema,
} from "@signet/contract";
import {
  IconBuildingEstate,
  IconDots,
  IconPlayerPause,
  IconPlayerPlay,
  IconPlus,
  IconTrash,
  IconUserPlus,
} from "@tabler/icons-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { type Path, useForm } from "react-hook-form";
import type { z } from "zod";
import { ApiError, errorMessage } from "../../api/api-error.ts";
import { api } from "../../api/client.ts";
import { openConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { FormError } from "../../components/FormError.tsx";
import { toastError, toastSuccess } from "../../components/toast.ts";
import { useHasPermission } from "../../session/permissions.ts";
import { formatDateTime } from "../access/format.ts";
import { showServerError } from "../../kit/server-errors.ts";
import { EditToggleDeleteMenu, GuardedButton, GuardedMenuItem } from "../settings/webhooks/GuardedControls.tsx";
import { ClosingCenterFormModal } from "./ClosingCenterFormModal.tsx";
import { addressText, grantsText } from "./closing-center-format.ts";
import { closingCenterQueries, refreshClosingCenters } from "./closing-center-queries.ts";

export const MANAGE_CENTERS_REASON = "You need the Manage admin settings permission to change closing centers";
export const MANAGE_CENTER_USERS_REASON =
  "You need the Manage users permission to invite or change closing-center users";

const MEMBER_STATUS: Record<ClosingCenterMember["status"], { label: string; color: string }> = {
  ACTIVE: { label: "Active", color: "teal" },
  INVITED: { label: "Invited", color: "blue" },
  DISABLED: { label: "Disabled", color: "gray" },
};

/**
 * Settings › Closing centers (issue 16 §3): the settlement and title agents packages are shared
 * with, what a share grants by default, and their users. Read-only without the manage permissions.
 */
export function ClosingCentersSettingsPage({ organizationId }: { organizationId: string }) {
  const canManage = useHasPermission("MANAGE_ADMIN_SETTINGS");
  const canManageUsers = useHasPermission("MANAGE_USERS");
  const reason = canManage ? null : MANAGE_CENTERS_REASON;
  const centers = useQuery(closingCenterQueries.list(organizationId));
  const [editing, setEditing] = useState<{ center: ClosingCenter | null } | null>(null);
  const add = () => setEditing({ center: null });
  const records = centers.data?.records ?? [];

  let body: ReactNode;
  if (centers.isPending) {
    body = (
      <Stack gap="sm" role="status" aria-busy="true" aria-label="Loading the closing centers">
        <Skeleton height={140} radius="md" />
        <Skeleton height={140} radius="md" />
      </Stack>
    );
  } else if (centers.error) {
    const featureOff = centers.error instanceof ApiError && centers.error.status === 409;
    body = (
      <Alert color={featureOff ? "gray" : "red"} title={featureOff ? "Closing Center is off" : "Not loaded"}>
        {errorMessage(centers.error)}
      </Alert>
    );
  } else if (records.length === 0) {
    body = (
      <Paper withBorder p="lg">
        <EmptyState
          icon={<IconBuildingEstate size={26} aria-hidden />}
          variant="light"
          title="No closing centers yet"
          description="Add the settlement or title agents you close loans with; then invite their people and share packages with them."
        >
          <GuardedButton leftSection={<IconPlus size={16} aria-hidden />} reason={reason} onClick={add}>
            Add closing center
          </GuardedButton>
        </EmptyState>
      </Paper>
    );
  } else {
    body = (
      <Stack gap="md">
        {records.map((center) => (
          <ClosingCenterCard
            key={center.id}
            organizationId={organizationId}
            center={center}
            reason={reason}
            usersReason={canManageUsers ? null : MANAGE_CENTER_USERS_REASON}
            onEdit={() => setEditing({ center })}
          />
        ))}
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <div style={{ flex: "1 1 260px" }}>
          <Title order={2} fz="lg">
            Closing centers
          </Title>
          <Text size="sm" c="dimmed">
            Settlement and title agents. Their users see only the packages shared with their closing center, and do only
            what each share allows.
          </Text>
        </div>
        {records.length > 0 && (
          <GuardedButton leftSection={<IconPlus size={16} aria-hidden />} reason={reason} onClick={add}>
            Add closing center
          </GuardedButton>
        )}
      </Group>
      {body}
      <ClosingCenterFormModal
        organizationId={organizationId}
        center={editing?.center ?? null}
        opened={editing !== null}
        onClose={() => setEditing(null)}
      />
    </Stack>
  );
}

function ClosingCenterCard({
  organizationId,
  center,
  reason,
  usersReason,
  onEdit,
}: {
  organizationId: string;
  center: ClosingCenter;
  reason: string | null;
  usersReason: string | null;
  onEdit: () => void;
}) {
  const client = useQueryClient();
  const [inviting, setInviting] = useState(false);
  const params = { orgId: organizationId, closingCenterId: center.id };
  const titleId = `closing-center-${center.id}`;
  const address = addressText(center);
  const contact = [center.contactEmail, center.contactPhone ? formatPhone(center.contactPhone) : null]
    .filter(Boolean)
    .join(" · ");

  const setEnabled = async (enabled: boolean) => {
    if (!enabled) {
      const confirmed = await openConfirmDialog({
        title: "Disable closing center",
        message: `Disable ${center.name}? Its users stop seeing the ${center.sharedPackageCount} packages shared with it until you enable it again.`,
        confirmLabel: "Disable",
        confirmColor: "red",
      });
      if (!confirmed) return;
    }
    try {
      await api(closingCenterRoutes.updateClosingCenter, {
        params,
        body: { version: center.version, enabled },
        passThrough: true,
      });
      toastSuccess(CLOSING_CENTER_MESSAGES.updated);
    } catch (error) {
      toastError(errorMessage(error));
    } finally {
      await refreshClosingCenters(client, organizationId);
    }
  };

  const remove = async () => {
    const confirmed = await openConfirmDialog({
      title: "Delete closing center",
      message: `Delete ${center.name}? Its users lose every package shared with it. This cannot be undone.`,
      confirmLabel: "Delete",
      confirmColor: "red",
    });
    if (!confirmed) return;
    try {
      await api(closingCenterRoutes.deleteClosingCenter, {
        params,
        query: { version: center.version },
        passThrough: true,
      });
      toastSuccess(CLOSING_CENTER_MESSAGES.deleted);
    } catch (error) {
      toastError(errorMessage(error));
    } finally {
      await refreshClosingCenters(client, organizationId);
    }
  };

  return (
    <Paper withBorder p="lg" component="section" aria-labelledby={titleId}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <div style={{ minWidth: 0 }}>
            <Group gap="xs" wrap="wrap">
              <Title order={3} fz="md" id={titleId}>
                {center.name}
              </Title>
              <Badge variant="light" color={center.enabled ? "teal" : "gray"}>
                {center.enabled ? "Enabled" : "Disabled"}
              </Badge>
            </Group>
            <Text size="sm" c="dimmed">
              {CLOSING_CENTER_KIND_LABELS[center.kind]} · {center.sharedPackageCount}{" "}
              {center.sharedPackageCount === 1 ? "package" : "packages"} shared
            </Text>
            {contact && <Text size="sm">{contact}</Text>}
            {address && <Text size="sm">{address}</Text>}
            <Text size="sm" mt={4}>
              <Text span fw={500}>
                Shares allow:
              </Text>{" "}
              {grantsText(center.defaultPermissions)}
            </Text>
          </div>
          <EditToggleDeleteMenu
            name={center.name}
            reason={reason}
            enabled={center.enabled}
            onEdit={onEdit}
            onSetEnabled={(enabled) => void setEnabled(enabled)}
            onDelete={() => void remove()}
          />
        </Group>
        <Group justify="space-between" align="center" gap="sm">
          <Title order={4} fz="sm">
            Users
          </Title>
          <GuardedButton
            size="xs"
            variant="light"
            leftSection={<IconUserPlus size={16} aria-hidden />}
            reason={usersReason}
            onClick={() => setInviting(true)}
            aria-label={`Invite user to ${center.name}`}
          >
            Invite user
          </GuardedButton>
        </Group>
        <MembersTable organizationId={organizationId} center={center} reason={usersReason} />
      </Stack>
      <InviteMemberModal
        organizationId={organizationId}
        center={center}
        opened={inviting}
        onClose={() => setInviting(false)}
      />
    </Paper>
  );
}

function MembersTable({
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
  if (members.isPending) return <Skeleton height={60} radius="sm" />;
  if (members.error) return <Alert color="red">{errorMessage(members.error)}</Alert>;
  const rows = members.data.records;
  if (rows.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No users yet. Invite the people of {center.name} who work on your packages.
      </Text>
    );
  }

  const params = (member: ClosingCenterMember) => ({
    orgId: organizationId,
    closingCenterId: center.id,
    memberId: member.id,
  });
  const setEnabled = async (member: ClosingCenterMember, enabled: boolean) => {
    try {
      await api(closingCenterRoutes.updateClosingCenterMember, {
        params: params(member),
        body: { version: member.version, enabled },
        passThrough: true,
      });
      toastSuccess(enabled ? `${member.email} enabled.` : `${member.email} disabled.`);
    } catch (error) {
      toastError(errorMessage(error));
    } finally {
      await refreshClosingCenters(client, organizationId);
    }
  };
  const remove = async (member: ClosingCenterMember) => {
    const confirmed = await openConfirmDialog({
      title: "Remove user",
      message: `Remove ${member.givenName} ${member.familyName} from ${center.name}? They no longer see any package of this organization.`,
      confirmLabel: "Remove",
      confirmColor: "red",
    });
    if (!confirmed) return;
    try {
      await api(closingCenterRoutes.removeClosingCenterMember, {
        params: params(member),
        query: { version: member.version },
        passThrough: true,
      });
      toastSuccess(`${member.email} removed.`);
    } catch (error) {
      toastError(errorMessage(error));
    } finally {
      await refreshClosingCenters(client, organizationId);
    }
  };

  return (
    <Table.ScrollContainer minWidth={0}>
      <Table aria-label={`Users of ${center.name}`} verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th visibleFrom="sm">Last sign-in</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((member) => (
            <Table.Tr key={member.id}>
              <Table.Td style={{ wordBreak: "break-word" }}>
                <Text size="sm">
                  {member.givenName} {member.familyName}
                </Text>
                <Text size="xs" c="dimmed">
                  {member.email}
                </Text>
              </Table.Td>
              <Table.Td visibleFrom="sm">{formatDateTime(member.lastSignInAt)}</Table.Td>
              <Table.Td>
                <Badge variant="light" color={MEMBER_STATUS[member.status].color}>
                  {MEMBER_STATUS[member.status].label}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Menu position="bottom-end" withinPortal>
                  <Menu.Target>
                    <ActionIcon
                      variant="subtle"
                      size={44}
                      aria-label={`Actions for ${member.givenName} ${member.familyName}`}
                    >
                      <IconDots size={18} aria-hidden />
                    </ActionIcon>
                  </Menu.Target>
                  <Menu.Dropdown>
                    {member.enabled ? (
                      <GuardedMenuItem
                        reason={reason}
                        icon={<IconPlayerPause size={16} aria-hidden />}
                        onClick={() => void setEnabled(member, false)}
                      >
                        Disable
                      </GuardedMenuItem>
                    ) : (
                      <GuardedMenuItem
                        reason={reason}
                        icon={<IconPlayerPlay size={16} aria-hidden />}
                        onClick={() => void setEnabled(member, true)}
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
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

type InviteInput = z.input<typeof inviteClosingCenterMemberSchema>;
const INVITE_FIELDS: Path<InviteInput>[] = ["email", "givenName", "familyName"];

function InviteMemberModal({
  organizationId,
  center,
  opened,
  onClose,
}: {
  organizationId: string;
  center: ClosingCenter;
  opened: boolean;
  onClose: () => void;
}) {
  const phone = useMediaQuery("(max-width: 48em)");
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={`Invite a user to ${center.name}`}
      centered
      fullScreen={phone}
      closeButtonProps={{ "aria-label": "Close" }}
    >
      {opened && <InviteMemberForm organizationId={organizationId} center={center} onDone={onClose} />}
    </Modal>
  );
}

function InviteMemberForm({
  organizationId,
  center,
  onDone,
}: {
  organizationId: string;
  center: ClosingCenter;
  onDone: () => void;
}) {
  const client = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<InviteInput>({
    resolver: zodResolver(inviteClosingCenterMemberSchema),
    mode: "onTouched",
    defaultValues: { email: "", givenName: "", familyName: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const member = await api(closingCenterRoutes.inviteClosingCenterMember, {
        params: { orgId: organizationId, closingCenterId: center.id },
        body: values,
        passThrough: true,
      });
      toastSuccess(
        member.status === "INVITED" ? CLOSING_CENTER_MESSAGES.invited : `${member.email} added to ${center.name}.`,
      );
      await refreshClosingCenters(client, organizationId);
      onDone();
    } catch (error) {
      setFormError(showServerError(error, { setError: form.setError, fields: INVITE_FIELDS, duplicateField: "email" }));
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label="Invite a closing-center user">
      <Stack gap="md">
        <FormError message={formError} />
        <Text size="sm" c="dimmed">
          They get an email to create their account. They hold no role in your organization: they see only the packages
          shared with {center.name}.
        </Text>
        <TextInput
          label="Email"
          type="email"
          required
          data-autofocus
          {...form.register("email")}
          error={errors.email?.message}
        />
        <TextInput label="First name" required {...form.register("givenName")} error={errors.givenName?.message} />
        <TextInput label="Last name" required {...form.register("familyName")} error={errors.familyName?.message} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" loading={isSubmitting}>
            Send invitation
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
