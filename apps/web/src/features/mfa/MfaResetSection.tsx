import { Button, Group, Paper, Stack, Text, Title, Tooltip } from "@mantine/core";
import { MFA_MESSAGES, mfaRoutes } from "@signet/contract";
import { useMutation } from "@tanstack/react-query";
import { ApiError, errorMessage } from "../../api/api-error.ts";
import { api } from "../../api/client.ts";
import { openConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { toastError, toastSuccess } from "../../components/toast.ts";
import { useHasPermission } from "../../session/permissions.ts";

/** A user's profile, seen by an administrator: reset the second factor of someone who lost it. */
export function MfaResetSection({
  organizationId,
  userId,
  name,
}: {
  organizationId: string;
  userId: string;
  name: string;
}) {
  const canManage = useHasPermission("MANAGE_USERS");
  const resetMfa = useMutation({
    mutationFn: () => api(mfaRoutes.resetUserMfa, { params: { orgId: organizationId, userId }, passThrough: true }),
    onSuccess: () => toastSuccess(MFA_MESSAGES.resetByAdministrator),
    onError: (error) => {
      if (!(error instanceof ApiError && error.handled)) toastError(errorMessage(error));
    },
  });

  const reset = async () => {
    const confirmed = await openConfirmDialog({
      type: "Warning",
      title: `Reset ${name}'s second factor`,
      message:
        "Their authenticator app, verified phone and recovery codes stop working. Do this only after checking who is asking, for example by calling them back.",
      confirmLabel: "Reset second factor",
      confirmColor: "red",
    });
    if (confirmed) resetMfa.mutate();
  };

  return (
    <Paper withBorder p="lg">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={4}>
          <Title order={3} fz="lg">
            Second factor
          </Title>
          <Text size="sm" c="dimmed">
            If {name} lost their phone and their recovery codes, reset their second factor: they sign in with their
            password and set up a new one.
          </Text>
        </Stack>
        <Tooltip label="You need the Manage users permission" disabled={canManage}>
          <Button variant="default" loading={resetMfa.isPending} disabled={!canManage} onClick={() => void reset()}>
            Reset second factor
          </Button>
        </Tooltip>
      </Group>
    </Paper>
  );
}
