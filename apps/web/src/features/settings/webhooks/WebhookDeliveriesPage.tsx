import {
  Alert,
  Badge,
  Button,
  Code,
  EmptyState,
  Group,
  Pagination,
  Paper,
  Stack,
  Table,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from "@mantine/core";
import { UI, type WebhookDelivery, type WebhookEndpoint, webhookRoutes } from "@signet/contract";
import {
  IconAlertTriangle,
  IconArrowDown,
  IconArrowUp,
  IconChevronDown,
  IconChevronRight,
  IconPencil,
  IconPlayerPlay,
  IconRepeat,
  IconSend,
  IconTimeline,
} from "@tabler/icons-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { Fragment, type ReactNode, useState } from "react";
import { errorMessage } from "../../../api/api-error.ts";
import { api } from "../../../api/client.ts";
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
  const [busy, setBusy] = useState<string | null>(null);
  const [changedId, setChangedId] = useState<string | null>(null);
  const params = { orgId: organizationId, webhookId };
  const manageReason = access.canManage ? null : MANAGE_WEBHOOKS_TOOLTIP;

  const run = async (key: string, action: () => Promise<string>) => {
    setBusy(key);
    try {
      toastSuccess(await action());
    } catch (error) {
      toastError(errorMessage(error));
    } finally {
      setBusy(null);
      await refreshWebhooks(queryClient, organizationId);
    }
  };
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
        onClick={() => void sendTest()}
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
    const pageCount = Math.max(1, Math.ceil(count / UI.pageSize));
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
                onClick={() => void resume()}
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
            <Table.ScrollContainer minWidth={860}>
              <Table verticalSpacing="sm" aria-label="Delivery log">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th aria-sort={page.sortDirection === "asc" ? "ascending" : "descending"}>
                      <UnstyledButton
                        onClick={() =>
                          onSearch({
                            page: undefined,
                            sortDirection: page.sortDirection === "desc" ? "asc" : undefined,
                          })
                        }
                      >
                        <Group gap={4} wrap="nowrap">
                          <Text fw={600} size="sm">
                            Time
                          </Text>
                          {page.sortDirection === "asc" ? (
                            <IconArrowUp size={14} aria-hidden />
                          ) : (
                            <IconArrowDown size={14} aria-hidden />
                          )}
                        </Group>
                      </UnstyledButton>
                    </Table.Th>
                    <Table.Th>Event</Table.Th>
                    <Table.Th>Attempt</Table.Th>
                    <Table.Th>Result</Table.Th>
                    <Table.Th>Latency</Table.Th>
                    <Table.Th>Answer</Table.Th>
                    <Table.Th>
                      <VisuallyHidden>Actions</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {records.map((delivery) => (
                    <DeliveryRow
                      key={delivery.id}
                      delivery={delivery}
                      changed={delivery.id === changedId}
                      busy={busy === delivery.id}
                      reason={manageReason}
                      onRedeliver={() => void redeliver(delivery)}
                    />
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {pageCount > 1 && (
              <Pagination
                total={pageCount}
                value={page.pageNumber}
                onChange={(next) => onSearch({ ...search, page: next === 1 ? undefined : next })}
                getControlProps={(control) => ({ "aria-label": `${control} page` })}
              />
            )}
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

function DeliveryRow({
  delivery,
  changed,
  busy,
  reason,
  onRedeliver,
}: {
  delivery: WebhookDelivery;
  changed: boolean;
  busy: boolean;
  reason: string | null;
  onRedeliver: () => void;
}) {
  const [open, setOpen] = useState(false);
  const result = deliveryResult(delivery);
  const event = webhookEventWords(delivery.eventType);
  const when = formatWhen(delivery.attemptedAt);
  return (
    <Fragment>
      <Table.Tr data-changed={changed || undefined} bg={changed ? "yellow.0" : undefined}>
        <Table.Td>{when}</Table.Td>
        <Table.Td>{event}</Table.Td>
        <Table.Td>
          {delivery.attempt}
          {delivery.redelivery && (
            <Text span size="xs" c="dimmed">
              {" "}
              (sent again)
            </Text>
          )}
        </Table.Td>
        <Table.Td>
          <Badge color={RESULT_COLOR[result.tone]} variant="light" tt="none" maw={260}>
            {result.label}
          </Badge>
        </Table.Td>
        <Table.Td>{delivery.latencyMs === null ? "—" : `${delivery.latencyMs} ms`}</Table.Td>
        <Table.Td>
          {delivery.responseExcerpt ? (
            <Button
              variant="default"
              size="compact-sm"
              leftSection={open ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
              aria-expanded={open}
              onClick={() => setOpen(!open)}
            >
              {open ? "Hide answer" : "Show answer"}
            </Button>
          ) : (
            <Text size="sm" c="dimmed">
              None
            </Text>
          )}
        </Table.Td>
        <Table.Td>
          <GuardedButton
            size="compact-sm"
            variant="default"
            leftSection={<IconRepeat size={14} />}
            loading={busy}
            reason={reason}
            aria-label={`Redeliver ${event} of ${when}`}
            onClick={onRedeliver}
          >
            Redeliver
          </GuardedButton>
        </Table.Td>
      </Table.Tr>
      {open && delivery.responseExcerpt && (
        <Table.Tr>
          <Table.Td colSpan={7}>
            <Code block style={{ whiteSpace: "pre-wrap", wordBreak: "break-all", maxHeight: 240, overflow: "auto" }}>
              {delivery.responseExcerpt}
            </Code>
          </Table.Td>
        </Table.Tr>
      )}
    </Fragment>
  );
}
