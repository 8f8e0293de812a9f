import { Alert, Badge, Button, Code, EmptyState, Group, Paper, Stack, Text } from "@mantine/core";
import { UI, type WebhookDelivery, type WebhookEndpoint, webhookRoutes } from "@signet/contract";
import {
  IconAlertTriangle,
  IconChevronDown,
  IconChevronRight,
  IconPencil,
  IconPlayerPlay,
  IconRepeat,
  IconSend,
  IconTimeline,
} from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { type ReactNode, useState } from "react";
import { errorMessage } from "../../../api/api-error.ts";
import { api } from "../../../api/client.ts";
import { type Column, DataTable } from "../../../components/data-table/DataTable.tsx";
import type { PageControl } from "../../../components/data-table/use-page-state.ts";
import { Page } from "../../../components/Page.tsx";
import { toastError, toastSuccess } from "../../../components/toast.ts";
import { GuardedButton } from "./GuardedControls.tsx";
import { MANAGE_WEBHOOKS_TOOLTIP, useWebhookAccess } from "./use-webhook-access.ts";
import { formatWhen, LoadError, NotAllowed, TableSkeleton, WebhookBreadcrumbs } from "./WebhookStates.tsx";
import { WebhookStateBadge } from "./WebhooksPage.tsx";
import { deliveryResult } from "./webhook-delivery-result.ts";
import { webhookEventSummary, webhookEventWords } from "./webhook-event-words.ts";
import { refreshWebhooks, webhookQueries } from "./webhook-queries.ts";
import type { WebhookLogSearch } from "./webhook-search.ts";

const RESULT_COLOR = { success: "teal", failure: "red", skipped: "gray" } as const;

/** Issue 14 §1: every attempt to reach one endpoint, newest first, with redelivery and a test event. */
export function WebhookDeliveriesPage({
  organizationId,
  webhookId,
  search,
  onSearch,
}: {
  organizationId: string;
  webhookId: string;
  search: WebhookLogSearch;
  onSearch: (next: WebhookLogSearch) => void;
}) {
  const access = useWebhookAccess();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const enabled = access.canView && organizationId !== "";
  const endpoint = useQuery({ ...webhookQueries.one(organizationId, webhookId), enabled });
  const page = { pageNumber: search.page ?? 1, sortDirection: search.sortDirection ?? "desc" } as const;
  const deliveries = useQuery({ ...webhookQueries.deliveries(organizationId, webhookId, page), enabled });
  // the deliveries whose answer is shown under their row
  const [openIds, setOpenIds] = useState<ReadonlySet<string>>(new Set());
  const [changedId, setChangedId] = useState<string | null>(null);
  const params = { orgId: organizationId, webhookId };
  const manageReason = access.canManage ? null : MANAGE_WEBHOOKS_TOOLTIP;

  // one write at a time: its key marks the button that runs it (test, resume, or a delivery's id)
  const action = useMutation({
    mutationFn: ({ work }: { key: string; work: () => Promise<string> }) => work(),
    onSuccess: (message) => toastSuccess(message),
    onError: (error) => toastError(errorMessage(error)),
    onSettled: () => refreshWebhooks(queryClient, organizationId),
  });
  const busy = action.isPending ? (action.variables?.key ?? null) : null;
  const run = (key: string, work: () => Promise<string>) => action.mutate({ key, work });
  const sendTest = () =>
    run("test", async () => {
      await api(webhookRoutes.testWebhook, { params });
      return "Test event sent. Its delivery appears below in a moment.";
    });
  const resume = () =>
    run("resume", async () => {
      await api(webhookRoutes.resumeWebhook, { params });
      return "Webhook resumed.";
    });
  const redeliver = (delivery: WebhookDelivery) =>
    run(delivery.id, async () => {
      await api(webhookRoutes.redeliverWebhookDelivery, { params: { ...params, deliveryId: delivery.id } });
      setChangedId(delivery.id);
      return `${webhookEventWords(delivery.eventType)} sent again. The new attempt appears at the top of the log.`;
    });

  const toggleOpen = (id: string) =>
    setOpenIds((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const pageControl: PageControl<"attemptedAt"> = {
    pageNumber: page.pageNumber,
    sortBy: "attemptedAt",
    sortDirection: page.sortDirection,
    pageSize: UI.pageSize,
    query: {
      pageNumber: page.pageNumber,
      pageSize: UI.pageSize,
      sortBy: "attemptedAt",
      sortDirection: page.sortDirection,
    },
    setPage: (next) => onSearch({ ...search, page: next === 1 ? undefined : next }),
    // newest first is the log's own order, so it stays out of the address
    toggleSort: () => onSearch({ page: undefined, sortDirection: page.sortDirection === "desc" ? "asc" : undefined }),
    restart: () => onSearch({ ...search, page: undefined }),
  };
  const columns: Column<WebhookDelivery, "attemptedAt">[] = [
    { key: "time", label: "Time", sortField: "attemptedAt", render: (delivery) => formatWhen(delivery.attemptedAt) },
    { key: "event", label: "Event", render: (delivery) => webhookEventWords(delivery.eventType) },
    {
      key: "attempt",
      label: "Attempt",
      render: (delivery) => (
        <>
          {delivery.attempt}
          {delivery.redelivery && (
            <Text span size="xs" c="dimmed">
              {" "}
              (sent again)
            </Text>
          )}
        </>
      ),
    },
    {
      key: "result",
      label: "Result",
      render: (delivery) => {
        const result = deliveryResult(delivery);
        return (
          <Badge color={RESULT_COLOR[result.tone]} variant="light" tt="none" maw={260}>
            {result.label}
          </Badge>
        );
      },
    },
    {
      key: "latency",
      label: "Latency",
      render: (delivery) => (delivery.latencyMs === null ? "—" : `${delivery.latencyMs} ms`),
    },
    {
      key: "answer",
      label: "Answer",
      render: (delivery) => {
        const open = openIds.has(delivery.id);
        return delivery.responseExcerpt ? (
          <Button
            variant="default"
            size="compact-sm"
            leftSection={open ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
            aria-expanded={open}
            onClick={() => toggleOpen(delivery.id)}
          >
            {open ? "Hide answer" : "Show answer"}
          </Button>
        ) : (
          <Text size="sm" c="dimmed">
            None
          </Text>
        );
      },
    },
    {
      key: "actions",
      label: "Actions",
      labelHidden: true,
      render: (delivery) => (
        <GuardedButton
          size="compact-sm"
          variant="default"
          leftSection={<IconRepeat size={14} />}
          loading={busy === delivery.id}
          reason={manageReason}
          aria-label={`Redeliver ${webhookEventWords(delivery.eventType)} of ${formatWhen(delivery.attemptedAt)}`}
          onClick={() => redeliver(delivery)}
        >
          Redeliver
        </GuardedButton>
      ),
    },
  ];

  const current = endpoint.data;
  const suspended = current?.suspended ?? false;
  const actions = current && (
    <Group gap="sm">
      <GuardedButton
        variant="default"
        leftSection={<IconPencil size={16} />}
        reason={manageReason}
        onClick={() => void navigate({ to: "/settings/webhooks/$webhookId/edit", params: { webhookId } })}
      >
        Edit
      </GuardedButton>
      <GuardedButton
        leftSection={<IconSend size={16} />}
        loading={busy === "test"}
        reason={manageReason ?? (suspended ? "Resume the webhook first: nothing is sent while it is suspended" : null)}
        onClick={sendTest}
      >
        Send test event
      </GuardedButton>
    </Group>
  );

  let body: ReactNode;
  if (!access.known || (access.canView && (endpoint.isPending || deliveries.isPending))) {
    body = <TableSkeleton rows={6} label="Loading the delivery log" />;
  } else if (!access.canView) body = <NotAllowed />;
  else if (endpoint.isError) body = <LoadError error={endpoint.error} what="webhook" />;
  else if (deliveries.isError) body = <LoadError error={deliveries.error} what="delivery log" />;
  else if (current && deliveries.data) {
    const { records, count } = deliveries.data;
    body = (
      <Stack gap="md">
        <EndpointSummary endpoint={current} />
        {suspended && (
          <Alert color="orange" icon={<IconAlertTriangle size={18} />} title="This webhook is suspended">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">
                {current.suspendedReason ?? "Suspended"} on {formatWhen(current.suspendedAt)}. Nothing is sent until it
                is resumed; events in the meantime are logged as not sent and can be redelivered.
              </Text>
              <GuardedButton
                size="xs"
                color="orange"
                leftSection={<IconPlayerPlay size={14} />}
                loading={busy === "resume"}
                reason={manageReason}
                onClick={resume}
              >
                Resume
              </GuardedButton>
            </Stack>
          </Alert>
        )}
        {count === 0 ? (
          <Paper withBorder p="xl">
            <EmptyState
              icon={<IconTimeline size={26} />}
              variant="light"
              title="No deliveries yet"
              description="Each attempt to reach this webhook is listed here. Send a test event to check that your receiver answers."
            />
          </Paper>
        ) : (
          <>
            <Text size="sm" c="dimmed">
              {count} {count === 1 ? "attempt" : "attempts"}
            </Text>
            <DataTable
              label="Delivery log"
              columns={columns}
              rows={records}
              rowKey={(delivery) => delivery.id}
              empty="No deliveries yet."
              paging={{ page: pageControl, count }}
              highlighted={(delivery) => delivery.id === changedId}
              rowDetail={(delivery) =>
                openIds.has(delivery.id) && delivery.responseExcerpt ? (
                  <Code
                    block
                    style={{ whiteSpace: "pre-wrap", wordBreak: "break-all", maxHeight: 240, overflow: "auto" }}
                  >
                    {delivery.responseExcerpt}
                  </Code>
                ) : null
              }
              minWidth={860}
            />
          </>
        )}
      </Stack>
    );
  }

  return (
    <Page title="Delivery log" actions={actions}>
      <WebhookBreadcrumbs current="Delivery log" />
      {body}
    </Page>
  );
}

function EndpointSummary({ endpoint }: { endpoint: WebhookEndpoint }) {
  return (
    <Paper withBorder p="md">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={2}>
          <Text fw={600} style={{ wordBreak: "break-all" }}>
            {endpoint.url}
          </Text>
          {endpoint.description && (
            <Text size="sm" c="dimmed">
              {endpoint.description}
            </Text>
          )}
          <Text size="sm">{webhookEventSummary(endpoint.eventTypes)}</Text>
        </Stack>
        <WebhookStateBadge endpoint={endpoint} />
      </Group>
    </Paper>
  );
}
