import { Badge, Button, Code, Group, Paper, Stack, Text, Tooltip } from "@mantine/core";
import { API_CLIENT_MAX_ACTIVE_SECRETS, type ApiClient, type ApiClientSecret, apiClientRoutes } from "@signet/contract";
import { IconKey } from "@tabler/icons-react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ApiError, errorMessage } from "../../../api/api-error.ts";
import { api } from "../../../api/client.ts";
import { type Column, DataTable } from "../../../components/data-table/DataTable.tsx";
import { toastError, toastSuccess } from "../../../components/toast.ts";
import { refreshAccess } from "../access-queries.ts";
import { formatDateTime } from "../format.ts";
import type { PendingConfirmation as Pending } from "./pending-confirmation.ts";
import type { RevealedSecret } from "./SecretRevealModal.tsx";

function secretState(secret: ApiClientSecret): { label: string; color: string } {
  if (secret.revokedAt) return { label: "Revoked", color: "gray" };
  if (!secret.active) return { label: "Expired", color: "orange" };
  return { label: "Active", color: "teal" };
}

/** One client of an API user: enable, delete, and its secrets (add, revoke). */
export function ClientPanel({
  organizationId,
  apiUserId,
  client,
  canManage,
  onReveal,
  confirm,
}: {
  organizationId: string;
  apiUserId: string;
  client: ApiClient;
  canManage: boolean;
  onReveal: (secret: RevealedSecret) => void;
  confirm: (pending: Pending) => void;
}) {
  const queryClient = useQueryClient();
  const params = { orgId: organizationId, apiUserId, apiClientId: client.id };
  const activeSecrets = client.secrets.filter((secret) => secret.active).length;
  const canAddSecret = activeSecrets < API_CLIENT_MAX_ACTIVE_SECRETS;
  const refresh = () => refreshAccess(queryClient, organizationId);

  const addSecret = useMutation({
    mutationFn: () => api(apiClientRoutes.addApiClientSecret, { params, body: {} }),
    onSuccess: async (secret) => {
      await refresh();
      onReveal({ clientName: client.name, clientId: client.clientId, value: secret.value });
    },
    onError: (error) => {
      if (!(error instanceof ApiError && error.handled)) toastError(errorMessage(error));
    },
  });

  const revoke = (secret: ApiClientSecret) =>
    confirm({
      title: "Revoke secret",
      message: `Revoke the secret starting ${secret.prefix}? It and the tokens issued with it stop working at once.`,
      confirmLabel: "Revoke",
      run: async () => {
        await api(apiClientRoutes.revokeApiClientSecret, { params: { ...params, secretId: secret.id } });
        toastSuccess("Secret revoked.");
        await refresh();
      },
    });
  const columns: Column<ApiClientSecret>[] = [
    { key: "prefix", label: "Secret", render: (secret) => <Code>{secret.prefix}…</Code> },
    {
      key: "status",
      label: "Status",
      render: (secret) => {
        const state = secretState(secret);
        return (
          <Badge color={state.color} variant="light">
            {state.label}
          </Badge>
        );
      },
    },
    { key: "created", label: "Created", render: (secret) => formatDateTime(secret.createdAt) },
    { key: "lastUsed", label: "Last used", render: (secret) => formatDateTime(secret.lastUsedAt) },
    { key: "expires", label: "Expires", render: (secret) => formatDateTime(secret.expiresAt, "No expiry") },
    ...(canManage
      ? [
          {
            key: "actions",
            label: "Actions",
            labelHidden: true,
            render: (secret: ApiClientSecret) =>
              !secret.revokedAt && (
                <Button
                  size="compact-xs"
                  variant="subtle"
                  color="red"
                  aria-label={`Revoke secret ${secret.prefix}`}
                  onClick={() => revoke(secret)}
                >
                  Revoke
                </Button>
              ),
          },
        ]
      : []),
  ];

  return (
    <Paper withBorder p="md" radius="sm" bg="gray.0" aria-label={`Client ${client.name}`} component="article">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <div>
            <Group gap="xs">
              <Text fw={600}>{client.name}</Text>
              <Badge color={client.enabled ? "teal" : "gray"} variant="light">
                {client.enabled ? "Enabled" : "Disabled"}
              </Badge>
            </Group>
            <Text size="sm">
              Client ID <Code>{client.clientId}</Code>
            </Text>
            <Text size="xs" c="dimmed">
              Grant types: {client.grantTypes.join(", ") || "none"}
            </Text>
          </div>
          {canManage && (
            <Group gap="xs">
              <Tooltip
                label={`At most ${API_CLIENT_MAX_ACTIVE_SECRETS} active secrets: revoke one first`}
                disabled={canAddSecret}
              >
                <Button
                  size="xs"
                  variant="default"
                  leftSection={<IconKey size={14} />}
                  loading={addSecret.isPending}
                  disabled={!canAddSecret}
                  onClick={() => addSecret.mutate()}
                >
                  Add secret
                </Button>
              </Tooltip>
              <Button
                size="xs"
                variant="subtle"
                onClick={() =>
                  confirm({
                    title: client.enabled ? "Disable client" : "Enable client",
                    message: client.enabled
                      ? `Tokens of ${client.name} stop working at once.`
                      : `${client.name} may request tokens again.`,
                    confirmLabel: client.enabled ? "Disable" : "Enable",
                    run: async () => {
                      await api(apiClientRoutes.updateApiClient, {
                        params,
                        body: { version: client.version, enabled: !client.enabled },
                      });
                      toastSuccess(client.enabled ? `${client.name} disabled.` : `${client.name} enabled.`);
                      await refresh();
                    },
                  })
                }
              >
                {client.enabled ? "Disable" : "Enable"}
              </Button>
              <Button
                size="xs"
                variant="subtle"
                color="red"
                onClick={() =>
                  confirm({
                    title: "Delete client",
                    message: `Delete ${client.name}? Its secrets and tokens stop working at once.`,
                    confirmLabel: "Delete",
                    run: async () => {
                      await api(apiClientRoutes.deleteApiClient, { params, query: { version: client.version } });
                      toastSuccess(`${client.name} deleted.`);
                      await refresh();
                    },
                  })
                }
              >
                Delete
              </Button>
            </Group>
          )}
        </Group>
        <DataTable
          label={`Secrets of ${client.name}`}
          columns={columns}
          rows={client.secrets}
          rowKey={(secret) => secret.id}
          empty="No secrets."
          minWidth={560}
        />
      </Stack>
    </Paper>
  );
}
