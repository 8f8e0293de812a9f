import { Alert, Badge, Button, Paper, Select, SimpleGrid, Skeleton, Stack, Text, TextInput } from "@mantine/core";
import {
  emailTemplateRoutes,
  NOTIFICATION_CHANNEL_LABELS,
  NOTIFICATION_STATUS_LABELS,
  type NotificationRecord,
  organizationRoutes,
  UI,
} from "@signet/contract";
import { IconSearch } from "@tabler/icons-react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { errorMessage } from "../../api/api-error.ts";
import { api } from "../../api/client.ts";
import { type Column, DataTable } from "../../components/data-table/DataTable.tsx";
import type { PageControl } from "../../components/data-table/use-page-state.ts";
import { Page } from "../../components/Page.tsx";
import { NOTIFICATION_KIND_OPTIONS, notificationKindWords } from "./notification-kinds.ts";
import type { NotificationSearch } from "./notification-search.ts";

const COLUMNS: Column<NotificationRecord, "lastAttemptAt">[] = [
  {
    key: "time",
    label: "Time",
    sortField: "lastAttemptAt",
    render: (record) => <span style={{ whiteSpace: "nowrap" }}>{when(record.lastAttemptAt)}</span>,
  },
  {
    key: "organization",
    label: "Organization",
    render: (record) => record.organizationName ?? <Text c="dimmed">None (account email)</Text>,
  },
  {
    key: "message",
    label: "Message",
    render: (record) => (
      <>
        <Text size="sm">{notificationKindWords(record.kind)}</Text>
        <Text size="xs" c="dimmed">
          {NOTIFICATION_CHANNEL_LABELS[record.channel]}
          {record.subject ? ` · ${record.subject}` : ""}
        </Text>
      </>
    ),
  },
  { key: "recipient", label: "Recipient", render: (record) => record.recipient },
  {
    key: "status",
    label: "Status",
    render: (record) => (
      <>
        <Badge color={record.status === "SENT" ? "teal" : "red"} variant="light">
          {NOTIFICATION_STATUS_LABELS[record.status]}
        </Badge>
        {record.attempts > 1 && (
          <Text size="xs" c="dimmed">
            {record.attempts} attempts
          </Text>
        )}
      </>
    ),
  },
  {
    key: "answer",
    label: "Server answer",
    render: (record) => (
      <Text size="xs" style={{ wordBreak: "break-word" }}>
        {record.answer ?? "—"}
      </Text>
    ),
  },
];

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });

/** Support users: every email and text message sent or failed, across organizations (issue 14 §2). */
export function NotificationsPage({
  search,
  onSearch,
}: {
  search: NotificationSearch;
  onSearch: (next: NotificationSearch) => void;
}) {
  const page = search.page ?? 1;
  const set = (patch: Partial<NotificationSearch>) => onSearch({ ...search, ...patch, page: undefined });
  const [recipient, setRecipient] = useState(search.recipient ?? "");
  const organizations = useQuery({
    queryKey: ["notifications", "organizations"],
    queryFn: ({ signal }) =>
      api(organizationRoutes.listOrganizations, {
        query: { pageSize: 100, sortBy: "name", sortDirection: "asc" },
        signal,
      }),
  });
  const records = useQuery({
    queryKey: ["notifications", "records", search],
    queryFn: ({ signal }) =>
      api(emailTemplateRoutes.listNotificationRecords, {
        query: {
          pageNumber: page,
          pageSize: UI.pageSize,
          sortBy: "lastAttemptAt",
          sortDirection: search.sortDirection ?? "desc",
          organizationId: search.organizationId,
          kind: search.kind,
          channel: search.channel,
          status: search.status,
          from: search.from,
          to: search.to,
          recipient: search.recipient,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
  const filtered = Object.entries(search).some(([key, value]) => key !== "page" && value !== undefined);

  let body: React.ReactNode;
  if (records.isPending) {
    body = (
      <Stack gap="xs" role="status" aria-busy="true" aria-label="Loading the notifications">
        <Skeleton height={36} />
        {[1, 2, 3, 4, 5].map((row) => (
          <Skeleton key={row} height={44} />
        ))}
      </Stack>
    );
  } else if (records.isError) {
    body = (
      <Alert color="red" role="alert" title="The notifications could not be loaded.">
        {errorMessage(records.error)} Reload the page to try again.
      </Alert>
    );
  } else if (records.data.count === 0) {
    body = (
      <Paper withBorder p="xl">
        <Stack gap="xs" align="flex-start">
          <Text fw={600}>
            {filtered ? "No message matches these filters." : "No email or text message was sent yet."}
          </Text>
          <Text size="sm">
            {filtered
              ? "Widen the dates or clear a filter."
              : "Every invitation, reminder, notice and code Signet sends or fails to send is listed here."}
          </Text>
          {filtered && (
            <Button
              variant="default"
              onClick={() => {
                setRecipient("");
                onSearch({});
              }}
            >
              Clear filters
            </Button>
          )}
        </Stack>
      </Paper>
    );
  } else {
    // the list sorts by time only, newest first unless the URL says otherwise
    const control: PageControl<"lastAttemptAt"> = {
      pageNumber: page,
      sortBy: "lastAttemptAt",
      sortDirection: search.sortDirection ?? "desc",
      pageSize: UI.pageSize,
      query: {
        pageNumber: page,
        pageSize: UI.pageSize,
        sortBy: "lastAttemptAt",
        sortDirection: search.sortDirection ?? "desc",
      },
      setPage: (next) => onSearch({ ...search, page: next === 1 ? undefined : next }),
      toggleSort: () =>
        onSearch({ ...search, page: undefined, sortDirection: search.sortDirection === "asc" ? undefined : "asc" }),
      restart: () => onSearch({ ...search, page: undefined }),
    };
    body = (
      <DataTable
        label="Emails and text messages"
        columns={COLUMNS}
        rows={records.data.records}
        rowKey={(record) => record.id}
        empty={null}
        loading={records.isFetching}
        paging={{ page: control, count: records.data.count }}
      />
    );
  }

  return (
    <Page title="Notifications" description="Every email and text message sent or failed, in every organization">
      <Paper withBorder p="md">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
          <Select
            label="Organization"
            placeholder="All organizations"
            searchable
            clearable
            data={(organizations.data?.records ?? []).map((organization) => ({
              value: organization.id,
              label: organization.name,
            }))}
            value={search.organizationId ?? null}
            onChange={(value) => set({ organizationId: value ?? undefined })}
          />
          <Select
            label="Message"
            placeholder="All messages"
            clearable
            data={NOTIFICATION_KIND_OPTIONS}
            value={search.kind ?? null}
            onChange={(value) => set({ kind: value ?? undefined })}
          />
          <Select
            label="Status"
            placeholder="Sent and failed"
            clearable
            data={[
              { value: "SENT", label: "Sent" },
              { value: "FAILED", label: "Failed" },
            ]}
            value={search.status ?? null}
            onChange={(value) => set({ status: (value as NotificationSearch["status"]) ?? undefined })}
          />
          <Select
            label="Channel"
            placeholder="Email and text"
            clearable
            data={[
              { value: "EMAIL", label: "Email" },
              { value: "SMS", label: "Text message" },
            ]}
            value={search.channel ?? null}
            onChange={(value) => set({ channel: (value as NotificationSearch["channel"]) ?? undefined })}
          />
          <TextInput
            label="From"
            type="date"
            value={search.from ?? ""}
            onChange={(event) => set({ from: event.currentTarget.value || undefined })}
          />
          <TextInput
            label="To"
            type="date"
            value={search.to ?? ""}
            onChange={(event) => set({ to: event.currentTarget.value || undefined })}
          />
          <TextInput
            label="Recipient"
            description="The whole email address or phone number"
            placeholder="name@example.com"
            value={recipient}
            onChange={(event) => setRecipient(event.currentTarget.value)}
            onBlur={() => set({ recipient: recipient.trim() || undefined })}
            onKeyDown={(event) => {
              if (event.key === "Enter") set({ recipient: recipient.trim() || undefined });
            }}
            rightSection={<IconSearch size={16} aria-hidden />}
          />
        </SimpleGrid>
      </Paper>
      {body}
    </Page>
  );
}
