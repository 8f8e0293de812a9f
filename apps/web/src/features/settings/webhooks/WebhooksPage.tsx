import {
  ActionIcon,
  Anchor,
  Badge,
  EmptyState,
  Group,
  Menu,
  Paper,
  SegmentedControl,
  Stack,
  Text,
} from "@mantine/core";
import { UI, WEBHOOK_SECRET_OVERLAP_HOURS, type WebhookEndpoint, webhookRoutes } from "@signet/contract";
import {
  IconDots,
  IconKey,
  IconList,
  IconPencil,
  IconPlayerPause,
  IconPlayerPlay,
  IconPlus,
  IconSend,
  IconTrash,
  IconWebhook,
} from "@tabler/icons-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { type ReactNode, useState } from "react";
import { errorMessage } from "../../../api/api-error.ts";
import { api } from "../../../api/client.ts";
import { openConfirmDialog } from "../../../components/ConfirmDialog.tsx";
import { type Column, DataTable } from "../../../components/data-table/DataTable.tsx";
import { urlPageControl } from "../../../components/data-table/use-page-state.ts";
import { Page } from "../../../components/Page.tsx";
import { toastError, toastSuccess } from "../../../components/toast.ts";
import { GuardedButton, GuardedMenuItem } from "./GuardedControls.tsx";
import { MANAGE_WEBHOOKS_TOOLTIP, useWebhookAccess } from "./use-webhook-access.ts";
import { type RevealedWebhookSecret, WebhookSecretModal } from "./WebhookSecretModal.tsx";
import { formatWhen, LoadError, NotAllowed, TableSkeleton, WebhookBreadcrumbs } from "./WebhookStates.tsx";
import { lastDeliveryWords } from "./webhook-delivery-result.ts";
import { webhookEventSummary } from "./webhook-event-words.ts";
import { refreshWebhooks, webhookQueries } from "./webhook-queries.ts";
import { visibleWebhooks, type WebhookListSearch } from "./webhook-search.ts";

type SortBy = NonNullable<WebhookListSearch["sortBy"]>;

/** Issue 14 §1: the organization's webhook endpoints, what each receives, its state and last delivery. */
export function WebhooksPage({
  organizationId,
  search,
  onSearch,
}: {
  organizationId: string;
  search: WebhookListSearch;
  onSearch: (next: WebhookListSearch) => void;
}) {
  const access = useWebhookAccess();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const list = useQuery({ ...webhookQueries.list(organizationId), enabled: access.canView && organizationId !== "" });
  const [revealed, setRevealed] = useState<RevealedWebhookSecret | null>(null);
  // the row the last action changed stays marked, so the eye finds what happened
  const [changedId, setChangedId] = useState<string | null>(null);

  const endpoints = list.data?.records ?? [];
  const activeCount = endpoints.filter((endpoint) => !endpoint.suspended).length;
  const rows = visibleWebhooks(endpoints, search);
  const pageCount = Math.max(1, Math.ceil(rows.length / UI.pageSize));
  const page = Math.min(search.page ?? 1, pageCount);
  const pageRows = rows.slice((page - 1) * UI.pageSize, page * UI.pageSize);

  const run = async (endpoint: WebhookEndpoint | null, action: () => Promise<string | undefined>) => {
    try {
      const message = await action();
      if (endpoint) setChangedId(endpoint.id);
      if (message) toastSuccess(message);
    } catch (error) {
      toastError(errorMessage(error));
    } finally {
      await refreshWebhooks(queryClient, organizationId);
    }
  };

  const params = (endpoint: WebhookEndpoint) => ({ orgId: organizationId, webhookId: endpoint.id });
  const actions: RowActions = {
    sendTest: (endpoint) =>
      run(endpoint, async () => {
        await api(webhookRoutes.testWebhook, { params: params(endpoint) });
        return `Test event sent to ${endpoint.url}. Its delivery appears in the delivery log.`;
      }),
    rotate: async (endpoint) => {
      const confirmed = await openConfirmDialog({
        title: "Rotate the signing secret",
        message: `A new secret is shown once. The current secret keeps signing deliveries for ${WEBHOOK_SECRET_OVERLAP_HOURS} hours, so your receiver can switch over without missing an event.`,
        confirmLabel: "Rotate secret",
      });
      if (!confirmed) return;
      await run(endpoint, async () => {
        const result = await api(webhookRoutes.rotateWebhookSecret, { params: params(endpoint) });
        setRevealed({ url: endpoint.url, secret: result.secret, rotated: true });
        return "Signing secret rotated.";
      });
    },
    suspend: async (endpoint) => {
      const confirmed = await openConfirmDialog({
        title: "Suspend webhook",
        message: `Nothing is sent to ${endpoint.url} until you resume it. Events in the meantime are logged as not sent and can be redelivered.`,
        confirmLabel: "Suspend",
      });
      if (!confirmed) return;
      await run(endpoint, async () => {
        await api(webhookRoutes.suspendWebhook, { params: params(endpoint), body: {} });
        return `Webhook ${endpoint.url} suspended.`;
      });
    },
    resume: (endpoint) =>
      run(endpoint, async () => {
        await api(webhookRoutes.resumeWebhook, { params: params(endpoint) });
        return `Webhook ${endpoint.url} resumed.`;
      }),
    remove: async (endpoint) => {
      const confirmed = await openConfirmDialog({
        title: "Delete webhook",
        message: `Delete the webhook for ${endpoint.url}? Its delivery log is deleted too, and nothing more is sent to it.`,
        confirmLabel: "Delete",
        confirmColor: "red",
      });
      if (!confirmed) return;
      await run(null, async () => {
        await api(webhookRoutes.deleteWebhook, { params: params(endpoint), query: { version: endpoint.version } });
        return `Webhook ${endpoint.url} deleted.`;
      });
    },
  };

  const suspendAll = async () => {
    const confirmed = await openConfirmDialog({
      title: "Suspend all webhooks",
      message: `Suspend all ${activeCount} active ${activeCount === 1 ? "webhook" : "webhooks"}? Nothing is sent to them until each is resumed.`,
      confirmLabel: `Suspend ${activeCount}`,
      confirmColor: "red",
    });
    if (!confirmed) return;
    await run(null, async () => {
      const result = await api(webhookRoutes.suspendAllWebhooks, { params: { orgId: organizationId }, body: {} });
      return `${result.suspended} ${result.suspended === 1 ? "webhook" : "webhooks"} suspended.`;
    });
  };

  const manageReason = access.canManage ? null : MANAGE_WEBHOOKS_TOOLTIP;
  const addWebhook = () => void navigate({ to: "/settings/webhooks/new" });
  const pageActions = access.canView && (
    <Group gap="sm">
      <GuardedButton
        variant="default"
        leftSection={<IconPlayerPause size={16} />}
        reason={manageReason ?? (activeCount === 0 ? "No active webhooks to suspend" : null)}
        onClick={() => void suspendAll()}
      >
        Suspend all
      </GuardedButton>
      <GuardedButton leftSection={<IconPlus size={16} />} reason={manageReason} onClick={addWebhook}>
        Add webhook
      </GuardedButton>
    </Group>
  );

  let body: ReactNode;
  if (!access.known || (access.canView && list.isPending)) body = <TableSkeleton label="Loading webhooks" />;
  else if (!access.canView) body = <NotAllowed />;
  else if (list.isError) body = <LoadError error={list.error} what="webhooks" />;
  else if (endpoints.length === 0)
    body = (
      <Paper withBorder p="xl">
        <EmptyState
          icon={<IconWebhook size={26} />}
          variant="light"
          title="No webhooks yet"
          description="A webhook tells another system, such as your loan origination system, the moment a package is sent, signed or completed."
        >
          <GuardedButton leftSection={<IconPlus size={16} />} reason={manageReason} onClick={addWebhook}>
            Add webhook
          </GuardedButton>
        </EmptyState>
      </Paper>
    );
  else
    body = (
      <Stack gap="sm">
        <Group justify="space-between">
          <SegmentedControl
            aria-label="Show"
            value={search.state ?? "all"}
            onChange={(value) =>
              onSearch({
                ...search,
                page: undefined,
                state: value === "all" ? undefined : (value as "active" | "suspended"),
              })
            }
            data={[
              { value: "all", label: "All" },
              { value: "active", label: "Active" },
              { value: "suspended", label: "Suspended" },
            ]}
          />
          <Text size="sm" c="dimmed">
            {rows.length === endpoints.length
              ? `${endpoints.length} ${endpoints.length === 1 ? "webhook" : "webhooks"}`
              : `${rows.length} of ${endpoints.length} webhooks`}
          </Text>
        </Group>
        <DataTable
          label="Webhooks"
          columns={webhookColumns(access.canManage, actions, navigate)}
          rows={pageRows}
          rowKey={(endpoint) => endpoint.id}
          empty="No webhooks match this filter."
          paging={{
            page: urlPageControl(
              search,
              { pageNumber: page, sortBy: search.sortBy ?? "url", sortDirection: search.sortDirection ?? "asc" },
              onSearch,
            ),
            count: rows.length,
          }}
          highlighted={(endpoint) => endpoint.id === changedId}
          minWidth={860}
        />
      </Stack>
    );

  return (
    <Page
      title="Webhooks"
      description="Tell your other systems what happens to packages and participants, as it happens."
      actions={pageActions}
    >
      <WebhookBreadcrumbs />
      {body}
      <WebhookSecretModal revealed={revealed} onClose={() => setRevealed(null)} />
    </Page>
  );
}

interface RowActions {
  sendTest: (endpoint: WebhookEndpoint) => Promise<void>;
  rotate: (endpoint: WebhookEndpoint) => Promise<void>;
  suspend: (endpoint: WebhookEndpoint) => Promise<void>;
  resume: (endpoint: WebhookEndpoint) => Promise<void>;
  remove: (endpoint: WebhookEndpoint) => Promise<void>;
}

export function WebhookStateBadge({ endpoint }: { endpoint: WebhookEndpoint }) {
  if (endpoint.suspended) {
    return (
      <Stack gap={2}>
        <Badge color="orange" variant="light" tt="none">
          Suspended
        </Badge>
        <Text size="xs" c="dimmed">
          {endpoint.suspendedReason ?? "Suspended"} · {formatWhen(endpoint.suspendedAt)}
        </Text>
      </Stack>
    );
  }
  return endpoint.enabled ? (
    <Badge color="teal" variant="light" tt="none">
      Active
    </Badge>
  ) : (
    <Badge color="gray" variant="light" tt="none">
      Disabled
    </Badge>
  );
}

/** The webhook list's columns; the row menu's actions come from the page. */
function webhookColumns(canManage: boolean, actions: RowActions, navigate: ReturnType<typeof useNavigate>) {
  const reason = canManage ? null : MANAGE_WEBHOOKS_TOOLTIP;
  const manageItem = (label: string, icon: ReactNode, onClick: () => void, color?: string) => (
    <GuardedMenuItem reason={reason} icon={icon} onClick={onClick} color={color}>
      {label}
    </GuardedMenuItem>
  );
  const columns: Column<WebhookEndpoint, SortBy>[] = [
    {
      key: "url",
      label: "URL",
      sortField: "url",
      width: 320,
      render: (endpoint) => (
        <>
          <Anchor
            renderRoot={(props) => (
              <Link {...props} to="/settings/webhooks/$webhookId/deliveries" params={{ webhookId: endpoint.id }} />
            )}
            style={{ wordBreak: "break-all" }}
          >
            {endpoint.url}
          </Anchor>
          {endpoint.description && (
            <Text size="sm" c="dimmed">
              {endpoint.description}
            </Text>
          )}
        </>
      ),
    },
    {
      key: "events",
      label: "Events",
      width: 280,
      render: (endpoint) => <Text size="sm">{webhookEventSummary(endpoint.eventTypes)}</Text>,
    },
    {
      key: "state",
      label: "State",
      sortField: "state",
      render: (endpoint) => <WebhookStateBadge endpoint={endpoint} />,
    },
    {
      key: "lastDelivery",
      label: "Last delivery",
      sortField: "lastDelivery",
      render: (endpoint) => {
        const last = lastDeliveryWords(endpoint);
        return (
          <>
            <Text size="sm" c={last.tone === "failure" ? "red.8" : undefined}>
              {last.label}
            </Text>
            {last.at && (
              <Text size="xs" c="dimmed">
                {formatWhen(last.at)}
              </Text>
            )}
          </>
        );
      },
    },
    {
      key: "actions",
      label: "Actions",
      labelHidden: true,
      render: (endpoint) => (
        <Menu position="bottom-end" withinPortal shadow="md">
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${endpoint.url}`}>
              <IconDots size={18} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item
              leftSection={<IconList size={16} />}
              onClick={() =>
                void navigate({ to: "/settings/webhooks/$webhookId/deliveries", params: { webhookId: endpoint.id } })
              }
            >
              Delivery log
            </Menu.Item>
            {manageItem(
              "Edit",
              <IconPencil size={16} />,
              () => void navigate({ to: "/settings/webhooks/$webhookId/edit", params: { webhookId: endpoint.id } }),
            )}
            <GuardedMenuItem
              reason={
                reason ??
                (endpoint.suspended ? "Resume the webhook first: nothing is sent while it is suspended" : null)
              }
              icon={<IconSend size={16} />}
              onClick={() => void actions.sendTest(endpoint)}
            >
              Send test event
            </GuardedMenuItem>
            {manageItem("Rotate secret", <IconKey size={16} />, () => void actions.rotate(endpoint))}
            {endpoint.suspended
              ? manageItem("Resume", <IconPlayerPlay size={16} />, () => void actions.resume(endpoint))
              : manageItem("Suspend", <IconPlayerPause size={16} />, () => void actions.suspend(endpoint))}
            <Menu.Divider />
            {manageItem("Delete", <IconTrash size={16} />, () => void actions.remove(endpoint), "red")}
          </Menu.Dropdown>
        </Menu>
      ),
    },
  ];
  return columns;
}
