import { ActionIcon, Anchor, Badge, Button, Code, Menu, Paper, Skeleton, Stack, Text } from "@mantine/core";
import { type SamlProvider, samlProviderRoutes } from "@signet/contract";
import { IconDots, IconPencil, IconPlayerPause, IconPlayerPlay, IconPlus, IconTrash } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { ApiError, errorMessage } from "../../api/api-error.ts";
import { api } from "../../api/client.ts";
import { openConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { type Column, DataTable } from "../../components/data-table/DataTable.tsx";
import { Page } from "../../components/Page.tsx";
import { useHrefNavigate } from "../../components/RouterAnchor.tsx";
import { toastError, toastSuccess } from "../../components/toast.ts";
import { certificateBadge, samlQueries, soonestCertificate } from "./saml-queries.ts";

/**
 * Spec §2 saml-providers (support users): every SAML identity provider of the installation with
 * its entity ID, the organizations that use it, the certificate that expires first, and whether it
 * is enabled.
 */
export function SamlProvidersPage() {
  const queryClient = useQueryClient();
  const go = useHrefNavigate();
  const list = useQuery(samlQueries.list());
  const [highlight, setHighlight] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ["saml-providers"] });

  const showFailure = (error: unknown) => toastError(errorMessage(error));
  const toggle = useMutation({
    mutationFn: (provider: SamlProvider) =>
      api(samlProviderRoutes.updateSamlProvider, {
        params: { samlProviderId: provider.id },
        body: { version: provider.version, enabled: !provider.enabled },
      }),
    onSuccess: async (_saved, provider) => {
      toastSuccess(`${provider.name} is ${provider.enabled ? "disabled" : "enabled"}.`);
      setHighlight(provider.id);
      await refresh();
    },
    onError: showFailure,
  });
  const removal = useMutation({
    mutationFn: (provider: SamlProvider) =>
      api(samlProviderRoutes.deleteSamlProvider, {
        params: { samlProviderId: provider.id },
        query: { version: provider.version },
      }),
    onSuccess: async (_removed, provider) => {
      toastSuccess(`${provider.name} was removed.`);
      await refresh();
    },
    onError: showFailure,
  });

  const remove = async (provider: SamlProvider) => {
    const confirmed = await openConfirmDialog({
      title: `Remove ${provider.name}?`,
      message: "People of the organizations that use it will need another way to sign in.",
      confirmLabel: "Remove SAML provider",
      confirmColor: "red",
    });
    if (confirmed) removal.mutate(provider);
  };

  const columns: Column<SamlProvider>[] = [
    {
      key: "name",
      label: "Name",
      render: (provider) => (
        <Anchor
          href={`/saml-providers/${provider.id}`}
          onClick={go(`/saml-providers/${provider.id}`)}
          size="sm"
          fw={500}
        >
          {provider.name}
        </Anchor>
      ),
    },
    {
      key: "entityId",
      label: "Entity ID",
      render: (provider) => (
        <Text size="sm" style={{ wordBreak: "break-all" }}>
          {provider.idpEntityId}
        </Text>
      ),
    },
    {
      key: "organizations",
      label: "Organizations",
      render: (provider) => (
        <Text size="sm">
          {provider.organizations.length === 0
            ? "None yet"
            : provider.organizations.map((organization) => organization.name).join(", ")}
        </Text>
      ),
    },
    {
      key: "certificate",
      label: "Certificate",
      render: (provider) => {
        const soonest = soonestCertificate(provider.certificates);
        const badge = soonest ? certificateBadge(soonest) : null;
        return (
          badge && (
            <Badge color={badge.color} variant="light">
              {badge.label}
            </Badge>
          )
        );
      },
    },
    {
      key: "status",
      label: "Status",
      render: (provider) => (
        <Badge color={provider.enabled ? "teal" : "gray"} variant="light">
          {provider.enabled ? "Enabled" : "Disabled"}
        </Badge>
      ),
    },
    {
      key: "actions",
      label: "Actions",
      labelHidden: true,
      render: (provider) => {
        const editHref = `/saml-providers/${provider.id}`;
        return (
          <Menu position="bottom-end" withinPortal shadow="md">
            <Menu.Target>
              <ActionIcon variant="subtle" aria-label={`Actions for ${provider.name}`}>
                <IconDots size={18} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item component="a" href={editHref} onClick={go(editHref)} leftSection={<IconPencil size={16} />}>
                Edit
              </Menu.Item>
              <Menu.Item
                leftSection={provider.enabled ? <IconPlayerPause size={16} /> : <IconPlayerPlay size={16} />}
                onClick={() => toggle.mutate(provider)}
              >
                {provider.enabled ? "Disable" : "Enable"}
              </Menu.Item>
              <Menu.Divider />
              <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => void remove(provider)}>
                Remove
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        );
      },
    },
  ];

  const addButton = (
    <Button component={Link} to="/saml-providers/new" leftSection={<IconPlus size={16} />}>
      Add SAML provider
    </Button>
  );

  return (
    <Page
      title="SAML providers"
      description="Identity providers that organizations' staff sign in through with SAML 2.0."
      actions={addButton}
    >
      {list.isPending ? (
        <Stack gap="xs" role="status" aria-busy="true" aria-label="Loading SAML providers">
          <Skeleton height={36} />
          <Skeleton height={44} />
          <Skeleton height={44} />
        </Stack>
      ) : list.isError ? (
        <Paper withBorder p="xl" role="alert">
          <Text fw={600}>The SAML providers could not be loaded.</Text>
          <Text size="sm">{errorMessage(list.error)} Reload the page to try again.</Text>
          {list.error instanceof ApiError && list.error.traceId && (
            <Text size="xs" c="dimmed">
              Trace ID: <Code>{list.error.traceId}</Code>
            </Text>
          )}
        </Paper>
      ) : list.data.records.length === 0 ? (
        <Paper withBorder p="xl">
          <Stack gap="sm" align="flex-start">
            <Text>No SAML provider yet: add an identity provider from its metadata to offer single sign-on.</Text>
            {addButton}
          </Stack>
        </Paper>
      ) : (
        <Stack gap="xs">
          <DataTable
            label="SAML providers"
            columns={columns}
            rows={list.data.records}
            rowKey={(provider) => provider.id}
            empty="No SAML provider yet."
            highlighted={(provider) => provider.id === highlight}
          />
          <Text size="sm" c="dimmed">
            {list.data.count === 1 ? "1 SAML provider" : `${list.data.count} SAML providers`}
          </Text>
        </Stack>
      )}
    </Page>
  );
}
