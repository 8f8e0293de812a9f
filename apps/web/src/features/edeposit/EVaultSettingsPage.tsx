import { Alert, Badge, EmptyState, Group, List, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from "@mantine/core";
import {
  EDEPOSIT_MESSAGES,
  EVAULT_ADAPTER_LABELS,
  type EVault,
  type EVaultConfigInfo,
  type EVaultConnectionTest,
  eDepositRoutes,
} from "@signet/contract";
import { IconBuildingBank, IconCircleCheck, IconCircleX, IconPlugConnected, IconPlus } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useEffect, useId, useState } from "react";
import { errorMessage } from "../../api/api-error.ts";
import { api } from "../../api/client.ts";
import { openConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { toastError, toastSuccess } from "../../components/toast.ts";
import { useHasPermission } from "../../session/permissions.ts";
import { formatDateTime } from "../access/format.ts";
import { useSettingsPageContext } from "../settings/pages/settings-page-context.ts";
import { EditToggleDeleteMenu, GuardedButton } from "../settings/webhooks/GuardedControls.tsx";
import { EVaultFormModal } from "./EVaultFormModal.tsx";
import { vaultTypeLabel } from "./edeposit-format.ts";
import { eVaultQueries, refreshEVaults } from "./edeposit-queries.ts";

export const MANAGE_EVAULTS_REASON = "You need the Manage admin settings permission to change eVaults";

/**
 * Settings › Electronic vault (spec §2, issue 15 §2): the eVaults completed packages are deposited
 * into — add, edit, enable or disable, delete, test the connection and read what the vault offers.
 * Read-only without MANAGE_ADMIN_SETTINGS.
 */
export function EVaultSettingsPage({ organizationId }: { organizationId: string }) {
  const canManage = useHasPermission("MANAGE_ADMIN_SETTINGS");
  const reason = canManage ? null : MANAGE_EVAULTS_REASON;
  const vaults = useQuery(eVaultQueries.list(organizationId));
  const context = useSettingsPageContext();
  const [editing, setEditing] = useState<{ vault: EVault | null } | null>(null);
  const { error } = vaults;
  useEffect(() => {
    if (error) context.loadFailed(errorMessage(error));
  }, [error, context]);

  const add = () => setEditing({ vault: null });
  const records = vaults.data?.records ?? [];

  let body: ReactNode;
  if (vaults.isPending) {
    body = (
      <Stack gap="sm" role="status" aria-busy="true" aria-label="Loading the eVaults">
        <Skeleton height={120} radius="md" />
        <Skeleton height={120} radius="md" />
      </Stack>
    );
  } else if (records.length === 0) {
    body = (
      <Paper withBorder p="lg">
        <EmptyState
          icon={<IconBuildingBank size={26} aria-hidden />}
          variant="light"
          title="No eVaults yet"
          description="Add the electronic vault your completed packages are deposited into, with the credentials its provider gave you."
        >
          <GuardedButton leftSection={<IconPlus size={16} aria-hidden />} reason={reason} onClick={add}>
            Add eVault
          </GuardedButton>
        </EmptyState>
      </Paper>
    );
  } else {
    body = (
      <Stack gap="md">
        {records.map((vault) => (
          <EVaultCard
            key={vault.id}
            organizationId={organizationId}
            vault={vault}
            reason={reason}
            onEdit={() => setEditing({ vault })}
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
            Electronic vault
          </Title>
          <Text size="sm" c="dimmed">
            Completed packages with eDeposit turned on are deposited into one of these eVaults; the vault then holds the
            authoritative copy.
          </Text>
        </div>
        {records.length > 0 && (
          <GuardedButton leftSection={<IconPlus size={16} aria-hidden />} reason={reason} onClick={add}>
            Add eVault
          </GuardedButton>
        )}
      </Group>
      {body}
      <EVaultFormModal
        organizationId={organizationId}
        vault={editing?.vault ?? null}
        opened={editing !== null}
        onClose={() => setEditing(null)}
      />
    </Stack>
  );
}

function EVaultCard({
  organizationId,
  vault,
  reason,
  onEdit,
}: {
  organizationId: string;
  vault: EVault;
  reason: string | null;
  onEdit: () => void;
}) {
  const client = useQueryClient();
  const params = { orgId: organizationId, evaultId: vault.id };
  // what the vault says about itself, read once it has answered a connection test
  const info = useQuery({ ...eVaultQueries.configInfo(organizationId, vault.id), enabled: vault.lastTestOk === true });
  const titleId = `evault-${vault.id}`;

  // a new test clears the last one's answer (the mutation's data) until it answers
  const connectionTest = useMutation({
    mutationFn: () => api(eDepositRoutes.testEVaultConnection, { params, passThrough: true }),
    onSuccess: () => refreshEVaults(client, organizationId),
    onError: (error) => toastError(errorMessage(error)),
  });
  const tested: EVaultConnectionTest | null = connectionTest.data ?? null;

  const setEnabled = async (enabled: boolean) => {
    try {
      await api(eDepositRoutes.updateEVault, { params, body: { version: vault.version, enabled }, passThrough: true });
      toastSuccess(EDEPOSIT_MESSAGES.saved);
    } catch (error) {
      toastError(errorMessage(error));
    } finally {
      await refreshEVaults(client, organizationId);
    }
  };

  const remove = async () => {
    const confirmed = await openConfirmDialog({
      title: "Delete eVault",
      message: `Delete ${vault.name}? Packages can no longer be deposited into it. Its credentials are deleted; this cannot be undone.`,
      confirmLabel: "Delete",
      confirmColor: "red",
    });
    if (!confirmed) return;
    try {
      await api(eDepositRoutes.deleteEVault, { params, query: { version: vault.version }, passThrough: true });
      toastSuccess(EDEPOSIT_MESSAGES.saved);
    } catch (error) {
      toastError(errorMessage(error));
    } finally {
      await refreshEVaults(client, organizationId);
    }
  };

  const shownInfo: EVaultConfigInfo | null = tested?.info ?? info.data ?? null;

  return (
    <Paper withBorder p="lg" component="section" aria-labelledby={titleId}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <div style={{ minWidth: 0 }}>
            <Group gap="xs" wrap="wrap">
              <Title order={3} fz="md" id={titleId}>
                {vault.name}
              </Title>
              <Badge variant="light" color={vault.enabled ? "teal" : "gray"}>
                {vault.enabled ? "Enabled" : "Disabled"}
              </Badge>
            </Group>
            <Text size="sm" c="dimmed">
              {EVAULT_ADAPTER_LABELS[vault.adapter]}
            </Text>
          </div>
          <EditToggleDeleteMenu
            name={vault.name}
            reason={reason}
            enabled={vault.enabled}
            onEdit={onEdit}
            onSetEnabled={(enabled) => void setEnabled(enabled)}
            onDelete={() => void remove()}
          />
        </Group>

        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <div style={{ minWidth: 0 }}>
            <Text size="sm" c="dimmed" fw={600}>
              URL
            </Text>
            <Text size="sm" style={{ overflowWrap: "anywhere" }}>
              {vault.url}
            </Text>
          </div>
          <div>
            <Text size="sm" c="dimmed" fw={600}>
              Last connection test
            </Text>
            <LastTest vault={vault} />
          </div>
          <div>
            <Text size="sm" c="dimmed" fw={600}>
              Packages using it
            </Text>
            <Text size="sm">
              {vault.packagesUsing === 0
                ? "None"
                : vault.packagesUsing === 1
                  ? "1 package"
                  : `${vault.packagesUsing} packages`}
            </Text>
          </div>
        </SimpleGrid>

        {tested && (
          <Alert
            color={tested.ok ? "teal" : "red"}
            variant="light"
            role="status"
            icon={tested.ok ? <IconCircleCheck size={18} aria-hidden /> : <IconCircleX size={18} aria-hidden />}
            title={tested.ok ? "Connection succeeded" : "Connection failed"}
            withCloseButton
            closeButtonLabel="Hide the test result"
            onClose={() => connectionTest.reset()}
          >
            <Text size="sm">{tested.message}</Text>
          </Alert>
        )}

        {shownInfo && <ConfigInfo info={shownInfo} />}
        {!shownInfo && info.isError && vault.lastTestOk && (
          <Text size="sm" c="dimmed">
            The eVault did not describe itself just now ({errorMessage(info.error)}). Test the connection to try again.
          </Text>
        )}

        <Group gap="sm">
          <GuardedButton
            variant="default"
            leftSection={<IconPlugConnected size={16} aria-hidden />}
            loading={connectionTest.isPending}
            reason={reason}
            onClick={() => connectionTest.mutate()}
            aria-label={`Test connection to ${vault.name}`}
          >
            Test connection
          </GuardedButton>
        </Group>
      </Stack>
    </Paper>
  );
}

function LastTest({ vault }: { vault: EVault }) {
  if (!vault.lastTestedAt) return <Text size="sm">Not tested yet</Text>;
  return (
    <Stack gap={2}>
      <Group gap={6} wrap="nowrap">
        {vault.lastTestOk ? (
          <IconCircleCheck size={16} color="var(--mantine-color-teal-8)" aria-hidden />
        ) : (
          <IconCircleX size={16} color="var(--mantine-color-red-8)" aria-hidden />
        )}
        <Text size="sm" c={vault.lastTestOk ? "teal.9" : "red.9"}>
          {vault.lastTestOk ? "Succeeded" : "Failed"} {formatDateTime(vault.lastTestedAt)}
        </Text>
      </Group>
      {!vault.lastTestOk && vault.lastTestMessage && (
        <Text size="xs" c="dimmed">
          {vault.lastTestMessage}
        </Text>
      )}
    </Stack>
  );
}

function ConfigInfo({ info }: { info: EVaultConfigInfo }) {
  const id = useId();
  return (
    <Paper bg="gray.0" p="md" radius="md">
      <Text size="sm" fw={600} mb="xs">
        What {info.vaultName} accepts (protocol version {info.protocolVersion})
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <div>
          <Text size="sm" c="dimmed" id={`${id}-transactions`}>
            Transaction types
          </Text>
          <List size="sm" aria-labelledby={`${id}-transactions`}>
            {info.transactionTypes.map((type) => (
              <List.Item key={type}>{vaultTypeLabel(type)}</List.Item>
            ))}
          </List>
        </div>
        <div>
          <Text size="sm" c="dimmed" id={`${id}-documents`}>
            Document types
          </Text>
          <List size="sm" aria-labelledby={`${id}-documents`}>
            {info.documentTypes.map((type) => (
              <List.Item key={type}>{vaultTypeLabel(type)}</List.Item>
            ))}
          </List>
        </div>
      </SimpleGrid>
    </Paper>
  );
}
