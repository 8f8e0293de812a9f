import {
  Alert,
  Badge,
  Button,
  Group,
  Pagination,
  Paper,
  Progress,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { BULK_SEND_MESSAGES, bulkSendRoutes, isBulkSendActive } from "@signet/contract";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { ApiError, errorMessage } from "../../api/api-error.ts";
import { api } from "../../api/client.ts";
import { useSessionUser } from "../../app/services-context.tsx";
import { AnchorLink } from "../../components/links.tsx";
import { Page } from "../../components/Page.tsx";
import { toastError, toastSuccess } from "../../components/toast.ts";
import { invalidatePackage } from "../packages/package-queries.ts";
import { bulkSendQueries } from "./bulk-send-api.ts";
import { BULK_SEND_STATUS_LABELS, bulkSendPercent, bulkSendSummary } from "./bulk-send-words.ts";
import { RowErrors } from "./RowErrors.tsx";

const STATUS_COLORS = {
  QUEUED: "gray",
  RUNNING: "blue",
  COMPLETED: "teal",
  CANCELLED: "orange",
  FAILED: "red",
} as const;

function Count({ label, value }: { label: string; value: number }) {
  return (
    <Paper withBorder p="sm">
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text fz={24} fw={700} data-testid={`bulk-send-${label.toLowerCase()}`}>
        {value.toLocaleString("en-US")}
      </Text>
    </Paper>
  );
}

/** A bulk send's progress (polled while it works), its counts, Cancel, and its failed rows with line and reason. */
export function BulkSendProgressPage({ bulkSendId }: { bulkSendId: string }) {
  const user = useSessionUser();
  const orgId = user?.organizationId ?? "";
  const client = useQueryClient();
  const bulkSend = useQuery({ ...bulkSendQueries.one(orgId, bulkSendId), enabled: orgId !== "" });
  const [failedPage, setFailedPage] = useState(1);
  const [cancelling, setCancelling] = useState(false);
  const data = bulkSend.data;
  const failed = useQuery({
    ...bulkSendQueries.failedRows(orgId, bulkSendId, failedPage),
    // asked again as failures are counted
    queryKey: [...bulkSendQueries.failedRows(orgId, bulkSendId, failedPage).queryKey, data?.failedCount ?? 0],
    enabled: orgId !== "" && (data?.failedCount ?? 0) > 0,
  });

  // the workspace's lists and counts change as packages are created and sent
  const progress = `${data?.createdCount ?? 0}:${data?.sentCount ?? 0}`;
  useEffect(() => {
    if (orgId && progress !== "0:0") void invalidatePackage(client, orgId);
  }, [client, orgId, progress]);

  async function cancel() {
    if (!data) return;
    setCancelling(true);
    try {
      await api(bulkSendRoutes.cancelBulkSend, {
        params: { orgId, bulkSendId },
        body: { version: data.version },
        passThrough: true,
      });
      toastSuccess(BULK_SEND_MESSAGES.cancelRequested);
    } catch (error) {
      if (!(error instanceof ApiError && error.handled)) toastError(errorMessage(error));
    } finally {
      setCancelling(false);
      await client.invalidateQueries({ queryKey: ["bulk-send", orgId, bulkSendId] });
    }
  }

  if (bulkSend.isError) {
    return (
      <Page title="Bulk send">
        <Alert color="red" icon={<IconAlertTriangle size={18} />} title="This bulk send cannot be shown" role="alert">
          {errorMessage(bulkSend.error)}
        </Alert>
      </Page>
    );
  }
  if (!data) {
    return (
      <Page title="Bulk send">
        <Stack role="status" aria-label="Loading the bulk send">
          <Skeleton height={24} />
          <Skeleton height={120} />
        </Stack>
      </Page>
    );
  }
  const percent = bulkSendPercent(data);
  const active = isBulkSendActive(data.status);
  return (
    <Page
      title={`Bulk send: ${data.templateName}`}
      description={[
        data.fileName,
        data.createdByName ? `started by ${data.createdByName}` : null,
        new Date(data.createdAt).toLocaleString("en-US"),
      ]
        .filter(Boolean)
        .join(" · ")}
      actions={
        active && (
          <Button
            color="red"
            variant="outline"
            onClick={() => void cancel()}
            loading={cancelling}
            disabled={data.cancelRequested}
          >
            {data.cancelRequested ? "Cancelling…" : "Cancel bulk send"}
          </Button>
        )
      }
    >
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Group justify="space-between">
            <Badge variant="light" color={STATUS_COLORS[data.status]} data-testid="bulk-send-status">
              {BULK_SEND_STATUS_LABELS[data.status]}
            </Badge>
            <Text size="sm" aria-live="polite">
              {percent}% of {data.totalRows.toLocaleString("en-US")} rows · {bulkSendSummary(data)}
            </Text>
          </Group>
          <Progress.Root size="xl">
            <Progress.Section value={percent} aria-label="Bulk send progress" animated={active} striped={active} />
          </Progress.Root>
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            <Count label="Created" value={data.createdCount} />
            <Count label="Sent" value={data.sentCount} />
            <Count label="Failed" value={data.failedCount} />
            <Count label="Skipped" value={data.skippedCount} />
          </SimpleGrid>
          {!active && (
            <Group gap="sm">
              <AnchorLink to="/workspace">Open the workspace</AnchorLink>
              <AnchorLink to="/bulk-send" search={{ templateId: data.templateId }}>
                Start another bulk send from this template
              </AnchorLink>
            </Group>
          )}
        </Stack>
      </Paper>
      {data.failedCount > 0 && (
        <Paper withBorder p="md">
          <Stack gap="sm">
            <Title order={2} size="h4">
              Failed rows
            </Title>
            {failed.data ? (
              <RowErrors
                label="Failed rows"
                rows={failed.data.records.map((row) => ({ line: row.line, reason: row.error ?? "" }))}
              />
            ) : (
              <Skeleton height={80} />
            )}
            {(failed.data?.count ?? 0) > 10 && (
              <Pagination
                total={Math.ceil((failed.data?.count ?? 0) / 10)}
                value={failedPage}
                onChange={setFailedPage}
                getControlProps={(control) => ({ "aria-label": `${control} page` })}
              />
            )}
          </Stack>
        </Paper>
      )}
    </Page>
  );
}
