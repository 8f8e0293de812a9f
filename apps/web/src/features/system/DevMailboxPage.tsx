import {
  Alert,
  Badge,
  Button,
  Grid,
  Group,
  Paper,
  ScrollArea,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from "@mantine/core";
import { type mailboxSchema, sessionRoutes } from "@signet/contract";
import { IconInfoCircle } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { z } from "zod";
import { api } from "../../api/client.ts";
import { useConfig } from "../../app/services-context.tsx";
import { type Column, DataTable } from "../../components/data-table/DataTable.tsx";
import { Page } from "../../components/Page.tsx";
import { Spinner } from "../../components/Spinner.tsx";
import { mailPreviewDocument } from "./mail-preview.ts";

type DevMail = z.infer<typeof mailboxSchema>[number];

/** Mail kept by the embedded dev mailbox, for developers (e.g. to follow password-reset links). */
export function DevMailboxPage() {
  const config = useConfig();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const mailbox = useQuery({
    queryKey: ["dev-mailbox"],
    // Polling is not user activity: it must not keep a session alive.
    queryFn: ({ signal }) => api(sessionRoutes.devMailbox, { signal, activity: false }),
    enabled: config.devMailbox,
    refetchInterval: 5000,
  });

  if (!config.devMailbox) {
    return (
      <Page title="Dev mailbox">
        <Alert color="gray" icon={<IconInfoCircle size={18} />}>
          The dev mailbox is off: this server sends mail through SMTP.
        </Alert>
      </Page>
    );
  }

  const messages = [...(mailbox.data ?? [])].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  const selected = messages.find((m) => m.id === selectedId) ?? messages[0] ?? null;

  const columns: Column<DevMail>[] = [
    { key: "to", label: "To", render: (m) => m.to },
    {
      key: "subject",
      label: "Subject",
      render: (m) => (
        <UnstyledButton onClick={() => setSelectedId(m.id)} fz="sm" fw={500}>
          {m.subject}
        </UnstyledButton>
      ),
    },
    {
      key: "received",
      label: "Received",
      render: (m) => (
        <Text size="xs" c="dimmed">
          {new Date(m.createdAt).toLocaleString()}
        </Text>
      ),
    },
  ];

  return (
    <Page
      title="Dev mailbox"
      description="Mail the server would have sent. Newest first."
      actions={
        <Button variant="default" onClick={() => void mailbox.refetch()} loading={mailbox.isFetching}>
          Refresh
        </Button>
      }
    >
      {mailbox.isPending ? (
        <Spinner />
      ) : messages.length === 0 ? (
        <Paper withBorder p="xl">
          <Text c="dimmed" ta="center">
            No messages yet.
          </Text>
        </Paper>
      ) : (
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Paper withBorder>
              <ScrollArea.Autosize mah={640}>
                <DataTable
                  label="Messages"
                  columns={columns}
                  rows={messages}
                  rowKey={(m) => m.id}
                  empty={null}
                  framed={false}
                  minWidth={0}
                  isSelected={(m) => selected?.id === m.id}
                />
              </ScrollArea.Autosize>
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }}>
            {selected && (
              <Paper withBorder p="md">
                <Stack gap="xs">
                  <Title order={2} fz="lg">
                    {selected.subject}
                  </Title>
                  <Group gap="xs">
                    <Badge variant="light">From</Badge>
                    <Text size="sm">{selected.from}</Text>
                    <Badge variant="light">To</Badge>
                    <Text size="sm">{selected.to}</Text>
                  </Group>
                  <iframe
                    title={`Message: ${selected.subject}`}
                    sandbox="allow-top-navigation-by-user-activation allow-popups allow-popups-to-escape-sandbox"
                    srcDoc={mailPreviewDocument(selected.html || `<pre>${escapeHtml(selected.text)}</pre>`)}
                    style={{
                      width: "100%",
                      height: 520,
                      border: "1px solid var(--mantine-color-gray-3)",
                      borderRadius: 8,
                      background: "white",
                    }}
                  />
                </Stack>
              </Paper>
            )}
          </Grid.Col>
        </Grid>
      )}
    </Page>
  );
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}
