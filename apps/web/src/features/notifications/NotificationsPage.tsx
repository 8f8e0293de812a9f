import {
  Alert,
  Badge,
  Button,
  Group,
  Pagination,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  UnstyledButton,
} from "@mantine/core";
import {
  emailTemplateRoutes,
  NOTIFICATION_CHANNEL_LABELS,
  NOTIFICATION_STATUS_LABELS,
  organizationRoutes,
  UI,
} from "@signet/contract";
import { IconArrowDown, IconArrowUp, IconSearch } from "@tabler/icons-react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { errorMessage } from "../../api/api-error.ts";
import { api } from "../../api/client.ts";
import { Page } from "../../components/Page.tsx";
import { NOTIFICATION_KIND_OPTIONS, notificationKindWords } from "./notification-kinds.ts";
import type { NotificationSearch } from "./notification-search.ts";

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
    const pages = Math.max(1, Math.ceil(records.data.count / UI.pageSize));
    body = (
      <Stack gap="sm">
        <Paper withBorder style={{ overflowX: "auto" }}>
          <Table verticalSpacing="sm" striped aria-label="Emails and text messages">
            <Table.Thead>
              <Table.Tr>
                <Table.Th aria-sort={search.sortDirection === "asc" ? "ascending" : "descending"}>
                  <UnstyledButton
                    onClick={() =>
                      onSearch({
                        ...search,
                        page: undefined,
                        sortDirection: search.sortDirection === "asc" ? undefined : "asc",
                      })
                    }
                  >
                    <Group gap={4} wrap="nowrap">
                      <Text fw={600} size="sm">
                        Time
                      </Text>
                      {search.sortDirection === "asc" ? (
                        <IconArrowUp size={14} aria-hidden />
                      ) : (
                        <IconArrowDown size={14} aria-hidden />
                      )}
                    </Group>
                  </UnstyledButton>
                </Table.Th>
                <Table.Th>Organization</Table.Th>
                <Table.Th>Message</Table.Th>
                <Table.Th>Recipient</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Server answer</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {records.data.records.map((record) => (
                <Table.Tr key={record.id}>
                  <Table.Td style={{ whiteSpace: "nowrap" }}>{when(record.lastAttemptAt)}</Table.Td>
                  <Table.Td>{record.organizationName ?? <Text c="dimmed">None (account email)</Text>}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{notificationKindWords(record.kind)}</Text>
                    <Text size="xs" c="dimmed">
                      {NOTIFICATION_CHANNEL_LABELS[record.channel]}
                      {record.subject ? ` · ${record.subject}` : ""}
                    </Text>
                  </Table.Td>
                  <Table.Td>{record.recipient}</Table.Td>
                  <Table.Td>
                    <Badge color={record.status === "SENT" ? "teal" : "red"} variant="light">
                      {NOTIFICATION_STATUS_LABELS[record.status]}
                    </Badge>
                    {record.attempts > 1 && (
                      <Text size="xs" c="dimmed">
                        {record.attempts} attempts
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Text size="xs" style={{ wordBreak: "break-word" }}>
                      {record.answer ?? "—"}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {records.data.count} {records.data.count === 1 ? "message" : "messages"}
          </Text>
          {pages > 1 && (
            <Pagination
              total={pages}
              value={page}
              onChange={(next) => onSearch({ ...search, page: next === 1 ? undefined : next })}
              getControlProps={(control) => ({ "aria-label": `${control} page` })}
            />
          )}
        </Group>
      </Stack>
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
