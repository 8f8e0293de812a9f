import { Badge, Button, Code, EmptyState, Group, Paper, Stack, Table, Text, Title, Tooltip } from "@mantine/core";
import {
  API_CLIENT_MAX_ACTIVE_SECRETS,
  type ApiClient,
  type ApiClientSecret,
  type ApiUser,
  apiClientRoutes,
} from "@signet/contract";
import { IconKey, IconPlugConnected, IconPlus, IconRobot } from "@tabler/icons-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { api } from "../../../api/client.ts";
import { Spinner } from "../../../components/Spinner.tsx";
import { toastSuccess } from "../../../components/toast.ts";
import { useHasPermission } from "../../../session/permissions.ts";
import { AccessDashboard, gated } from "../AccessDashboard.tsx";
import { refreshAccess } from "../access-queries.ts";
import { ConfirmAction } from "../ConfirmAction.tsx";
import { formatDateTime } from "../format.ts";
import { apiClientQueries } from "./api-client-queries.ts";
import { CreateApiClientModal } from "./CreateApiClientModal.tsx";
import { CreateApiUserModal } from "./CreateApiUserModal.tsx";
import { type RevealedSecret, SecretRevealModal } from "./SecretRevealModal.tsx";

/** A pending confirmation: what it says and what it does. */
interface Pending {
  title: string;
  message: string;
  confirmLabel: string;
  run: () => Promise<void>;
}

/**
 * Issue 12 §1: the organization's API users (systems that call the API with roles like a person) and
 * their clients' credentials: create, rotate a secret without downtime, revoke, disable, delete.
 */
function ApiClientsScreen({ organizationId }: { organizationId: string }) {
  const canManage = useHasPermission("MANAGE_USERS");
  const apiUsers = useQuery(apiClientQueries.apiUsers(organizationId));
  const [creatingUser, setCreatingUser] = useState(false);
  const [clientFor, setClientFor] = useState<ApiUser | null>(null);
  const [revealed, setRevealed] = useState<RevealedSecret | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);

  return (
    <AccessDashboard
      organizationId={organizationId}
      tab="api-clients"
      actions={
        canManage && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setCreatingUser(true)}>
            Add API user
          </Button>
        )
      }
    >
      {apiUsers.isPending ? (
        <Spinner />
      ) : (apiUsers.data?.records.length ?? 0) === 0 ? (
        <Paper withBorder p="xl">
          <EmptyState
            icon={<IconRobot size={26} />}
            variant="light"
            title="No API users yet"
            description="An API user lets another system, such as a loan origination system, call Signet with the roles you give it."
          />
        </Paper>
      ) : (
        <Stack gap="lg" mt="md">
          {apiUsers.data?.records.map((apiUser) => (
            <ApiUserCard
              key={apiUser.id}
              organizationId={organizationId}
              apiUser={apiUser}
              canManage={canManage}
              onAddClient={() => setClientFor(apiUser)}
              onReveal={setRevealed}
              confirm={setPending}
            />
          ))}
        </Stack>
      )}
      <CreateApiUserModal
        organizationId={organizationId}
        opened={creatingUser}
        onClose={() => setCreatingUser(false)}
      />
      <CreateApiClientModal
        organizationId={organizationId}
        apiUser={clientFor}
        onClose={() => setClientFor(null)}
        onCreated={setRevealed}
      />
      <SecretRevealModal secret={revealed} onClose={() => setRevealed(null)} />
      <ConfirmAction
        opened={pending !== null}
        title={pending?.title ?? ""}
        message={pending?.message ?? ""}
        confirmLabel={pending?.confirmLabel ?? "Confirm"}
        onConfirm={async () => pending?.run()}
        onClose={() => setPending(null)}
      />
    </AccessDashboard>
  );
}

function ApiUserCard({
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

function secretState(secret: ApiClientSecret): { label: string; color: string } {
  if (secret.revokedAt) return { label: "Revoked", color: "gray" };
  if (!secret.active) return { label: "Expired", color: "orange" };
  return { label: "Active", color: "teal" };
}

function ClientPanel({
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
  const [adding, setAdding] = useState(false);
  const refresh = () => refreshAccess(queryClient, organizationId);

  const addSecret = async () => {
    setAdding(true);
    try {
      const secret = await api(apiClientRoutes.addApiClientSecret, { params, body: {} });
      await refresh();
      onReveal({ clientName: client.name, clientId: client.clientId, value: secret.value });
    } finally {
      setAdding(false);
    }
  };

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
                  loading={adding}
                  disabled={!canAddSecret}
                  onClick={() => void addSecret()}
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
        <Table withTableBorder verticalSpacing={6} fz="sm" aria-label={`Secrets of ${client.name}`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Secret</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Created</Table.Th>
              <Table.Th>Last used</Table.Th>
              <Table.Th>Expires</Table.Th>
              {canManage && <Table.Th aria-label="Actions" />}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {client.secrets.map((secret) => {
              const state = secretState(secret);
              return (
                <Table.Tr key={secret.id}>
                  <Table.Td>
                    <Code>{secret.prefix}…</Code>
                  </Table.Td>
                  <Table.Td>
                    <Badge color={state.color} variant="light">
                      {state.label}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{formatDateTime(secret.createdAt)}</Table.Td>
                  <Table.Td>{formatDateTime(secret.lastUsedAt)}</Table.Td>
                  <Table.Td>{formatDateTime(secret.expiresAt, "No expiry")}</Table.Td>
                  {canManage && (
                    <Table.Td>
                      {!secret.revokedAt && (
                        <Button
                          size="compact-xs"
                          variant="subtle"
                          color="red"
                          aria-label={`Revoke secret ${secret.prefix}`}
                          onClick={() =>
                            confirm({
                              title: "Revoke secret",
                              message: `Revoke the secret starting ${secret.prefix}? It and the tokens issued with it stop working at once.`,
                              confirmLabel: "Revoke",
                              run: async () => {
                                await api(apiClientRoutes.revokeApiClientSecret, {
                                  params: { ...params, secretId: secret.id },
                                });
                                toastSuccess("Secret revoked.");
                                await refresh();
                              },
                            })
                          }
                        >
                          Revoke
                        </Button>
                      )}
                    </Table.Td>
                  )}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Stack>
    </Paper>
  );
}

export const ApiClientsPage = gated(ApiClientsScreen);
