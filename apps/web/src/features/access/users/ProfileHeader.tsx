import { Avatar, Button, Group, Paper, Text, Title, Tooltip } from "@mantine/core";
import { USER_MESSAGES, type User, userRoutes } from "@signet/contract";
import { IconKey, IconLock, IconLockOpen } from "@tabler/icons-react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ApiError, errorMessage } from "../../../api/api-error.ts";
import { api } from "../../../api/client.ts";
import { useSessionUser } from "../../../app/services-context.tsx";
import { openConfirmDialog } from "../../../components/ConfirmDialog.tsx";
import { toastError, toastSuccess } from "../../../components/toast.ts";
import { useHasPermission } from "../../../session/permissions.ts";
import { refreshAccess } from "../access-queries.ts";
import { fullName } from "../format.ts";
import { UserStatusBadges } from "./UserStatusBadges.tsx";

/** The profile's name and status with the account actions: unlock, password reset, (de)activate. */
export function ProfileHeader({ organizationId, user }: { organizationId: string; user: User }) {
  const me = useSessionUser();
  const queryClient = useQueryClient();
  const canManage = useHasPermission("MANAGE_USERS");
  const isMe = me?.uid === user.id;

  // one account action at a time: its kind marks the button that runs it, its answer is the toast
  const action = useMutation({
    mutationFn: ({ work }: { kind: "status" | "unlock" | "reset"; work: () => Promise<string> }) => work(),
    onSuccess: (message) => toastSuccess(message),
    onError: (error) => {
      if (!(error instanceof ApiError && error.handled)) toastError(errorMessage(error));
    },
    onSettled: () => refreshAccess(queryClient, organizationId),
  });
  const busy = action.isPending ? (action.variables?.kind ?? null) : null;
  const run = (kind: "status" | "unlock" | "reset", work: () => Promise<string>) =>
    action.mutateAsync({ kind, work }).catch(() => undefined);

  const changeStatus = async () => {
    const deactivate = user.enabled;
    const confirmed = await openConfirmDialog({
      type: deactivate ? "Warning" : "Confirm",
      title: deactivate ? `Deactivate ${fullName(user)}` : `Reactivate ${fullName(user)}`,
      message: deactivate
        ? "The user is signed out of this organization and cannot sign in to it until reactivated. Their groups and roles are kept."
        : "The user can sign in to this organization again with their groups and roles.",
      confirmLabel: deactivate ? "Deactivate" : "Reactivate",
      confirmColor: deactivate ? "red" : undefined,
    });
    if (!confirmed) return;
    await run("status", async () => {
      await api(userRoutes.updateUser, {
        params: { orgId: organizationId, userId: user.id },
        body: { version: user.version, enabled: !deactivate },
      });
      return deactivate ? USER_MESSAGES.userDeactivated : USER_MESSAGES.userReactivated;
    });
  };

  const unlock = () =>
    run("unlock", async () => {
      await api(userRoutes.updateUser, {
        params: { orgId: organizationId, userId: user.id },
        body: { version: user.version, unlock: true },
      });
      return USER_MESSAGES.userUnlocked;
    });

  const sendReset = async () => {
    const confirmed = await openConfirmDialog({
      title: "Send password reset",
      message: `Email ${user.email} a link to choose a new password?`,
      confirmLabel: "Send link",
    });
    if (!confirmed) return;
    await run("reset", async () => {
      await api(userRoutes.resetUserPassword, { params: { orgId: organizationId, userId: user.id } });
      return USER_MESSAGES.passwordResetSent;
    });
  };

  const noPermission = canManage ? null : "Requires the Manage users permission";
  return (
    <Paper withBorder p="lg">
      <Group justify="space-between" align="flex-start" gap="md">
        <Group gap="md" wrap="nowrap">
          <Avatar color="indigo" radius="xl" size={56}>
            {`${user.givenName.charAt(0)}${user.familyName.charAt(0)}`.toUpperCase()}
          </Avatar>
          <div>
            <Group gap="xs">
              <Title order={2} fz={22}>
                {fullName(user)}
              </Title>
              <UserStatusBadges user={user} />
            </Group>
            <Text c="dimmed" size="sm">
              {user.email}
            </Text>
          </div>
        </Group>
        <Group gap="xs">
          {user.locked && (
            <Tooltip label={noPermission} disabled={!noPermission}>
              <Button
                variant="default"
                leftSection={<IconLockOpen size={16} />}
                onClick={() => void unlock()}
                loading={busy === "unlock"}
                disabled={!canManage || busy !== null}
              >
                Unlock
              </Button>
            </Tooltip>
          )}
          <Tooltip label={noPermission} disabled={!noPermission}>
            <Button
              variant="default"
              leftSection={<IconKey size={16} />}
              onClick={() => void sendReset()}
              loading={busy === "reset"}
              disabled={!canManage || busy !== null || user.status === "INVITED"}
            >
              Send password reset
            </Button>
          </Tooltip>
          <Tooltip label={isMe ? USER_MESSAGES.cannotDeactivateSelf : noPermission} disabled={!isMe && !noPermission}>
            <Button
              variant={user.enabled ? "light" : "filled"}
              color={user.enabled ? "red" : undefined}
              leftSection={user.enabled ? <IconLock size={16} /> : <IconLockOpen size={16} />}
              onClick={() => void changeStatus()}
              loading={busy === "status"}
              disabled={!canManage || busy !== null || isMe}
            >
              {user.enabled ? "Deactivate" : "Reactivate"}
            </Button>
          </Tooltip>
        </Group>
      </Group>
    </Paper>
  );
}
