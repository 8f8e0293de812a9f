import { Button, Group, Stack, Text, Title } from "@mantine/core";
import { QUEUE_DASHBOARD_PATH } from "@signet/contract";
import { IconExternalLink } from "@tabler/icons-react";
import { type Column, DataTable } from "../../components/data-table/DataTable.tsx";

type Queue = { name: string; waiting: number; active: number; delayed: number; failed: number };

const QUEUE_COLUMNS: Column<Queue>[] = [
  { key: "queue", label: "Queue", render: (queue) => queue.name },
  { key: "waiting", label: "Waiting", align: "right", render: (queue) => queue.waiting },
  { key: "running", label: "Running", align: "right", render: (queue) => queue.active },
  { key: "delayed", label: "Delayed", align: "right", render: (queue) => queue.delayed },
  {
    key: "failed",
    label: "Failed",
    align: "right",
    render: (queue) => (
      <Text span size="sm" c={queue.failed > 0 ? "red.8" : undefined}>
        {queue.failed}
      </Text>
    ),
  },
];

/** The background queues' counts, with the way to the queue dashboard. */
export function QueuesSection({ queues }: { queues: Queue[] }) {
  return (
    <Stack gap="sm" mt="md">
      <Group justify="space-between" align="flex-end">
        <Title order={2} size="h3">
          Job queues
        </Title>
        {queues.length > 0 && (
          <Button
            component="a"
            href={QUEUE_DASHBOARD_PATH}
            target="_blank"
            rel="noopener"
            variant="default"
            rightSection={<IconExternalLink size={16} />}
          >
            Open the queue dashboard
          </Button>
        )}
      </Group>
      {queues.length === 0 ? (
        <Text size="sm">
          Background jobs run inside the API process because no Redis is configured, so there are no queues to show.
        </Text>
      ) : (
        <DataTable
          label="Job queues"
          columns={QUEUE_COLUMNS}
          rows={queues}
          rowKey={(queue) => queue.name}
          empty={null}
          minWidth={0}
        />
      )}
    </Stack>
  );
}
