import { Alert, Badge, Button, Code, Group, Paper, Skeleton, Stack, Text, Title } from "@mantine/core";
import { type ConfigurationExportSummary, importExportRoutes } from "@signet/contract";
import { IconDownload, IconInfoCircle } from "@tabler/icons-react";
import { useMutation, useQuery } from "@tanstack/react-query";
import { ApiError, errorMessage } from "../../api/api-error.ts";
import { api } from "../../api/client.ts";
import { type Column, DataTable } from "../../components/data-table/DataTable.tsx";
import { toastError, toastSuccess } from "../../components/toast.ts";
import { downloadConfiguration } from "./import-export-api.ts";
import { useTargetOrganization } from "./use-target-organization.ts";

const number = new Intl.NumberFormat("en-US");

type Section = ConfigurationExportSummary["sections"][number];

const SECTION_COLUMNS: Column<Section>[] = [
  { key: "section", label: "Section", render: (section) => section.label },
  { key: "count", label: "Items", align: "right", render: (section) => number.format(section.count) },
];

/** Issue 13 §6 export: what the archive will hold, section by section, and the download. */
export function ExportPage({ org }: { org?: string }) {
  const { organizationId, supportAccess } = useTargetOrganization(org);
  const summary = useQuery({
    queryKey: ["configuration-summary", organizationId],
    queryFn: ({ signal }) =>
      api(importExportRoutes.getConfigurationExportSummary, { params: { orgId: organizationId }, signal }),
    enabled: organizationId !== "",
  });
  const download = useMutation({
    mutationFn: () => downloadConfiguration(organizationId),
    onSuccess: (fileName) => toastSuccess(`The configuration was exported to ${fileName}.`),
    onError: (error) => {
      if (!(error instanceof ApiError && error.handled)) toastError(errorMessage(error));
    },
  });

  if (summary.isPending)
    return (
      <Stack gap="sm" role="status" aria-busy="true" aria-label="Loading what the export holds">
        <Skeleton height={28} width="50%" />
        {Array.from({ length: 8 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <Skeleton key={index} height={36} />
        ))}
      </Stack>
    );
  if (summary.isError) {
    const traceId = summary.error instanceof ApiError ? summary.error.traceId : null;
    return (
      <Paper withBorder p="xl" role="alert">
        <Stack gap="xs" align="flex-start">
          <Text fw={600}>What the export holds could not be loaded.</Text>
          <Text size="sm">{errorMessage(summary.error)} Reload the page to try again.</Text>
          {traceId && (
            <Text size="xs" c="dimmed">
              Trace ID: <Code>{traceId}</Code>
            </Text>
          )}
        </Stack>
      </Paper>
    );
  }
  const { sections, excluded, organizationName } = summary.data;
  const total = sections.reduce((sum, section) => sum + section.count, 0);
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        {supportAccess && (
          <Badge color="dark" variant="light" w="fit-content">
            Support access
          </Badge>
        )}
        <Title order={2} size="h3">
          Export the configuration of {organizationName}
        </Title>
        <Text size="sm" c="dimmed">
          One zip file you can import into another organization, here or in another installation. Items are named by
          their names, so nothing in it depends on this organization.
        </Text>
      </Stack>
      <DataTable
        label="What the export holds"
        columns={SECTION_COLUMNS}
        rows={sections}
        rowKey={(section) => section.name}
        empty={null}
        footer={{ section: "Total", count: number.format(total) }}
        minWidth={0}
      />
      <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} />} title="Never in the archive">
        {excluded.join(" · ")}. Webhooks travel without their signing secrets: an import makes new ones.
      </Alert>
      <Group>
        <Button leftSection={<IconDownload size={16} />} loading={download.isPending} onClick={() => download.mutate()}>
          Download configuration
        </Button>
      </Group>
    </Stack>
  );
}
