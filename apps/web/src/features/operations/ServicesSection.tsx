import { Badge, Button, Code, Group, Stack, Text, Title } from "@mantine/core";
import { operationsRoutes, SERVICE_STATE_WORDS, type ServiceInfo, type ServiceState } from "@signet/contract";
import { IconRefresh } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../api/client.ts";
import { type Column, DataTable } from "../../components/data-table/DataTable.tsx";
import { Spinner } from "../../components/Spinner.tsx";
import { LoadFailed } from "./LoadFailed.tsx";
import { QueuesSection } from "./QueuesSection.tsx";
import { when } from "./when.ts";

const STATE_COLOR: Record<ServiceState, string> = { up: "teal", down: "red", "not-configured": "gray" };

const SERVICE_COLUMNS: Column<ServiceInfo>[] = [
  {
    key: "service",
    label: "Service",
    render: (service) => (
      <Text size="sm" fw={500}>
        {service.name}
      </Text>
    ),
  },
  {
    key: "state",
    label: "State",
    render: (service) => (
      <Badge color={STATE_COLOR[service.state]} variant="light">
        {SERVICE_STATE_WORDS[service.state]}
      </Badge>
    ),
  },
  { key: "version", label: "Version", render: (service) => service.version ?? "—" },
  { key: "details", label: "Details", render: (service) => <Text size="sm">{service.detail}</Text> },
  {
    key: "latency",
    label: "Check took",
    align: "right",
    render: (service) => (service.latencyMs === null ? "—" : `${service.latencyMs} ms`),
  },
];

/** Each service Signet depends on, checked when the page opens, and the application's build. */
export function ServicesSection() {
  const info = useQuery({
    queryKey: ["operations", "services"],
    queryFn: ({ signal }) => api(operationsRoutes.servicesInfo, { signal }),
  });
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2} size="h3">
            Services
          </Title>
          <Text size="sm" c="dimmed">
            {info.data ? `Checked at ${when(info.data.checkedAt)}.` : "Each service is checked when this page opens."}
          </Text>
        </div>
        <Button
          variant="default"
          leftSection={<IconRefresh size={16} />}
          loading={info.isFetching}
          onClick={() => void info.refetch()}
        >
          Check again
        </Button>
      </Group>
      {info.isPending ? (
        <Spinner />
      ) : info.isError ? (
        <LoadFailed error={info.error} what="services" />
      ) : (
        <>
          <DataTable
            label="Services"
            columns={SERVICE_COLUMNS}
            rows={info.data.services}
            rowKey={(service) => service.id}
            empty={null}
            minWidth={720}
          />
          <Text size="sm" c="dimmed">
            Signet {info.data.application.version} (commit <Code>{info.data.application.commit}</Code>) on Node.js{" "}
            {info.data.application.node}. Outbox: {info.data.outbox.pending} waiting, {info.data.outbox.parked} parked.
          </Text>
          <QueuesSection queues={info.data.queues} />
        </>
      )}
    </Stack>
  );
}
