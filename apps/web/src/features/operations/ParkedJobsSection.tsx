import { Button, EmptyState, Pagination, Paper, Stack, Text, Title } from "@mantine/core";
import { operationsRoutes, type ParkedJob } from "@signet/contract";
import { IconCircleCheck } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { errorMessage } from "../../api/api-error.ts";
import { api } from "../../api/client.ts";
import { type Column, DataTable } from "../../components/data-table/DataTable.tsx";
import { Spinner } from "../../components/Spinner.tsx";
import { toastError, toastSuccess } from "../../components/toast.ts";
import { LoadFailed } from "./LoadFailed.tsx";
import { when } from "./when.ts";

const PARKED_PAGE_SIZE = 20;

/** Outbox work that could not be queued after repeated tries, a page at a time, each to requeue. */
export function ParkedJobsSection() {
  const queryClient = useQueryClient();
  const [pageNumber, setPageNumber] = useState(1);
  const parked = useQuery({
    queryKey: ["operations", "parked", pageNumber],
    queryFn: ({ signal }) =>
      api(operationsRoutes.listParkedJobs, { query: { pageNumber, pageSize: PARKED_PAGE_SIZE }, signal }),
  });
  const requeue = useMutation({
    mutationFn: (job: ParkedJob) => api(operationsRoutes.requeueParkedJob, { params: { outboxId: job.id } }),
    onSuccess: (_result, job) =>
      toastSuccess(`The ${job.jobName} job is back in line and will be tried again shortly.`),
    onError: (error) => toastError(errorMessage(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["operations"] }),
  });
  // the job being put back in line; the others wait for it
  const busy = requeue.isPending ? requeue.variables.id : null;
  const columns: Column<ParkedJob>[] = [
    {
      key: "job",
      label: "Job",
      render: (job) => (
        <>
          {job.jobName}{" "}
          <Text span size="xs" c="dimmed">
            #{job.id}
          </Text>
        </>
      ),
    },
    { key: "queue", label: "Queue", render: (job) => job.queue },
    { key: "tries", label: "Tries", align: "right", render: (job) => job.attempts },
    {
      key: "error",
      label: "Last error",
      width: 360,
      render: (job) => (
        <Text size="sm" lineClamp={3}>
          {job.lastError ?? "—"}
        </Text>
      ),
    },
    { key: "parked", label: "Parked", render: (job) => when(job.parkedAt) },
    {
      key: "actions",
      label: "Actions",
      labelHidden: true,
      render: (job) => (
        <Button
          size="xs"
          variant="light"
          loading={busy === job.id}
          disabled={busy !== null && busy !== job.id}
          aria-label={`Requeue ${job.jobName} job ${job.id}`}
          onClick={() => requeue.mutate(job)}
        >
          Requeue
        </Button>
      ),
    },
  ];
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
          <DataTable
            label="Parked jobs"
            columns={columns}
            rows={parked.data.records}
            rowKey={(job) => job.id}
            empty={null}
            minWidth={760}
          />
          {pages > 1 && (
            <Pagination total={pages} value={pageNumber} onChange={setPageNumber} aria-label="Parked jobs pages" />
          )}
        </>
      )}
    </Stack>
  );
}
