import { Badge, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { type ApiUser, apiClientRoutes } from "@signet/contract";
import { IconPlugConnected, IconRobot } from "@tabler/icons-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../api/client.ts";
import { Spinner } from "../../../components/Spinner.tsx";
import { toastSuccess } from "../../../components/toast.ts";
import { refreshAccess } from "../access-queries.ts";
import { apiClientQueries } from "./api-client-queries.ts";
import { ClientPanel } from "./ClientPanel.tsx";
import type { PendingConfirmation as Pending } from "./pending-confirmation.ts";
import type { RevealedSecret } from "./SecretRevealModal.tsx";

/** One API user: its state, groups and roles, and its clients. */
export function ApiUserCard({
  organizationId,
  apiUser,
  canManage,
  onAddClient,
  onReveal,
  confirm,
}: {
  organizationId: string;
  apiUser: ApiUser;
  canManage: boolean;
  onAddClient: () => void;
  onReveal: (secret: RevealedSecret) => void;
  confirm: (pending: Pending) => void;
}) {
  const queryClient = useQueryClient();
  const clients = useQuery(apiClientQueries.apiClients(organizationId, apiUser.id));
  const params = { orgId: organizationId, apiUserId: apiUser.id };
  const setEnabled = (enabled: boolean) =>
    confirm({
      title: enabled ? "Reactivate API user" : "Deactivate API user",
      message: enabled
        ? `${apiUser.name} may request tokens again.`
        : `${apiUser.name}'s tokens stop working at once and its clients can no longer get new ones.`,
      confirmLabel: enabled ? "Reactivate" : "Deactivate",
      run: async () => {
        await api(apiClientRoutes.updateApiUser, { params, body: { version: apiUser.version, enabled } });
        toastSuccess(enabled ? `${apiUser.name} reactivated.` : `${apiUser.name} deactivated.`);
        await refreshAccess(queryClient, organizationId);
      },
    });

  return (
    <Paper withBorder p="lg" component="section" aria-label={`API user ${apiUser.name}`}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <div>
            <Group gap="xs">
              <IconRobot size={18} aria-hidden />
              <Title order={2} fz="lg">
                {apiUser.name}
              </Title>
              <Badge color={apiUser.enabled ? "teal" : "gray"} variant="light">
                {apiUser.enabled ? "Active" : "Deactivated"}
              </Badge>
            </Group>
            {apiUser.description && (
              <Text size="sm" c="dimmed">
                {apiUser.description}
              </Text>
            )}
            <Text size="sm" c="dimmed">
              {apiUser.groups.length === 0
                ? "No group: it may do nothing until it holds a role."
                : apiUser.groups
                    .map((g) => `${g.name}: ${g.roles.map((r) => r.name).join(", ") || "no roles"}`)
                    .join(" · ")}
            </Text>
          </div>
          {canManage && (
            <Group gap="xs">
              <Button variant="default" leftSection={<IconPlugConnected size={16} />} onClick={onAddClient}>
                Add client
              </Button>
              <Button
                variant="subtle"
                color={apiUser.enabled ? "red" : "teal"}
                onClick={() => setEnabled(!apiUser.enabled)}
              >
                {apiUser.enabled ? "Deactivate" : "Reactivate"}
              </Button>
            </Group>
          )}
        </Group>
        {clients.isPending ? (
          <Spinner />
        ) : (clients.data?.length ?? 0) === 0 ? (
          <Text size="sm" c="dimmed">
            No clients yet: add one to give this API user credentials.
          </Text>
        ) : (
          clients.data?.map((client) => (
            <ClientPanel
              key={client.id}
              organizationId={organizationId}
              apiUserId={apiUser.id}
              client={client}
              canManage={canManage}
              onReveal={onReveal}
              confirm={confirm}
            />
          ))
        )}
      </Stack>
    </Paper>
  );
}
