import {
  ActionIcon,
  Anchor,
  Badge,
  Breadcrumbs,
  Button,
  Code,
  CopyButton,
  Group,
  List,
  Menu,
  Modal,
  Paper,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
} from "@mantine/core";
import {
  type ConnectionTestResult,
  type IdentityProvider,
  identityProviderRoutes,
  OIDC_CALLBACK_PATH,
} from "@signet/contract";
import {
  IconCheck,
  IconCopy,
  IconDots,
  IconPencil,
  IconPlayerPause,
  IconPlayerPlay,
  IconPlugConnected,
  IconPlus,
  IconStar,
  IconTrash,
  IconX,
} from "@tabler/icons-react";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useCallback, useRef, useState } from "react";
import { ApiError, errorMessage } from "../../../api/api-error.ts";
import { api } from "../../../api/client.ts";
import { openConfirmDialog } from "../../../components/ConfirmDialog.tsx";
import { type Column, DataTable } from "../../../components/data-table/DataTable.tsx";
import { Page } from "../../../components/Page.tsx";
import { toastError, toastSuccess } from "../../../components/toast.ts";
import { useHasPermission, usePermissionBits } from "../../../session/permissions.ts";
import { RefusalPage } from "../../system/RefusalPage.tsx";
import { GuardedButton, GuardedMenuItem } from "../webhooks/GuardedControls.tsx";
import { IdentityProviderForm } from "./IdentityProviderForm.tsx";

const MANAGE_TOOLTIP = "You need the Manage settings permission to change identity providers";

export const identityProviderQueries = {
  list: (orgId: string) =>
    queryOptions({
      queryKey: ["identity-providers", orgId, "list"],
      queryFn: ({ signal }) => api(identityProviderRoutes.listIdentityProviders, { params: { orgId }, signal }),
    }),
};

/** The check names of a connection test in an administrator's words. */
const CHECK_WORDS: Record<ConnectionTestResult["checks"][number]["name"], string> = {
  discovery: "Discovery document",
  issuer: "Issuer",
  endpoints: "Sign-in addresses",
  jwks: "Signing keys",
  pkce: "PKCE",
  client: "Client ID and secret",
};

/**
 * Issue 12 §2: the organization's OpenID Connect identity providers: add, edit, test the
 * connection, enable or disable, make one the default the sign-in page goes straight to.
 */
export function IdentityProvidersPage({ organizationId }: { organizationId: string }) {
  const queryClient = useQueryClient();
  const known = usePermissionBits() !== null;
  const canView = useHasPermission(["VIEW_ADMIN_SETTINGS", "MANAGE_ADMIN_SETTINGS"]);
  const canManage = useHasPermission("MANAGE_ADMIN_SETTINGS");
  const reason = canManage ? null : MANAGE_TOOLTIP;
  const list = useQuery({ ...identityProviderQueries.list(organizationId), enabled: canView && !!organizationId });
  const [editing, setEditing] = useState<IdentityProvider | "new" | null>(null);
  const [tested, setTested] = useState<{ provider: IdentityProvider; result: ConnectionTestResult } | null>(null);
  const [highlight, setHighlight] = useState<string | null>(null);
  const formDirty = useRef(false);
  const onDirtyChange = useCallback((dirty: boolean) => {
    formDirty.current = dirty;
  }, []);
  const closeForm = async () => {
    if (formDirty.current) {
      const discard = await openConfirmDialog({
        title: "Discard your changes?",
        message: "The identity provider has changes that are not saved.",
        confirmLabel: "Discard changes",
        cancelLabel: "Keep editing",
        confirmColor: "red",
      });
      if (!discard) return;
    }
    formDirty.current = false;
    setEditing(null);
  };
  const refresh = () => queryClient.invalidateQueries({ queryKey: ["identity-providers", organizationId] });

  const showFailure = (error: unknown) => toastError(errorMessage(error));
  const update = useMutation({
    mutationFn: ({ provider, change }: { provider: IdentityProvider; change: Record<string, unknown>; done: string }) =>
      api(identityProviderRoutes.updateIdentityProvider, {
        params: { orgId: organizationId, providerId: provider.id },
        body: { version: provider.version, ...change },
      }),
    onSuccess: async (_saved, { provider, done }) => {
      toastSuccess(done);
      setHighlight(provider.id);
      await refresh();
    },
    onError: showFailure,
  });
  const test = useMutation({
    mutationFn: (provider: IdentityProvider) =>
      api(identityProviderRoutes.testIdentityProvider, { params: { orgId: organizationId, providerId: provider.id } }),
    onSuccess: (result, provider) => setTested({ provider, result }),
    onError: showFailure,
  });
  const removal = useMutation({
    mutationFn: (provider: IdentityProvider) =>
      api(identityProviderRoutes.deleteIdentityProvider, {
        params: { orgId: organizationId, providerId: provider.id },
        query: { version: provider.version },
      }),
    onSuccess: async (_removed, provider) => {
      toastSuccess(`${provider.name} was removed.`);
      await refresh();
    },
    onError: showFailure,
  });

  const remove = async (provider: IdentityProvider) => {
    const confirmed = await openConfirmDialog({
      title: `Remove ${provider.name}?`,
      message: "People who sign in through it will need another way to sign in.",
      confirmLabel: "Remove identity provider",
      confirmColor: "red",
    });
    if (confirmed) removal.mutate(provider);
  };

  const columns: Column<IdentityProvider>[] = [
    {
      key: "name",
      label: "Name",
      render: (provider) => (
        <Group gap="xs">
          <Text size="sm" fw={500}>
            {provider.name}
          </Text>
          {provider.isDefault && (
            <Badge variant="light" leftSection={<IconStar size={12} />}>
              Default
            </Badge>
          )}
        </Group>
      ),
    },
    { key: "issuer", label: "Issuer", render: (provider) => <Text size="sm">{provider.issuer}</Text> },
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
      key: "jit",
      label: "New people",
      render: (provider) => <Text size="sm">{provider.jitEnabled ? "Created at first sign-in" : "Invited only"}</Text>,
    },
    {
      key: "actions",
      label: "Actions",
      labelHidden: true,
      render: (provider) => (
        <Menu position="bottom-end" withinPortal shadow="md">
          <Menu.Target>
            <ActionIcon variant="subtle" aria-label={`Actions for ${provider.name}`}>
              <IconDots size={18} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <GuardedMenuItem reason={reason} icon={<IconPencil size={16} />} onClick={() => setEditing(provider)}>
              Edit
            </GuardedMenuItem>
            <GuardedMenuItem
              reason={reason}
              icon={<IconPlugConnected size={16} />}
              onClick={() => test.mutate(provider)}
            >
              Test connection
            </GuardedMenuItem>
            <GuardedMenuItem
              reason={reason}
              icon={provider.enabled ? <IconPlayerPause size={16} /> : <IconPlayerPlay size={16} />}
              onClick={() =>
                update.mutate({
                  provider,
                  change: { enabled: !provider.enabled },
                  done: `${provider.name} is ${provider.enabled ? "disabled" : "enabled"}.`,
                })
              }
            >
              {provider.enabled ? "Disable" : "Enable"}
            </GuardedMenuItem>
            {!provider.isDefault && (
              <GuardedMenuItem
                reason={reason}
                icon={<IconStar size={16} />}
                onClick={() =>
                  update.mutate({ provider, change: { isDefault: true }, done: `${provider.name} is now the default.` })
                }
              >
                Make default
              </GuardedMenuItem>
            )}
            <Menu.Divider />
            <GuardedMenuItem
              reason={reason}
              color="red"
              icon={<IconTrash size={16} />}
              onClick={() => void remove(provider)}
            >
              Remove
            </GuardedMenuItem>
          </Menu.Dropdown>
        </Menu>
      ),
    },
  ];

  const redirectUri = `${window.location.origin}${OIDC_CALLBACK_PATH}`;
  const signInLink = `${window.location.origin}/sign-in?org=${organizationId}`;

  return (
    <Page
      title="Identity providers"
      description="Let your staff sign in through your organization's OpenID Connect identity provider."
      actions={
        <GuardedButton reason={reason} leftSection={<IconPlus size={16} />} onClick={() => setEditing("new")}>
          Add identity provider
        </GuardedButton>
      }
    >
      <nav aria-label="Breadcrumb">
        <Breadcrumbs>
          <Anchor component={Link} to="/settings" size="sm">
            Settings
          </Anchor>
          <Text size="sm" aria-current="page">
            Identity providers
          </Text>
        </Breadcrumbs>
      </nav>
      <Paper withBorder p="md">
        <Stack gap={6}>
          <Text size="sm" fw={600}>
            Register this redirect URI at your identity provider
          </Text>
          <Group gap="xs" wrap="nowrap">
            <Code>{redirectUri}</Code>
            <CopyButton value={redirectUri}>
              {({ copied, copy }) => (
                <ActionIcon variant="subtle" onClick={copy} aria-label={copied ? "Copied" : "Copy the redirect URI"}>
                  {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                </ActionIcon>
              )}
            </CopyButton>
          </Group>
          <Text size="sm" c="dimmed">
            Your staff sign in at <Code>{signInLink}</Code>; add <Code>&amp;provider=default</Code> to go straight to
            the default provider.
          </Text>
        </Stack>
      </Paper>

      {known && !canView ? (
        <RefusalPage area="identity providers" reason={{ permission: "VIEW_ADMIN_SETTINGS" }} level={2} />
      ) : list.isPending ? (
        <Stack gap="xs" role="status" aria-busy="true" aria-label="Loading identity providers">
          <Skeleton height={36} />
          <Skeleton height={44} />
          <Skeleton height={44} />
        </Stack>
      ) : list.isError ? (
        <Paper withBorder p="xl" role="alert">
          <Text fw={600}>The identity providers could not be loaded.</Text>
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
            <Text>
              No identity provider yet: add your organization's OpenID Connect provider to offer single sign-on.
            </Text>
            <GuardedButton reason={reason} leftSection={<IconPlus size={16} />} onClick={() => setEditing("new")}>
              Add identity provider
            </GuardedButton>
          </Stack>
        </Paper>
      ) : (
        <DataTable
          label="Identity providers"
          columns={columns}
          rows={list.data.records}
          rowKey={(provider) => provider.id}
          empty="No identity provider yet."
          highlighted={(provider) => provider.id === highlight}
        />
      )}

      <Modal
        opened={editing !== null}
        onClose={() => void closeForm()}
        title={editing === "new" ? "Add identity provider" : `Edit ${editing?.name ?? ""}`}
        size="lg"
        closeButtonProps={{ "aria-label": "Close dialog" }}
      >
        {editing !== null && (
          <IdentityProviderForm
            organizationId={organizationId}
            provider={editing === "new" ? null : editing}
            onDirtyChange={onDirtyChange}
            onSaved={async (saved, created) => {
              formDirty.current = false;
              setEditing(null);
              setHighlight(saved.id);
              toastSuccess(created ? `${saved.name} was added. Test its connection next.` : `${saved.name} was saved.`);
              await refresh();
            }}
          />
        )}
      </Modal>

      <Modal
        opened={tested !== null}
        onClose={() => setTested(null)}
        title={tested ? `Connection test: ${tested.provider.name}` : ""}
        size="lg"
        closeButtonProps={{ "aria-label": "Close dialog" }}
      >
        {tested && (
          <Stack>
            <Text fw={600} role="status">
              {tested.result.ok ? "Everything works." : "Something needs fixing before people can sign in."}
            </Text>
            <List spacing="sm" center>
              {tested.result.checks.map((check) => (
                <List.Item
                  key={check.name}
                  icon={
                    <ThemeIcon color={check.ok ? "teal" : "red"} size={22} radius="xl">
                      {check.ok ? <IconCheck size={14} /> : <IconX size={14} />}
                    </ThemeIcon>
                  }
                >
                  <Text size="sm">
                    <strong>
                      {CHECK_WORDS[check.name]}: {check.ok ? "OK" : "Problem"}.
                    </strong>{" "}
                    {check.message}
                  </Text>
                </List.Item>
              ))}
            </List>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setTested(null)}>
                Close
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Page>
  );
}
