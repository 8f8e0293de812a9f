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
  Title,
  VisuallyHidden,
} from "@mantine/core";
import {
  operationsRoutes,
  type ParkedJob,
  QUEUE_DASHBOARD_PATH,
  SERVICE_STATE_WORDS,
  type ServiceState,
} from "@signet/contract";
import { IconCircleCheck, IconExternalLink, IconRefresh } from "@tabler/icons-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { errorMessage } from "../../api/api-error.ts";
import { api } from "../../api/client.ts";
import { Page } from "../../components/Page.tsx";
import { Spinner } from "../../components/Spinner.tsx";
import { toastError, toastSuccess } from "../../components/toast.ts";

const STATE_COLOR: Record<ServiceState, string> = { up: "teal", down: "red", "not-configured": "gray" };
const PARKED_PAGE_SIZE = 20;

const when = (iso: string) => new Date(iso).toLocaleString();

function LoadFailed({ error, what }: { error: unknown; what: string }) {
  return (
    <Alert color="red" title={`The ${what} could not be loaded.`} role="alert">
      {errorMessage(error)}
    </Alert>
  );
}

function ServicesSection() {
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
          <Paper withBorder>
            <Table.ScrollContainer minWidth={720}>
              <Table verticalSpacing="sm" aria-label="Services">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Service</Table.Th>
                    <Table.Th>State</Table.Th>
                    <Table.Th>Version</Table.Th>
                    <Table.Th>Details</Table.Th>
                    <Table.Th ta="right">Check took</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {info.data.services.map((service) => (
                    <Table.Tr key={service.id}>
                      <Table.Td fw={500}>{service.name}</Table.Td>
                      <Table.Td>
                        <Badge color={STATE_COLOR[service.state]} variant="light">
                          {SERVICE_STATE_WORDS[service.state]}
                        </Badge>
                      </Table.Td>
                      <Table.Td>{service.version ?? "—"}</Table.Td>
                      <Table.Td>
                        <Text size="sm">{service.detail}</Text>
                      </Table.Td>
                      <Table.Td ta="right">{service.latencyMs === null ? "—" : `${service.latencyMs} ms`}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Paper>
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

function QueuesSection({
  queues,
}: {
  queues: { name: string; waiting: number; active: number; delayed: number; failed: number }[];
}) {
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
        <Paper withBorder>
          <Table verticalSpacing="xs" aria-label="Job queues">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Queue</Table.Th>
                <Table.Th ta="right">Waiting</Table.Th>
                <Table.Th ta="right">Running</Table.Th>
                <Table.Th ta="right">Delayed</Table.Th>
                <Table.Th ta="right">Failed</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {queues.map((queue) => (
                <Table.Tr key={queue.name}>
                  <Table.Td>{queue.name}</Table.Td>
                  <Table.Td ta="right">{queue.waiting}</Table.Td>
                  <Table.Td ta="right">{queue.active}</Table.Td>
                  <Table.Td ta="right">{queue.delayed}</Table.Td>
                  <Table.Td ta="right" c={queue.failed > 0 ? "red.8" : undefined}>
                    {queue.failed}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
    </Stack>
  );
}

function ParkedJobsSection() {
  const queryClient = useQueryClient();
  const [pageNumber, setPageNumber] = useState(1);
  const [busy, setBusy] = useState<string | null>(null);
  const parked = useQuery({
    queryKey: ["operations", "parked", pageNumber],
    queryFn: ({ signal }) =>
      api(operationsRoutes.listParkedJobs, { query: { pageNumber, pageSize: PARKED_PAGE_SIZE }, signal }),
  });
  const requeue = async (job: ParkedJob) => {
    setBusy(job.id);
    try {
      await api(operationsRoutes.requeueParkedJob, { params: { outboxId: job.id } });
      toastSuccess(`The ${job.jobName} job is back in line and will be tried again shortly.`);
    } catch (error) {
      toastError(errorMessage(error));
    } finally {
      setBusy(null);
      await queryClient.invalidateQueries({ queryKey: ["operations"] });
    }
  };
  const pages = parked.data ? Math.ceil(parked.data.count / PARKED_PAGE_SIZE) : 0;
  return (
    <Stack gap="sm" mt="md">
      <div>
        <Title order={2} size="h3">
          Parked jobs
        </Title>
        <Text size="sm" c="dimmed">
          Work that could not be handed to a queue after repeated tries. Fix the cause, then put it back in line.
        </Text>
      </div>
      {parked.isPending ? (
        <Spinner />
      ) : parked.isError ? (
        <LoadFailed error={parked.error} what="parked jobs" />
      ) : parked.data.count === 0 ? (
        <Paper withBorder p="xl">
          <EmptyState
            icon={<IconCircleCheck size={26} />}
            variant="light"
            title="No parked jobs"
            description="Every background job was handed over to its queue."
          />
        </Paper>
      ) : (
        <>
          <Paper withBorder>
            <Table.ScrollContainer minWidth={760}>
              <Table verticalSpacing="sm" aria-label="Parked jobs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Job</Table.Th>
                    <Table.Th>Queue</Table.Th>
                    <Table.Th ta="right">Tries</Table.Th>
                    <Table.Th>Last error</Table.Th>
                    <Table.Th>Parked</Table.Th>
                    <Table.Th>
                      <VisuallyHidden>Actions</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {parked.data.records.map((job) => (
                    <Table.Tr key={job.id}>
                      <Table.Td>
                        {job.jobName}{" "}
                        <Text span size="xs" c="dimmed">
                          #{job.id}
                        </Text>
                      </Table.Td>
                      <Table.Td>{job.queue}</Table.Td>
                      <Table.Td ta="right">{job.attempts}</Table.Td>
                      <Table.Td maw={360}>
                        <Text size="sm" lineClamp={3}>
                          {job.lastError ?? "—"}
                        </Text>
                      </Table.Td>
                      <Table.Td>{when(job.parkedAt)}</Table.Td>
                      <Table.Td>
                        <Button
                          size="xs"
                          variant="light"
                          loading={busy === job.id}
                          disabled={busy !== null && busy !== job.id}
                          aria-label={`Requeue ${job.jobName} job ${job.id}`}
                          onClick={() => void requeue(job)}
                        >
                          Requeue
                        </Button>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Paper>
          {pages > 1 && (
            <Pagination total={pages} value={pageNumber} onChange={setPageNumber} aria-label="Parked jobs pages" />
          )}
        </>
      )}
    </Stack>
  );
}

/** Issue 14 §4: what a support engineer checks first when something stalls. */
export function OperationsPage() {
  return (
    <Page
      title="Services and queues"
      description="The health of everything Signet depends on, its background queues and any work that got stuck."
    >
      <ServicesSection />
      <ParkedJobsSection />
    </Page>
  );
}
