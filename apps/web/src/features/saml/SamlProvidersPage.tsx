import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Code,
  Menu,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from "@mantine/core";
import { type SamlProvider, samlProviderRoutes } from "@signet/contract";
import { IconDots, IconPencil, IconPlayerPause, IconPlayerPlay, IconPlus, IconTrash } from "@tabler/icons-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { ApiError, errorMessage } from "../../api/api-error.ts";
import { api } from "../../api/client.ts";
import { openConfirmDialog } from "../../components/ConfirmDialog.tsx";
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

  const toggle = async (provider: SamlProvider) => {
    try {
      await api(samlProviderRoutes.updateSamlProvider, {
        params: { samlProviderId: provider.id },
        body: { version: provider.version, enabled: !provider.enabled },
      });
      toastSuccess(`${provider.name} is ${provider.enabled ? "disabled" : "enabled"}.`);
      setHighlight(provider.id);
      await refresh();
    } catch (error) {
      toastError(errorMessage(error));
    }
  };

  const remove = async (provider: SamlProvider) => {
    const confirmed = await openConfirmDialog({
      title: `Remove ${provider.name}?`,
      message: "People of the organizations that use it will need another way to sign in.",
      confirmLabel: "Remove SAML provider",
      confirmColor: "red",
    });
    if (!confirmed) return;
    try {
      await api(samlProviderRoutes.deleteSamlProvider, {
        params: { samlProviderId: provider.id },
        query: { version: provider.version },
      });
      toastSuccess(`${provider.name} was removed.`);
      await refresh();
    } catch (error) {
      toastError(errorMessage(error));
    }
  };

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
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Entity ID</Table.Th>
                <Table.Th>Organizations</Table.Th>
                <Table.Th>Certificate</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.records.map((provider) => {
                const soonest = soonestCertificate(provider.certificates);
                const badge = soonest ? certificateBadge(soonest) : null;
                const editHref = `/saml-providers/${provider.id}`;
                return (
                  <Table.Tr
                    key={provider.id}
                    bg={highlight === provider.id ? "var(--mantine-color-teal-light)" : undefined}
                  >
                    <Table.Td>
                      <Anchor href={editHref} onClick={go(editHref)} size="sm" fw={500}>
                        {provider.name}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" style={{ wordBreak: "break-all" }}>
                        {provider.idpEntityId}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">
                        {provider.organizations.length === 0
                          ? "None yet"
                          : provider.organizations.map((organization) => organization.name).join(", ")}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {badge && (
                        <Badge color={badge.color} variant="light">
                          {badge.label}
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Badge color={provider.enabled ? "teal" : "gray"} variant="light">
                        {provider.enabled ? "Enabled" : "Disabled"}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Menu position="bottom-end" withinPortal shadow="md">
                        <Menu.Target>
                          <ActionIcon variant="subtle" aria-label={`Actions for ${provider.name}`}>
                            <IconDots size={18} />
                          </ActionIcon>
                        </Menu.Target>
                        <Menu.Dropdown>
                          <Menu.Item
                            component="a"
                            href={editHref}
                            onClick={go(editHref)}
                            leftSection={<IconPencil size={16} />}
                          >
                            Edit
                          </Menu.Item>
                          <Menu.Item
                            leftSection={
                              provider.enabled ? <IconPlayerPause size={16} /> : <IconPlayerPlay size={16} />
                            }
                            onClick={() => void toggle(provider)}
                          >
                            {provider.enabled ? "Disable" : "Enable"}
                          </Menu.Item>
                          <Menu.Divider />
                          <Menu.Item
                            color="red"
                            leftSection={<IconTrash size={16} />}
                            onClick={() => void remove(provider)}
                          >
                            Remove
                          </Menu.Item>
                        </Menu.Dropdown>
                      </Menu>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
          <Text size="sm" c="dimmed">
            {list.data.count === 1 ? "1 SAML provider" : `${list.data.count} SAML providers`}
          </Text>
        </Stack>
      )}
    </Page>
  );
}
